import Ledger

/// The state of one import while the driver's steps run: files read, accounts assigned, entries made.
struct ImportRun {
    /// One inbox file and what became of it.
    struct FileState {
        var file: InboxFile
        var format: FileFormat?
        /// What the reader returned. Once entries are made, its statements' records live on in
        /// `ImportRun.records` only (see `makeEntries`).
        var parsed: ParsedFile?
        /// Every record the reader saw: parsed (posted and pending) plus skipped.
        var recordCount = 0
        /// Per statement, the balances it states (`BalanceReconciler.statedBalances`).
        var stated: [[BalanceReconciler.Stated]] = []
        /// The account each statement (by index) was mapped to.
        var accounts: [AccountID] = []
        /// The reader's skipped records plus those the driver could not place.
        var skipped: [SkippedRecord] = []
        var warnings: [ImportDiagnostic] = []
        var errors: [ImportDiagnostic] = []
        /// For a CSV file no profile reads and no account takes: the `[[accounts]]` entry to paste.
        var suggestion: String?
        /// The earlier file (by index) with the very same bytes: this one is not read again.
        var copyOf: Int?
        var failed: Bool { parsed == nil }
    }

    /// What the files say about an account, gathered in file order (the first statement wins).
    struct AccountFacts {
        var institution: String?
        var number: String?
        var kind: AccountKind?
        var currency: Currency?
        var files: [String] = []
    }

    let config: WorkspaceConfig
    /// The day the import runs, against which dates are judged (`DatePlausibility`); nil for none.
    var today: CivilDate?
    var files: [FileState]
    var resolver: AccountResolver
    var facts: [AccountID: AccountFacts] = [:]
    var entries: [ImportEntry] = []
    /// The records of every statement entries were made from (`ImportEntry.list` indexes it):
    /// the readers' arrays, taken over, not copied.
    var records: [RecordTable] = []
    /// The accounts entries were made for (`ImportEntry.account` indexes it), in first-seen order.
    var accounts: [AccountID] = []
    var accountIndex: [AccountID: Int] = [:]
    /// The entries' ids, spelled out on demand.
    var ids = EntryIDs()
    /// True while every id is ASCII. Swift compares strings by canonical equivalence, so two
    /// ids could be equal with different bytes (`K` and the Kelvin sign); for ASCII text equal
    /// means byte for byte equal, and `ImportEntry.idHash` then finds equal ids.
    var idsAreASCII = true
    /// While the journal is made in chunks: the file of each chunk transaction's `source`.
    var transactionFiles: [Int32] = []
    /// Per file, the days it covers for each account it feeds.
    var windows: [[AccountID: ClosedRange<CivilDate>]] = []
    /// CSV files no configuration claims that were read as an earlier file's account
    /// (`sameLayoutAccount`), for the warning that says so.
    var layoutMerges: [(file: Int, account: AccountID, other: String, layout: String, rows: Int)] = []
    /// Statements of two accounts that agree transaction for transaction (`findDuplicateAccounts`).
    var duplicateAccounts: [ImportReport.DuplicateAccount] = []

