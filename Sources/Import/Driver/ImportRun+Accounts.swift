import Ledger

extension ImportRun {
    /// Notes each file whose bytes are those of another file. Only files of equal size are
    /// compared, so an inbox without copies costs one look at each size.
    ///
    /// Of the copies, the one an account's inbox glob claims is read: a copy saved under another
    /// name (`inbox/Statement.csv`) sorts first more often than not, and read in place of the
    /// claimed file it made a second, derived account while the real one stopped on its last
    /// other statement. Where no copy or several are claimed, the first by name is read.
    mutating func markCopies() {
        var bySize: [Int: [[Int]]] = [:]
        for index in files.indices where files[index].file.readFailure == nil && files[index].file.byteCount > 0 {
            let size = files[index].file.byteCount
            if let groups = bySize[size] {
                // Compared byte for byte: a file left unread (`InboxFile.knownDigest`) is read now.
                for group in groups { _ = files[group[0]].file.loadBytes() }
                guard files[index].file.loadBytes() else { continue }
            }
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
}
