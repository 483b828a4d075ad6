import Ledger

/// How a QIF file writes its dates and amounts, decided from the whole file before any entry is
/// converted: the day/month order its dates prove, and its decimal mark.
///
/// Gathering stops as soon as nothing later can change the answer (a decimal point seen, and the
/// date order configured or already contradicted), so a large file with a configured date order
/// is usually decided by its first entry.
struct QIFFileConventions {
    typealias Field = QIFEntryScanner.Field

    private(set) var decimalMark = QIFDecimalMark()
    /// The first date that can only be day/month, the first that can only be month/day, and the
    /// first that reads both ways (each with its text as written).
    private(set) var dayFirst: (text: String, field: Field)?
    private(set) var monthFirst: (text: String, field: Field)?
    private(set) var ambiguous: (text: String, field: Field)?

    /// Field codes whose values are amounts in transaction entries.
    static let amountCodes: Set<UInt8> = [UInt8(ascii: "T"), UInt8(ascii: "U"), UInt8(ascii: "$")]

    /// Reads every transaction entry of `text`; `needsDateOrder` false when the configuration settles it.
    init(_ text: UnsafeBufferPointer<UInt8>, needsDateOrder: Bool) {
        var scanner = QIFEntryScanner()
        var fields: [Field] = []
        fields.reserveCapacity(16)
        while let entry = scanner.next(in: text, fields: &fields) {
            guard entry.section?.holdsTransactions == true else { continue }
            if !decimalMark.isSettled {
                for field in fields where QIFFileConventions.amountCodes.contains(field.code) {
                    decimalMark.observe(UnsafeBufferPointer(rebasing: text[field.value]))
                }
            }
            if needsDateOrder { observeDate(fields, in: text) }
            if decimalMark.isSettled && (!needsDateOrder || (dayFirst != nil && monthFirst != nil)) { break }
        }
    }

    private mutating func observeDate(_ fields: [Field], in text: UnsafeBufferPointer<UInt8>) {
        guard let field = QIFFileConventions.dateField(fields),
            let date = QIFDate(UnsafeBufferPointer(rebasing: text[field.value]))
        else { return }
        switch date.evidence {
        case .dayMonthYear:
            if dayFirst == nil { dayFirst = (QIFEntryScanner.dateText(field, in: text), field) }
        case .monthDayYear:
            if monthFirst == nil { monthFirst = (QIFEntryScanner.dateText(field, in: text), field) }
        default:
            if ambiguous == nil, date.isAmbiguous { ambiguous = (QIFEntryScanner.dateText(field, in: text), field) }
        }
    }

    /// The entry's own `D` line: the first one before any split (`S`), whose `D` lines are the split's.
    static func dateField(_ fields: [Field]) -> Field? {
        for field in fields {
            if field.code == UInt8(ascii: "S") { return nil }
            if field.code == UInt8(ascii: "D") { return field }
        }
        return nil
    }

    /// The day/month order for the whole file: the configured one, else the one its dates prove.
    /// A refusal offers the `[[accounts]]` entry for the account (`accountID`) or the file.
    func dateOrder(
        configured: DateOrder?, path: String, accountID: String? = nil
    ) throws(ImportDiagnostic)
        -> DateOrder
    {
        if let configured { return configured }
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
                var offer = ""
                var bytes = Array(ambiguous.text.utf8)
                let date = bytes.withUnsafeMutableBufferPointer { QIFDate(UnsafeBufferPointer($0)) }
                if let day = date?.civilDate(order: .dayMonthYear), let month = date?.civilDate(order: .monthDayYear) {
                    let name = String(path.split(separator: "/").last ?? Substring(path))
                    offer = AccountDecision.dateOrder(
                        example: ambiguous.text, dayFirst: day.isoString, monthFirst: month.isoString
                    ).offer(fileName: name, accountID: accountID)
                }
                throw ImportDiagnostic(
                    path: path, line: ambiguous.field.line, column: ambiguous.field.column,
                    message:
                        "dates in this file could be day/month or month/day (e.g. '\(ambiguous.text)' on line \(ambiguous.field.line)); set date_order = \"dmy\" or \"mdy\" for this account in closebook.toml.\(offer)"
                )
            }
            // Every date reads the same either way (`1/1/24`, or only year-first dates).
            return .monthDayYear
        }
    }
}
