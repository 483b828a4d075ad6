import AnalysisFile
import Foundation

/// The analysis files for the SQLite file, read once, by the first lane that asks for them.
///
/// Why not read them before the formats start, as the ledger is: the bench's 120 files (24 MB of
/// JSON) took about 0.2 s of CPU through `JSONDecoder` and 0.13 s less read in place
/// (`ExportedAnalysisReader`), and read on a third thread beside the ledger's two-part decode they held
/// back both halves before any file was begun. The SQLite file needs them last, after its rows and
/// indexes, so the lane of the text files reads them before its own formats while the SQLite lane
/// writes rows; alone, the SQLite lane reads them itself when it gets there. A caller waits while another reads them, never reads them twice.
final class PendingAnalyses: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<[ExportedAnalysis], ExportError>?
    private let read: @Sendable () throws(ExportError) -> [ExportedAnalysis]

    /// The analysis files beside `ledgerPath`, read when first asked for.
    init(besideLedger ledgerPath: String) {
        read = { () throws(ExportError) in try AnalysisFolder.load(besideLedger: ledgerPath) }
    }

    /// Analyses already in hand.
    init(_ analyses: [MonthAnalysis]) {
        let exported = analyses.map(ExportedAnalysis.init)
        result = .success(exported)
        read = { exported }
    }

    /// The analyses, or why they could not be read; the first caller reads them.
    func get() throws(ExportError) -> [ExportedAnalysis] {
        lock.lock()
        defer { lock.unlock() }
        if let result { return try result.get() }
        let loaded: Result<[ExportedAnalysis], ExportError>
        do throws(ExportError) {
            loaded = .success(try read())
        } catch {
            loaded = .failure(error)
        }
        result = loaded
        return try loaded.get()
    }
}
