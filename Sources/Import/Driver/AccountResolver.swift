import Ledger

/// Decides which account each statement belongs to: a configured one, matched by the file's name
/// (the account's `inbox` globs) or by what the statement says (its number or name in the
/// account's `external_ids`), else an account derived from what the file says.
struct AccountResolver {
    /// How a derived account got its id, which decides what `closebook.toml` lines are suggested.
    enum Basis: Equatable {
        /// Institution and account number (OFX `ORG` + `ACCTID`), with the bank id and account
        /// type when the file gives them.
        case number(String, bankID: String?, accountType: String?)
        /// A QIF `!Account` name.
        case name(String)
        /// Nothing in the files names the account: the file names (the first gave the slug).
        case fileNames([String])
    }

    struct DerivedAccount {
        var id: AccountID
        var name: String
        var basis: Basis
        var format: FileFormat
    }

    let config: WorkspaceConfig
    private let globs: [(account: AccountConfig, globs: [InboxGlob])]
    /// Each configured account's `ofx_account_ids` and `external_ids`, read.
    private let externalIDs: [(account: AccountID, values: [ExternalAccountID])]
    /// Derived accounts by what identifies them (`derivedIdentity`), not by their slug: two
    /// numbers that share their last four digits share a slug, never an account.
    private var idByIdentity: [String: AccountID] = [:]
    private(set) var derived: [AccountID: DerivedAccount] = [:]

    init(config: WorkspaceConfig) {
        self.config = config
        self.globs = config.accounts.map { ($0, $0.inbox.map(InboxGlob.init)) }
        // The configuration loader has checked every value; one it could not read matches nothing.
        self.externalIDs = config.accounts.map { account in
            (account.id, account.externalIDs.compactMap { try? ExternalAccountID(parsing: $0) })
        }
    }

    /// The configured account whose `inbox` globs match a file name (the first in config order).
    func configuredAccount(forFile name: String) -> AccountConfig? {
        globs.first { $0.globs.contains { $0.matches(name) } }?.account
    }

    /// Every configured account with an `inbox` glob that matches a file name, and that glob.
    func configuredAccounts(forFile name: String) -> [(account: AccountConfig, glob: String)] {
        globs.compactMap { entry in
            entry.globs.firstIndex { $0.matches(name) }.map { (entry.account, entry.account.inbox[$0]) }
        }
    }

    /// The account a statement belongs to.
    mutating func account(
        for statement: ParsedStatement, fileName: String, format: FileFormat, fileAccount: AccountConfig?
    ) -> AccountID {
        let hint = statement.accountHint
        let keys = [hint.accountNumber, hint.name].compactMap { $0 }.filter { !$0.isEmpty }
        for key in keys {
            for (account, values) in externalIDs {
                guard
                    let value = values.first(where: {
                        $0.matches(number: key, bankID: hint.bankID, accountType: hint.accountType)
                    })
                else { continue }
                noteQualifiers(account: account, value: value, hint: hint)
                return account
            }
        }
        if let fileAccount { return fileAccount.id }
        let (slug, name, basis, identity) = AccountResolver.derivedIdentity(hint: hint, fileName: fileName)
        if let id = idByIdentity[identity] { return id }
        var id = AccountID(slug)
        var suffix = 2
        while config.account(id) != nil || derived[id] != nil {
            id = AccountID("\(slug)-\(suffix)")
            suffix += 1
        }
        idByIdentity[identity] = id
        derived[id] = DerivedAccount(id: id, name: name, basis: basis, format: format)
        return id
    }

    /// Per configured account and value that matched a statement: the first bank id and type seen.
    private var qualifiersSeen: [String: (bankID: String?, accountType: String?)] = [:]
    /// Values that matched statements of two banks or two account types (`noteQualifiers`),
    /// each with what the second statement said, for a warning at its file; taken by the caller.
    var ambiguousMatches: [(account: AccountID, value: String, bankID: String?, accountType: String?)] = []

