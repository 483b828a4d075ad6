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

    /// Reads `rates.csv` (`date,currency,rate`, through `RateRow`); rows in the base currency say
    /// nothing and are left out. Sorted by date, then currency, so the export does not depend on
    /// the file's order.
    public static func read(_ text: String, path: String, base: Currency) throws(ExportError) -> [PriceLine] {
        let rows: [RateRow]
        do {
            rows = try RateRow.read(text, path: path, base: base).rows
        } catch {
            throw ExportError(path: error.path, line: error.line, column: error.column, message: error.message)
        }
        var prices = rows.filter { $0.currency != base }.map {
            PriceLine(date: $0.date, currency: $0.currency, rate: $0.text, base: base)
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
}
