import Foundation
import Ledger

/// The first closes of one run, made durable together: each record and transactions file is
/// renamed into place without a flush of its own, and `finish` flushes them all, then the folder,
/// once at the end of the run.
///
/// Why: a ten-year ledger's first run closes 120 months, 240 files, and a flush after each one
/// (about 10-20 ms apiece on a shared disk) made the analysis three times slower than the months'
/// files themselves.
///
/// Why it is still safe: before the first of them, `closed/.closing` is written and flushed,
/// listing the months of the run that have no record yet, the only ones a first close writes.
/// It is removed once everything is on disk. A run that stops in between (a crash, power lost)
/// leaves it; the next run (`recover`) removes whatever those months have in `closed/` (a record
/// that may be empty or cut short, a transactions file without its record) and closes them
/// afresh. A restatement is never written this way: it rewrites a record that holds earlier
/// versions, and those are flushed before the rename as always.
final class CloseBatch {
    static let markerName = ".closing"

    let store: CloseStore
    /// The run's months: those without a record are the ones this run may close.
    let months: [YearMonth]
    private var begun = false
    private var unflushed: [String] = []

    init(store: CloseStore, months: [YearMonth]) {
        self.store = store
        self.months = months
    }

    var markerPath: String { (store.folder as NSString).appendingPathComponent(Self.markerName) }

    /// Writes `bytes` to `path` in `closed/` without waiting for the disk; `finish` flushes it.
    func write(_ bytes: [UInt8], to path: String) throws {
        if !begun {
            try FileOutput.makeFolder(store.folder)
            let open = months.filter { !FileManager.default.fileExists(atPath: store.recordPath($0)) }
            try FileOutput.write(open.map { "\($0)\n" }.joined(), to: markerPath)
            try Self.flushFolder(store.folder)
            begun = true
        }
        try FileOutput.writeDerived(bytes, to: path)
        unflushed.append(path)
    }

    /// Flushes every file written, then the folder (their names), then removes the marker.
    func finish() throws {
        guard begun else { return }
        for path in unflushed { try FileOutput.flush(path) }
        try Self.flushFolder(store.folder)
        unflushed = []
        unlink(markerPath)
        try Self.flushFolder(store.folder)
        begun = false
    }

    /// After a run that stopped before `finish`: removes the record, transactions files and
    /// temporary files of every month its marker lists, so that they are closed afresh. A record
    /// with more than one version is left alone (no first close wrote it). Returns the months.
    @discardableResult
    static func recover(_ store: CloseStore) throws -> [YearMonth] {
        let marker = (store.folder as NSString).appendingPathComponent(markerName)
        guard let bytes = try? FileOutput.read(marker) else { return [] }
        let months = String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap {
            YearMonth(String($0))
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: store.folder)) ?? []
        var redone: [YearMonth] = []
        for month in months {
            if let record = try? store.record(month), record.versions.count > 1 { continue }
            let stem = "\(month)."
            for name in names where name.hasPrefix(stem) || name.hasPrefix("." + stem) {
                unlink((store.folder as NSString).appendingPathComponent(name))
            }
            redone.append(month)
        }
        try flushFolder(store.folder)
        unlink(marker)
        try flushFolder(store.folder)
        return redone
    }

    static func flushFolder(_ folder: String) throws {
        try FileOutput.flush(folder, isFolder: true)
    }
}
