import Foundation
import Ledger

/// The `closed/` folder of a workspace: `YYYY-MM.json` (the record, every version's figures) and
/// `YYYY-MM.vN.jsonl` (version N's transactions, one JSON object a line). Written atomically; a
/// record that cannot be read is an error, never silently replaced.
struct CloseStore {
    var folder: String

    init(workspace: String) {
        folder = (workspace as NSString).appendingPathComponent("closed")
    }

    func recordPath(_ month: YearMonth) -> String { (folder as NSString).appendingPathComponent("\(month).json") }

    func transactionsPath(_ month: YearMonth, version: Int) -> String {
        (folder as NSString).appendingPathComponent("\(month).v\(version).jsonl")
    }

    /// The record of `month`, nil when the month was never closed.
    func record(_ month: YearMonth) throws -> CloseRecord? {
        let path = recordPath(month)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(CloseRecord.self, from: Data(try FileOutput.read(path)))
        } catch {
            throw AnalyzeError(
                "the close record \(path) cannot be read (\(error)); restore it from a backup, or delete it "
                    + "to close the month afresh")
        }
    }

    /// Version `version`'s transactions of `month`; empty when the file is gone.
    func transactions(_ month: YearMonth, version: Int) -> [ClosedTransaction] {
        guard let bytes = try? FileOutput.read(transactionsPath(month, version: version)) else { return [] }
        return ClosedTransactionLines.decode(bytes)
    }

    /// Writes the transactions of the record's last version (`lines`, `ClosedTransactionLines`),
    /// then the record; a version that does not add up (`checkConservation`) is an error, and
    /// nothing is written. Each file is flushed to disk before it is renamed into place, unless
    /// `batch` takes them (a first close), to flush them all at the end of the run.
    func write(_ record: CloseRecord, month: YearMonth, lines: [UInt8], batch: CloseBatch? = nil) throws {
        try record.versions.last?.checkConservation(month: month)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let bytes = Array(try encoder.encode(record)) + [0x0A]
        let version = record.versions.last?.version ?? 1
        if let batch {
            try batch.write(lines, to: transactionsPath(month, version: version))
            try batch.write(bytes, to: recordPath(month))
        } else {
            try FileOutput.write(lines, to: transactionsPath(month, version: version))
            try FileOutput.write(bytes, to: recordPath(month))
        }
    }
}
