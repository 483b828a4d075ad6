import Foundation
import Ledger

/// One market price from `rates.csv`: on `date`, one unit of `currency` is worth `rate` units of
/// the base currency. The rate is kept as the text the user wrote (checked to be a positive
/// decimal), so the export repeats it digit for digit rather than through a `Double`.
public struct PriceLine: Hashable, Sendable {
    public var date: CivilDate
    public var currency: Currency
    public var rate: String
    public var base: Currency

    public init(date: CivilDate, currency: Currency, rate: String, base: Currency) {
        self.date = date
        self.currency = currency
        self.rate = rate
        self.base = base
    }

    /// The most fraction digits a rate may have (as the analysis's `ExchangeRate`).
    static let maximumFractionDigits = 10

    /// Reads `rates.csv` (`date,currency,rate`); rows in the base currency say nothing and are
    /// left out. Sorted by date, then currency, so the export does not depend on the file's order.
    public static func read(_ text: String, path: String, base: Currency) throws(ExportError) -> [PriceLine] {
        let table: SimpleCSV
        do {
            // The ECB's eurofxref-hist.csv, saved as rates.csv as downloaded, is read as its cross rates.
            let long =
                ECBReferenceRates.recognizes(text)
                ? try ECBReferenceRates.longForm(text, base: base.code, path: path) : text
            table = try SimpleCSV(text: long, path: path, header: ["date", "currency", "rate"])
        } catch {
            throw ExportError(path: error.path, line: error.line, column: error.column, message: error.message)
        }
        var prices: [PriceLine] = []
        for row in table.rows {
            guard let date = CivilDate(iso: row.cells[0]) else {
                throw ExportError(
                    path: path, line: row.line, column: row.columns[0],
                    message: "'\(row.cells[0])' is not a date in YYYY-MM-DD form")
            }
            guard let currency = Currency(code: row.cells[1]) else {
                throw ExportError(
                    path: path, line: row.line, column: row.columns[1],
                    message: "'\(row.cells[1])' is not a three-letter ISO 4217 currency code")
            }
            guard isPositiveDecimal(row.cells[2]) else {
                throw ExportError(
                    path: path, line: row.line, column: row.columns[2],
                    message: "rate '\(row.cells[2])' must be a positive decimal with at most "
                        + "\(maximumFractionDigits) fraction digits, such as 1.1734")
            }
            if currency == base { continue }
            prices.append(PriceLine(date: date, currency: currency, rate: row.cells[2], base: base))
        }
        prices.sort { ($0.date, $0.currency.code) < ($1.date, $1.currency.code) }
        return prices
    }

    /// `rates.csv` of `workspace`, or no prices when there is none.
    public static func load(workspace: String, base: Currency) throws(ExportError) -> [PriceLine] {
        let path = (workspace as NSString).appendingPathComponent("rates.csv")
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let bytes: [UInt8]
        do {
            bytes = try FileOutput.read(path)
        } catch {
            throw ExportError(path: error.path, message: error.reason)
        }
        return try read(String(decoding: bytes, as: UTF8.self), path: path, base: base)
    }

    /// `0.8512`, `12`: digits with at most one point, some digit not zero, at most ten decimals.
    static func isPositiveDecimal(_ text: String) -> Bool {
        var digits = 0
        var fraction: Int?
        var nonZero = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard fraction == nil else { return false }
                fraction = 0
                continue
            }
            guard byte >= 0x30, byte <= 0x39 else { return false }
            digits += 1
            if byte != 0x30 { nonZero = true }
            if let count = fraction { fraction = count + 1 }
        }
        return digits > 0 && nonZero && (fraction ?? 0) <= maximumFractionDigits
    }
}
