import Ledger

/// Reads Quicken Interchange Format files (`.qif`): bank, cash, card, other asset/liability and
/// investment transactions, with their splits, for one or several accounts.
///
/// Each account in the file (an `!Account` block, or the implicit account of entries written before
/// any) becomes one `ParsedStatement`. Every `^`-terminated entry becomes a record or a skipped
/// record with its reason: list entries (`!Type:Cat`, `!Type:Security`...) are not transactions,
/// investment entries count only where they move cash, and Quicken's `Opening Balance` entry is a
/// stated balance rather than income. The cleared flag (`C`) is the user's reconciliation mark, not
/// the bank's pending state, so every record is posted. The day/month order of dates is decided once
/// for the whole file, from dates that can be read only one way; a file that never says is an error
/// unless the account's `date_order` in `closebook.toml` settles it.
public struct QIFReader: StatementReader {
    public static let format = FileFormat.qif

    public init() {}

    /// True when the first line that is not blank or a `#` comment is a QIF header (`!Type:`,
    /// `!Account`, `!Option:` or `!Clear:`).
    public static func recognizes(_ bytes: [UInt8]) -> Bool {
        let text = QIFTextDecoding.decode(Array(bytes.prefix(4096))).text
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
            defer { start = end + 1 }
            var lower = start
            while lower < end, text[lower] == 0x20 || text[lower] == 0x09 { lower += 1 }
            guard lower < end else { continue }
            if text[lower] == UInt8(ascii: "#") { continue }
            guard text[lower] == UInt8(ascii: "!") else { return false }
            let header = QIFSection.folded(String(decoding: text[(lower + 1)..<end], as: UTF8.self))
            return header.hasPrefix("type:") || header == "account" || header.hasPrefix("option:")
                || header.hasPrefix("clear:")
        }
        return false
    }

    public func read(_ bytes: [UInt8], path: String, context: ReadContext) throws(ImportDiagnostic) -> ParsedFile {
        let (text, encoding) = QIFTextDecoding.decode(bytes)
        var warnings: [ImportDiagnostic] = []
        if encoding == .windows1252 {
            warnings.append(
                ImportDiagnostic(
                    severity: .warning, path: path, line: 1,
                    message: "the file is not UTF-8 text; it was read as Windows-1252"))
        }
        let document = QIFDocument(text: text)
        let order = try QIFReader.dateOrder(of: document, configured: context.account?.dateOrder, path: path)
        var decimalMark = QIFDecimalMark()
        for entry in document.entries where entry.section?.holdsTransactions == true {
            for field in entry.fields where QIFReader.amountCodes.contains(field.code) {
                decimalMark.observe(text[field.value])
            }
        }
        let conversion = QIFRecordConversion(
            document: document, order: order, style: decimalMark.style,
            currency: context.account?.currency ?? context.defaultCurrency, path: path)

        var statements: [ParsedStatement] = []
        var statementByAccount: [Int?: Int] = [:]
        var skipped: [SkippedRecord] = []
        for entry in document.entries {
            guard let section = entry.section else {
                skipped.append(
                    SkippedRecord(
                        line: entry.line, reason: "entry before any !Type header, so its kind is unknown"))
                continue
            }
            guard section.holdsTransactions else {
                skipped.append(SkippedRecord(line: entry.line, reason: section.notATransactionReason))
                continue
            }
            let index: Int
            if let existing = statementByAccount[entry.account] {
                index = existing
            } else {
                index = statements.count
                statementByAccount[entry.account] = index
                statements.append(
                    ParsedStatement(
                        accountHint: hint(for: entry.account, section: section, document: document),
                        currency: context.account?.currency))
            }
            switch conversion.convert(entry, section: section, warnings: &warnings) {
            case .record(let record): statements[index].records.append(record)
            case .skipped(let reason): skipped.append(SkippedRecord(line: entry.line, reason: reason))
            case .openingBalance(let balance, let reason):
                statements[index].statedBalances.append(balance)
                skipped.append(SkippedRecord(line: entry.line, reason: reason))
            }
        }
        for (account, index) in statementByAccount {
            guard let account else { continue }
            let definition = document.accounts[account]
            if let typeName = definition.typeName, QIFSection.accountKind(typeName: typeName) == nil {
                warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: path, line: definition.line,
                        message:
                            "account '\(definition.name ?? "")' has type '\(typeName)', which is not a QIF account type (Bank, Cash, CCard, Invst, Oth A, Oth L); set its type in closebook.toml"
                    ))
            }
            if let balance = conversion.statedBalance(of: definition, warnings: &warnings) {
                statements[index].statedBalances.append(balance)
            }
        }
        warnings.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        return ParsedFile(format: .qif, statements: statements, skipped: skipped, warnings: warnings)
    }

    /// Field codes whose values are amounts in transaction entries.
    static let amountCodes: Set<UInt8> = [UInt8(ascii: "T"), UInt8(ascii: "U"), UInt8(ascii: "$")]

    /// What the file says about an account: its `!Account` name and type, or, for entries before any
    /// account definition, the kind of their section.
    private func hint(for account: Int?, section: QIFSection, document: QIFDocument) -> AccountHint {
        guard let account else { return AccountHint(kind: section.accountKind) }
        let definition = document.accounts[account]
        let kind = definition.typeName.map { QIFSection.accountKind(typeName: $0) } ?? section.accountKind
        return AccountHint(name: definition.name, kind: kind)
    }

    /// The day/month order for the whole file: the configured one, else the one its dates prove.
    static func dateOrder(
        of document: QIFDocument, configured: DateOrder?, path: String
    ) throws(ImportDiagnostic) -> DateOrder {
        if let configured { return configured }
        var dayFirst: (text: String, field: QIFDocument.Field)?
        var monthFirst: (text: String, field: QIFDocument.Field)?
        var ambiguous: (text: String, field: QIFDocument.Field)?
        for entry in document.entries where entry.section?.holdsTransactions == true {
            guard let field = entry.dateField, let date = QIFDate(document.text[field.value]) else { continue }
            switch date.evidence {
            case .dayMonthYear: if dayFirst == nil { dayFirst = (document.dateText(field), field) }
            case .monthDayYear: if monthFirst == nil { monthFirst = (document.dateText(field), field) }
            default: if ambiguous == nil, date.isAmbiguous { ambiguous = (document.dateText(field), field) }
            }
        }
        switch (dayFirst, monthFirst) {
        case (let day?, let month?):
            let first = day.field.line < month.field.line ? day.field : month.field
            throw ImportDiagnostic(
                path: path, line: first.line, column: first.column,
                message:
                    "dates in this file are written both day/month ('\(day.text)' on line \(day.field.line)) and month/day ('\(month.text)' on line \(month.field.line)); set date_order = \"dmy\" or \"mdy\" for this account in closebook.toml to choose one (dates that do not fit it are skipped)"
            )
        case (.some, nil): return .dayMonthYear
        case (nil, .some): return .monthDayYear
        case (nil, nil):
            if let ambiguous {
                throw ImportDiagnostic(
                    path: path, line: ambiguous.field.line, column: ambiguous.field.column,
                    message:
                        "dates in this file could be day/month or month/day (e.g. '\(ambiguous.text)' on line \(ambiguous.field.line)); set date_order = \"dmy\" or \"mdy\" for this account in closebook.toml"
                )
            }
            // Every date reads the same either way (`1/1/24`, or only year-first dates).
            return .monthDayYear
        }
    }
}

extension QIFDocument.Entry {
    /// The entry's own `D` line: the first one before any split (`S`), whose `D` lines are the split's.
    var dateField: QIFDocument.Field? {
        for field in fields {
            if field.code == UInt8(ascii: "S") { return nil }
            if field.code == UInt8(ascii: "D") { return field }
        }
        return nil
    }
}

extension QIFDocument {
    /// A date value as the user would quote it: without the padding before it.
    func dateText(_ field: Field) -> String {
        QIFDocument.trimmed(Substring(string(field.value)))
    }
}
