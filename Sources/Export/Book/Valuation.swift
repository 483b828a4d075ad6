import Foundation
import Ledger

/// An account's value on a date, from `valuations.csv` (`date,account,value`): what the analysis
/// counts in net worth for an account without exports (a pension, a house) from that date on.
///
/// The books give such an account one unit of a commodity of its own (`ValuedAccount`), priced at
/// each valuation, so the tools' market value (`hledger balance -X GBP --value=end`, fava's market
/// value) is the latest valuation, as in the report.
public typealias Valuation = ValuationLine

extension ValuationLine {
    /// Reads `valuations.csv` (see `ValuationLine.read`), sorted by account then date, as the
    /// books write the valued accounts.
    public static func readSorted(
        _ text: String, path: String, accounts: [AccountID: Currency]
    ) throws(ExportError) -> [Valuation] {
        do throws(WorkspaceTableError) {
            return try ValuationLine.read(text, path: path, accounts: accounts)
                .sorted { ($0.account, $0.date) < ($1.account, $1.date) }
        } catch {
            throw ExportError(path: error.path, line: error.line, column: error.column, message: error.message)
        }
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
        return try readSorted(String(decoding: bytes, as: UTF8.self), path: path, accounts: accounts)
    }
}
