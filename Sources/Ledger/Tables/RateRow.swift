/// One line of `rates.csv`, checked: a date, a currency code and a positive decimal rate.
///
/// Why one reader: the analysis (`RateTable`, which converts amounts) and the export (its market
/// prices, which repeat the rate as written) read the same file, and gave the same messages from
/// two copies of the same checks. The ECB's `eurofxref-hist.csv`, saved as `rates.csv` exactly as
/// downloaded, is read as its cross rates into the base currency (`ECBReferenceRates`).
public struct RateRow: Sendable, Equatable {
    public var date: CivilDate
    public var currency: Currency
    public var rate: ExchangeRate
    /// The rate as the file writes it, for a reader that repeats it digit for digit.
    public var text: String
    public var line: Int
    /// The column of the currency code, for messages about it.
    public var currencyColumn: Int

    /// The rows of `text` (a `rates.csv`; `path` in messages) in file order, and whether it was
    /// the ECB's file. Throws at the first row that is not a date, a currency and a rate, or that
    /// gives a second rate for a currency and day: which of the two holds would otherwise depend
    /// on the reader (the analysis converts with one, the export's journal lists both prices and
    /// hledger takes the later).
    public static func read(
        _ text: String, path: String, base: Currency
    ) throws(WorkspaceTableError) -> (rows: [RateRow], isReferenceFile: Bool) {
        let isReferenceFile = ECBReferenceRates.recognizes(text)
        let long = isReferenceFile ? try ECBReferenceRates.longForm(text, base: base.code, path: path) : text
        let table = try SimpleCSV(text: long, path: path, header: ["date", "currency", "rate"])
        var rows: [RateRow] = []
        rows.reserveCapacity(table.rows.count)
        var seen: [String: Int] = [:]
        for row in table.rows {
            guard let date = CivilDate(iso: row.cells[0]) else {
                throw WorkspaceTableError(
                    path: path, line: row.line, column: row.columns[0],
                    message: "'\(row.cells[0])' is not a date in YYYY-MM-DD form")
            }
            guard let currency = Currency(code: row.cells[1]) else {
                throw WorkspaceTableError(
                    path: path, line: row.line, column: row.columns[1],
                    message: "'\(row.cells[1])' is not a three-letter ISO 4217 currency code")
            }
            guard let rate = ExchangeRate(row.cells[2]) else {
                throw WorkspaceTableError(
                    path: path, line: row.line, column: row.columns[2],
                    message: "rate '\(row.cells[2])' must be a positive decimal with at most "
                        + "\(ExchangeRate.maximumFractionDigits) fraction digits, such as 1.1734")
            }
            let key = "\(currency.code) \(date.isoString)"
            if let earlier = seen[key] {
                throw WorkspaceTableError(
                    path: path, line: row.line,
                    message: "a second rate for \(currency.code) on \(date.isoString) (the first is on line \(earlier))"
                )
            }
            seen[key] = row.line
            rows.append(
                RateRow(
                    date: date, currency: currency, rate: rate, text: row.cells[2], line: row.line,
                    currencyColumn: row.columns[1]))
        }
        return (rows, isReferenceFile)
    }
}