    /// Takes the files (any order; they are processed in file-name order). Each file's bytes are
    /// released once it is read, so pass them over rather than keeping a copy.
    init(config: WorkspaceConfig, files: consuming [InboxFile], today: CivilDate? = nil) {
        self.config = config
        self.today = today
        self.files = files.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }.map { FileState(file: $0) }
        self.resolver = AccountResolver(config: config)
    }

    /// The currency to assume for a file whose format does not say.
    func defaultCurrency(for account: AccountConfig?) -> Currency {
        account?.currency ?? config.baseCurrency ?? .eur
    }

    /// The base currency, then each account's, once each.
    var workspaceCurrencies: [Currency] {
        var seen: Set<Currency> = []
        return ([config.baseCurrency] + config.accounts.map(\.currency)).compactMap { $0 }.filter {
            seen.insert($0).inserted
        }
    }

    /// Sniffs and reads every file; a file no reader recognises, or one its reader rejects, fails alone.
    mutating func read(with readers: [any StatementReader]) {
        var assumedCurrencyFor: Set<String> = []
        markCopies()
        for index in files.indices {
            let file = files[index].file
            // The parsed records hold what the journal needs; the bytes are not read again.
            defer { files[index].file.bytes = [] }
            if let failure = file.readFailure {
                files[index].errors.append(ImportDiagnostic(path: file.path, line: 1, message: failure))
                continue
            }
            let claims = resolver.configuredAccounts(forFile: file.name)
            if claims.count > 1 {
                // Fed to the first account only, the file would be missing from the others, or
                // counted in the wrong one: which is meant is for the user to say.
                let named = claims.map { "'\($0.account.id)' (closebook.toml:\($0.account.inboxLine) '\($0.glob)')" }
                files[index].errors.append(
                    ImportDiagnostic(
                        path: file.path, line: 1,
                        message:
                            "the inbox globs of two accounts match this file, \(named[0]) and \(named[1]); make one narrower so that each file feeds one account"
                    ))
                continue
            }
            if let original = files[index].copyOf {
                // The same export saved twice would be a second account, or every record a duplicate.
                // (Its format is the original's, known once that is read: see the end of `read`.)
                let path = files[original].file.path
                files[index].parsed = ParsedFile(format: .csv, statements: [])
                files[index].warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: file.path, line: 1,
                        message:
                            "this file has the same bytes as \(path); it is imported once, from \(path) (remove one of the two copies)"
                    ))
                continue
            }
            if file.bytes.isEmpty {
                files[index].errors.append(ImportDiagnostic(path: file.path, line: 1, message: "the file is empty"))
                continue
            }
            var nulLines: [Int] = []
            switch NULLines.blank(&files[index].file.bytes) {
            case .clean: break
            case .blanked(let lines): nulLines = lines
            case .binary(let lines, let total):
                files[index].errors.append(
                    ImportDiagnostic(
                        path: file.path, line: 1,
                        message:
                            "not a bank export Closebook can read (expected CSV, OFX, QFX or QIF): NUL bytes on \(lines) of its \(total) lines show a binary file"
                    ))
                continue
            }
            let bytes = files[index].file.bytes
            guard let reader = readers.first(where: { type(of: $0).recognizes(bytes) }) else {
                files[index].errors.append(
                    ImportDiagnostic(
                        path: file.path, line: 1,
                        message: "not a bank export Closebook can read (expected CSV, OFX, QFX or QIF)"))
                continue
            }
            files[index].format = type(of: reader).format
            let account = resolver.configuredAccount(forFile: file.name)
            let context = ReadContext(
                defaultCurrency: defaultCurrency(for: account), account: account, baseCurrency: config.baseCurrency,
                workspaceCurrencies: workspaceCurrencies)
            do {
                var parsed = try reader.read(bytes, path: file.path, context: context)
                let periodWarnings = checkPeriods(
                    &parsed, path: file.path, plausibility: DatePlausibility(days: [], today: today))
                DateOutliers.skip(in: &parsed)
                files[index].parsed = parsed
                files[index].recordCount = parsed.recordCount
                files[index].format = parsed.format
                files[index].skipped = parsed.skipped
                files[index].warnings += periodWarnings
                accountForNULLines(nulLines, file: index, format: parsed.format)
                if parsed.format == .qif, account?.currency == nil, config.baseCurrency == nil, parsed.recordCount > 0,
                    assumedCurrencyFor.insert(account?.id.rawValue ?? file.path).inserted
                {
                    // QIF has no currency field; never take one silently.
                    let currency = context.defaultCurrency.code
                    let where_ = account.map { "its [[accounts]] entry ('\($0.id)')" } ?? "an [[accounts]] entry for it"
                    files[index].warnings.append(
                        ImportDiagnostic(
                            severity: .warning, path: file.path, line: 1,
                            message:
                                "QIF files carry no currency, so its amounts are taken to be \(currency); if they are "
                                + "not, set currency = \"...\" on \(where_), or base_currency in closebook.toml"))
                }
                for diagnostic in parsed.warnings {
                    if diagnostic.severity == .error {
                        files[index].errors.append(diagnostic)
                    } else {
                        files[index].warnings.append(diagnostic)
                    }
                }
            } catch {
                files[index].errors.append(error)
                if account == nil, error.message.hasPrefix("no CSV profile matches this file") {
                    files[index].suggestion = ImportRun.accountEntry(
                        forRejected: file.name, currency: context.defaultCurrency)
                }
            }
        }
        for index in files.indices {
            guard let original = files[index].copyOf else { continue }
            let format = files[original].format
            files[index].format = format
            files[index].parsed?.format = format ?? .csv
        }
    }

    /// The `[[accounts]]` entry for a CSV file that could not be read and that no account takes: its
    /// id and name from the file name, a glob for its later exports, and the `profile` line to fill
    /// in once a profile for its layout is saved under `importers/`.
    static func accountEntry(forRejected fileName: String, currency: Currency) -> String {
        let stem = fileName.lastIndex(of: ".").map { String(fileName[..<$0]) } ?? fileName
        let slug = AccountResolver.slugged(stem)
        return [
            "[[accounts]]", "id = \(TOMLBasicString.quoted(slug.isEmpty ? "account" : slug))",
            "name = \(TOMLBasicString.quoted(stem))",
            "type = \"checking\"", "currency = \(TOMLBasicString.quoted(currency.code))",
            "inbox = [\(TOMLBasicString.quoted(AccountResolver.suggestedGlob(for: fileName)))]",
            "profile = \"NAME\"  # the id of a profile in importers/ that reads this layout",
        ].joined(separator: "\n") + "\n"
    }

    /// Accounts for the lines `NULLines` removed: in a CSV file each was a record, skipped; in
    /// the others a record spans lines, and the reader has already skipped one that lost what it needs.
    mutating func accountForNULLines(_ lines: [Int], file index: Int, format: FileFormat) {
        guard !lines.isEmpty else { return }
        for line in lines {
            if format == .csv {
                files[index].skipped.append(
                    SkippedRecord(
                        line: line, reason: "the line holds a NUL byte (binary data, not text); it is skipped"))
                files[index].recordCount += 1
            } else {
                files[index].warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: files[index].file.path, line: line,
                        message:
                            "the line holds a NUL byte (binary data, not text) and was left out; a record it belonged to is skipped if it needs the line"
                    ))
            }
        }
        if format == .csv { files[index].skipped.sort { $0.line < $1.line } }
    }

    /// Warnings for `inbox` globs of `closebook.toml` that match no file: the account then
    /// silently has no transactions (a typo, or exports saved under a new name).
    func unmatchedGlobs() -> [ImportDiagnostic] {
        var warnings: [ImportDiagnostic] = []
        for account in config.accounts {
            for pattern in account.inbox {
                let glob = InboxGlob(pattern)
                guard !files.contains(where: { glob.matches($0.file.name) }) else { continue }
                warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: "closebook.toml", line: account.inboxLine,
                        message:
                            "the inbox glob '\(pattern)' of account '\(account.id)' matches no file in inbox/, so no file feeds the account through it"
                    ))
            }
        }
        return warnings
    }

    /// Notes each file whose bytes are those of another file. Only files of equal size are
    /// compared, so an inbox without copies costs one look at each size.
    ///
    /// Of the copies, the one an account's inbox glob claims is read: a copy saved under another
    /// name (`inbox/Statement.csv`) sorts first more often than not, and read in place of the
    /// claimed file it made a second, derived account while the real one stopped on its last
    /// other statement. Where no copy or several are claimed, the first by name is read.
    mutating func markCopies() {
        var bySize: [Int: [[Int]]] = [:]
        for index in files.indices where files[index].file.readFailure == nil && !files[index].file.bytes.isEmpty {
            let size = files[index].file.bytes.count
            if let group = bySize[size]?.firstIndex(where: { files[$0[0]].file.bytes == files[index].file.bytes }) {
                bySize[size]?[group].append(index)
            } else {
                bySize[size, default: []].append([index])
            }
        }
        for group in bySize.values.joined() where group.count > 1 {
            let claimed = group.filter { !resolver.configuredAccounts(forFile: files[$0].file.name).isEmpty }
            let kept = claimed.count == 1 ? claimed[0] : group[0]
            for index in group where index != kept { files[index].copyOf = kept }
        }
    }

    /// Maps every statement to an account and gathers what the files say about each account.
    mutating func assignAccounts() {
        windows = Array(repeating: [:], count: files.count)
        for index in files.indices {
            guard let parsed = files[index].parsed else { continue }
            let file = files[index].file
            let fileAccount = resolver.configuredAccount(forFile: file.name)
            for statement in parsed.statements {
                let derivedBefore = resolver.derived.count
                var account = resolver.account(
                    for: statement, fileName: file.name, format: parsed.format, fileAccount: fileAccount)
                if resolver.derived.count > derivedBefore, case .fileNames = resolver.derived[account]?.basis,
                    let match = sameLayoutAccount(statement, file: index)
                {
                    resolver.merge(account, into: match.account, fileName: file.name)
                    layoutMerges.append(
                        (
                            index, match.account, files[match.file].file.path, "profile '\(parsed.profile ?? "")'",
                            match.rows
                        ))
                    account = match.account
                }
                files[index].accounts.append(account)
                for ambiguous in resolver.ambiguousMatches {
                    let said = [
                        ambiguous.bankID.map { "BANKID \($0)" }, ambiguous.accountType.map { "ACCTTYPE \($0)" },
                    ]
                    .compactMap { $0 }.joined(separator: ", ")
                    files[index].warnings.append(
                        ImportDiagnostic(
                            severity: .warning, path: file.path, line: 1,
                            message:
                                "a statement with \(said.isEmpty ? "no BANKID" : said) is read into account '\(ambiguous.account)' through ofx_account_ids '\(ambiguous.value)', which also took a statement of another bank or account type; if these are two accounts, qualify the values (';bank=BANKID;type=ACCTTYPE') so their transactions are not merged"
                        ))
                }
                resolver.ambiguousMatches.removeAll()
                var known = facts[account, default: AccountFacts()]
                let hint = statement.accountHint
                if known.institution == nil, let value = hint.institution, !value.isEmpty { known.institution = value }
                if known.number == nil, let value = hint.accountNumber, !value.isEmpty { known.number = value }
                if known.kind == nil { known.kind = hint.kind }
                if known.currency == nil {
                    known.currency =
                        statement.currency ?? (statement.records.isEmpty ? nil : statement.records.currency(at: 0))
                }
                if !known.files.contains(file.path) { known.files.append(file.path) }
                facts[account] = known
                if let span = ImportRun.span(of: statement) {
                    let current = windows[index][account]
                    windows[index][account] =
                        current.map { min($0.lowerBound, span.lowerBound)...max($0.upperBound, span.upperBound) }
                        ?? span
                }
            }
        }
    }

    /// For a CSV statement that nothing configured claims and nothing in it names: the derived
    /// account of an earlier CSV file read with the same profile whose transactions agree with
    /// this statement's row for row (date, amount, payee) on every day both cover, at least one.
    ///
    /// Without a `closebook.toml`, two overlapping exports of one account (`export.csv`,
    /// `export (2).csv`) would otherwise be two accounts, and the overlap counted twice.
    func sameLayoutAccount(_ statement: ParsedStatement, file: Int) -> (account: AccountID, file: Int, rows: Int)? {
        guard let parsed = files[file].parsed, parsed.format == .csv, let profile = parsed.profile,
            let span = ImportRun.span(of: statement)
        else { return nil }
        for earlier in 0..<file {
            guard let other = files[earlier].parsed, other.format == .csv, other.profile == profile else { continue }
            for (position, candidate) in other.statements.enumerated() {
                let account = files[earlier].accounts[position]
                guard case .fileNames = resolver.derived[account]?.basis, let otherSpan = ImportRun.span(of: candidate)
                else { continue }
                let lower = max(span.lowerBound, otherSpan.lowerBound)
                let upper = min(span.upperBound, otherSpan.upperBound)
                guard lower <= upper else { continue }
                let mine = ImportRun.rows(of: statement.records, from: lower, to: upper)
                if !mine.isEmpty && mine == ImportRun.rows(of: candidate.records, from: lower, to: upper) {
                    return (account, earlier, mine.count)
                }
            }
        }
        return nil
    }

    /// The records of `table` from `lower` to `upper` as (day, amount, payee without case and
    /// extra white space), sorted.
    static func rows(of table: RecordTable, from lower: CivilDate, to upper: CivilDate) -> [RowKey] {
        var result: [RowKey] = []
        for index in table.indices where table.date(at: index) >= lower && table.date(at: index) <= upper {
            let payee = table[index].payee.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
            result.append(
                RowKey(day: table.date(at: index).dayNumber, minorUnits: table.minorUnits(at: index), payee: payee))
        }
        result.sort { ($0.day, $0.minorUnits, $0.payee) < ($1.day, $1.minorUnits, $1.payee) }
        return result
    }

    struct RowKey: Equatable {
        var day: Int
        var minorUnits: Int64
        var payee: String
    }

    /// The days a statement covers: what it states, else its first to last record date.
    static func span(of statement: ParsedStatement) -> ClosedRange<CivilDate>? {
        if let coverage = statement.coverage { return coverage }
        let records = statement.records
        guard !records.isEmpty else { return nil }
        var lower = records.date(at: 0)
        var upper = lower
        for index in records.indices {
            let date = records.date(at: index)
            if date < lower { lower = date }
            if date > upper { upper = date }
        }
        return lower...upper
    }

    /// The currency of an account: configured, else what its first statement says, else the base.
    func currency(of account: AccountID) -> Currency {
        config.account(account)?.currency ?? facts[account]?.currency ?? config.baseCurrency ?? .eur
    }

    /// The record an entry was made from.
    func record(of entry: ImportEntry) -> ParsedRecord { records[Int(entry.list)][Int(entry.record)] }

    /// The line of an entry's record in its file.
    func line(of entry: ImportEntry) -> Int { records[Int(entry.list)].line(at: Int(entry.record)) }

    /// The index of `account` in `accounts`, adding it when new.
    mutating func index(of account: AccountID) -> Int {
        if let known = accountIndex[account] { return known }
        accountIndex[account] = accounts.count
        accounts.append(account)
        return accounts.count - 1
    }
}