    /// Notes the bank id and type of a statement an unqualified value matched: a second bank or
    /// type under the same value means two accounts share a number, and the value feeds both
    /// into one account, where their FITIDs can collide.
    private mutating func noteQualifiers(account: AccountID, value: ExternalAccountID, hint: AccountHint) {
        let key = account.rawValue + "\u{1F}" + value.text
        guard let seen = qualifiersSeen[key] else {
            qualifiersSeen[key] = (hint.bankID, hint.accountType)
            return
        }
        if seen.bankID != hint.bankID || seen.accountType != hint.accountType {
            ambiguousMatches.append((account, value.text, hint.bankID, hint.accountType))
        }
    }

    /// Folds the derived account `id`, just made for `fileName`, into the derived account
    /// `other`: the file is another export of it (see `ImportRun.sameLayoutAccount`).
    mutating func merge(_ id: AccountID, into other: AccountID, fileName: String) {
        derived[id] = nil
        for (identity, known) in idByIdentity where known == id { idByIdentity[identity] = other }
        if case .fileNames(let names) = derived[other]?.basis {
            derived[other]?.basis = .fileNames(names + [fileName])
        }
    }

    /// The slug, display name and basis of an account nothing in the configuration claims, and
    /// what identifies it: for a number, the whole number with the institution, bank id and
    /// account type (the slug shows only the last four digits).
    static func derivedIdentity(hint: AccountHint, fileName: String) -> (String, String, Basis, String) {
        if let number = hint.accountNumber, !compact(number).isEmpty {
            let last4 = String(compact(number).suffix(4))
            let institution = hint.institution.flatMap { $0.isEmpty ? nil : $0 }
            let slug = slugged((institution ?? "account") + " " + last4)
            let name = hint.name ?? "\(institution ?? "Account") \(last4)"
            let identity = [
                "number", compact(number), hint.bankID ?? "", hint.accountType ?? "", slugged(institution ?? ""),
            ].joined(separator: "\u{1F}")
            return (slug, name, .number(number, bankID: hint.bankID, accountType: hint.accountType), identity)
        }
        if let name = hint.name, !slugged(name).isEmpty {
            return (slugged(name), name, .name(name), "name\u{1F}" + slugged(name))
        }
        let stem = fileName.lastIndex(of: ".").map { String(fileName[..<$0]) } ?? fileName
        let slug = slugged(stem)
        let finalSlug = slug.isEmpty ? "account" : slug
        return (finalSlug, stem, .fileNames([fileName]), "file\u{1F}" + finalSlug)
    }

    /// Lower-case ASCII letters and digits, every other run of characters one `-`.
    static func slugged(_ text: String) -> String {
        var result: [UInt8] = []
        var pendingDash = false
        for byte in text.utf8 {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) {
                if pendingDash && !result.isEmpty { result.append(UInt8(ascii: "-")) }
                pendingDash = false
                result.append(lower)
            } else {
                pendingDash = true
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// An account number without spaces and dashes, for comparing `1234 5678` with `1234-5678`.
    static func compact(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace && $0 != "-" })
    }

    /// A glob that matches this file and its siblings from later exports: runs of digits that stand
    /// alone (`2026-11`, `_20240115`) become `*`; digits inside words (`utf8`) stay.
    static func suggestedGlob(for fileName: String) -> String {
        let characters = Array(fileName)
        var result = ""
        var index = 0
        while index < characters.count {
            guard characters[index].isASCII && characters[index].isNumber else {
                result.append(characters[index])
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end].isASCII && characters[end].isNumber { end += 1 }
            let before = index > 0 ? characters[index - 1] : nil
            let after = end < characters.count ? characters[end] : nil
            if before?.isLetter == true || after?.isLetter == true {
                result += String(characters[index..<end])
            } else {
                result.append("*")
            }
            index = end
        }
        // `statement-*-*.csv` (a date) reads better as `statement-*.csv`.
        for separator in ["-", "_", ".", " "] {
            while result.contains("*\(separator)*") {
                result = result.replacingOccurrences(of: "*\(separator)*", with: "*")
            }
        }
        return result
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
