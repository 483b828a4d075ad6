import AnalysisFile
import Foundation
import Ledger

/// The analysis files beside the ledger (`build/analysis/YYYY-MM.json`), for the SQLite export's
/// insights, recurring series and anomalies.
///
/// Why read them here: they are the analysis's judgements, not the ledger's facts, and the export
/// does not judge again; it reads them through the `AnalysisFile` contract, as the report does.
/// Months in order; no folder (the analysis has not run) gives none.
enum AnalysisFolder {
    /// The folder's name beside `ledger.jsonl`.
    static let name = "analysis"

    static func load(besideLedger ledgerPath: String) throws(ExportError) -> [ExportedAnalysis] {
        let folder = ((ledgerPath as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var analyses: [ExportedAnalysis] = []
        for file in names.sorted() where isMonthFile(file) {
            let path = (folder as NSString).appendingPathComponent(file)
            let bytes: [UInt8]
            do throws(FileOutput.Failure) {
                bytes = try FileOutput.read(path)
            } catch {
                throw ExportError(path: error.path, message: error.reason)
            }
            do throws(JSONScanner.Failure) {
                analyses.append(try ExportedAnalysisReader.read(bytes))
            } catch {
                throw ExportError(path: path, message: "not an analysis file: \(error.reason) at byte \(error.offset)")
            }
        }
        return analyses
    }

    /// `2026-10.json`: the analysis writes other files there too.
    static func isMonthFile(_ name: String) -> Bool {
        guard name.hasSuffix(".json") else { return false }
        return YearMonth(String(name.dropLast(".json".count))) != nil
    }
}
