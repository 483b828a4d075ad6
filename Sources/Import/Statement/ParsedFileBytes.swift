import Ledger

/// A reader's `ParsedFile` as bytes, and back: what `ReadCache` keeps of a file between imports.
///
/// Every field is written out one by one, little-endian, texts with their byte counts; nothing is
/// a copy of a value's memory, so a file of another build or a damaged file is refused, never
/// misread. Reading checks what the import relies on: every row's texts lie within the texts and
/// are UTF-8 (`RecordTable` holds valid UTF-8 only), every currency index names a currency, every
/// date is a calendar date, every split belongs to a row that has splits. A record's texts are
/// written in row order, one row after another, whatever their order in the table.
enum ParsedFileBytes {
    /// The bytes of `parsed`; nil when a field does not fit the layout (a line past 2^32).
    static func encode(_ parsed: ParsedFile) -> [UInt8]? {
        var out = Output()
        out.text(parsed.format.rawValue)
        out.optionalText(parsed.profile)
        out.optionalText(parsed.inferredProfile)
        out.count(parsed.skipped.count)
        for skipped in parsed.skipped {
            out.integer(Int64(skipped.line))
            out.text(skipped.reason)
        }
        out.count(parsed.warnings.count)
        for warning in parsed.warnings { out.diagnostic(warning) }
        out.count(parsed.statements.count)
        for statement in parsed.statements {
            let hint = statement.accountHint
            for text in [
                hint.institution, hint.accountNumber, hint.name, hint.kind?.rawValue, hint.bankID, hint.accountType,
            ] {
                out.optionalText(text)
            }
            out.flag(statement.currency != nil)
            if let currency = statement.currency { out.currency(currency) }
            out.count(statement.statedBalances.count)
            for balance in statement.statedBalances {
                out.text(balance.kind.rawValue)
                out.date(balance.date)
                out.money(balance.amount)
                out.integer(Int64(balance.line))
            }
            out.flag(statement.coverage != nil)
            if let coverage = statement.coverage {
                out.date(coverage.lowerBound)
                out.date(coverage.upperBound)
            }
            out.flag(statement.positionsValue != nil)
            if let value = statement.positionsValue { out.money(value) }
            out.flag(statement.positionsDate != nil)
            if let date = statement.positionsDate { out.date(date) }
            guard out.table(statement.records) else { return nil }
        }
        return out.bytes
    }

    /// The file `bytes` hold; nil when they are not exactly one file in this layout.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> ParsedFile? {
        var input = Input(bytes: bytes)
        guard let format = input.text().flatMap(FileFormat.init(rawValue:)),
            let profile = input.optionalText(), let inferred = input.optionalText()
        else { return nil }
        var skipped: [SkippedRecord] = []
        guard let skippedCount = input.count() else { return nil }
        for _ in 0..<skippedCount {
            guard let line = input.integer(), let reason = input.text() else { return nil }
            skipped.append(SkippedRecord(line: Int(line), reason: reason))
        }
        var warnings: [ImportDiagnostic] = []
        guard let warningCount = input.count() else { return nil }
        for _ in 0..<warningCount {
            guard let warning = input.diagnostic() else { return nil }
            warnings.append(warning)
        }
        var statements: [ParsedStatement] = []
        guard let statementCount = input.count() else { return nil }
        for _ in 0..<statementCount {
            var hintTexts: [String?] = []
            for _ in 0..<6 {
                guard let text = input.optionalText() else { return nil }
                hintTexts.append(text)
            }
            var kind: AccountKind?
            if let raw = hintTexts[3] {
                guard let known = AccountKind(rawValue: raw) else { return nil }
                kind = known
            }
            let hint = AccountHint(
                institution: hintTexts[0], accountNumber: hintTexts[1], name: hintTexts[2], kind: kind,
                bankID: hintTexts[4], accountType: hintTexts[5])
            guard let hasCurrency = input.flag() else { return nil }
            var currency: Currency?
            if hasCurrency {
                guard let known = input.currency() else { return nil }
                currency = known
            }
            guard let balanceCount = input.count() else { return nil }
            var balances: [StatedBalance] = []
            for _ in 0..<balanceCount {
                guard let kind = input.text().flatMap(StatedBalance.Kind.init(rawValue:)), let date = input.date(),
                    let amount = input.money(), let line = input.integer()
                else { return nil }
                balances.append(StatedBalance(kind: kind, date: date, amount: amount, line: Int(line)))
            }
            guard let hasCoverage = input.flag() else { return nil }
            var coverage: ClosedRange<CivilDate>?
            if hasCoverage {
                guard let from = input.date(), let to = input.date(), from <= to else { return nil }
                coverage = from...to
            }
            guard let hasValue = input.flag() else { return nil }
            var positionsValue: Money?
            if hasValue {
                guard let value = input.money() else { return nil }
                positionsValue = value
            }
            guard let hasDate = input.flag() else { return nil }
            var positionsDate: CivilDate?
            if hasDate {
                guard let date = input.date() else { return nil }
                positionsDate = date
            }
            guard let records = input.table() else { return nil }
            var statement = ParsedStatement(
                accountHint: hint, currency: currency, records: records, statedBalances: balances, coverage: coverage,
                positionsValue: positionsValue)
            statement.positionsDate = positionsDate
            statements.append(statement)
        }
        guard input.isAtEnd else { return nil }
        var parsed = ParsedFile(
            format: format, profile: profile, statements: statements, skipped: skipped, warnings: warnings)
        parsed.inferredProfile = inferred
        return parsed
    }

    /// The bytes of one row of a record table: line, date, amount, balance, the six text lengths,
    /// the two currency indices and a byte of flags (pending, has a balance, has splits).
    static let rowSize = 4 + 4 + 8 + 8 + 6 * 4 + 2 + 2 + 1
}
