import Foundation
import Ledger

/// An account's value on a date, from `valuations.csv` (`date,account,value`): what the analysis
/// counts in net worth for an account without exports (a pension, a house) from that date on.
///
/// The books give such an account one unit of a commodity of its own (`ValuedAccount`), priced at
/// each valuation, so the tools' market value (`hledger balance -X GBP --value=end`, fava's market
/// value) is the latest valuation, as in the report.
public struct Valuation: Hashable, Sendable {
    public var date: CivilDate
    public var account: AccountID
    public var value: Money
    /// The line of `valuations.csv`.
    public var line: Int

    public init(date: CivilDate, account: AccountID, value: Money, line: Int) {
        self.date = date
        self.account = account
        self.value = value
        self.line = line
    }

    /// The file's name in the workspace.
    public static let fileName = "valuations.csv"

    /// Reads `valuations.csv`, whose accounts must be among `accounts` (each value is in its
    /// account's currency), sorted by account then date; a second value of an account on one day
    /// is an error, as in the analysis.
    public static func read(
        _ text: String, path: String, accounts: [AccountID: Currency]
    ) throws(ExportError) -> [Valuation] {
        let table: SimpleCSV
        do {
            table = try SimpleCSV(text: text, path: path, header: ["date", "account", "value"])
        } catch {
            throw ExportError(path: error.path, line: error.line, column: error.column, message: error.message)
        }
        var valuations: [Valuation] = []
        var seen: Set<String> = []
        for row in table.rows {
            guard let date = CivilDate(iso: row.cells[0]) else {
                throw ExportError(
                    path: path, line: row.line, column: row.columns[0],
                    message: "'\(row.cells[0])' is not a date in YYYY-MM-DD form")
            }
            let account = AccountID(row.cells[1])
            guard let currency = accounts[account] else {
                let known = accounts.keys.sorted().map(\.rawValue).joined(separator: ", ")
                throw ExportError(
                    path: path, line: row.line, column: row.columns[1],
                    message: "unknown account '\(row.cells[1])' (closebook.toml has: \(known))")
            }
            guard let value = try? Money.parse(row.cells[2], currency: currency) else {
                throw ExportError(
                    path: path, line: row.line, column: row.columns[2],
                    message: "value '\(row.cells[2])' is not an amount in \(currency.code)")
            }
            guard seen.insert("\(account.rawValue) \(date.isoString)").inserted else {
                throw ExportError(
                    path: path, line: row.line, message: "a second valuation of '\(account)' on \(date.isoString)")
            }
            valuations.append(Valuation(date: date, account: account, value: value, line: row.line))
        }
        valuations.sort { ($0.account, $0.date) < ($1.account, $1.date) }
        return valuations
    }

    /// `valuations.csv` of `workspace`, or none when there is none.
    public static func load(workspace: String, accounts: [AccountID: Currency]) throws(ExportError) -> [Valuation] {
        let path = (workspace as NSString).appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let bytes: [UInt8]
        do {
            bytes = try FileOutput.read(path)
        } catch {
            throw ExportError(path: error.path, message: error.reason)
        }
        return try read(String(decoding: bytes, as: UTF8.self), path: path, accounts: accounts)
    }
}
