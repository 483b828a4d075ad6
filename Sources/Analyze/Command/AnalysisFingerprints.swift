import Crypto
import Foundation
import Ledger

/// What each month's analysis file was last made from, kept between runs in a file under `build/`
/// (`closebook-analyze --fingerprints`), so that a run analyses again only the months whose
/// inputs or files changed.
///
/// Why: the month end adds one month to years of them, and analysing and encoding every month
/// again was most of the analysis's time. A month is left as it is only when both hold:
/// - its fingerprint (`MonthInputs`) equals the one recorded when its file was last made: a
///   running SHA-256 of the ledger's rows up to the month's last day (every field the analysis
///   reads), the run's `context` (the ledger's accounts and base currency, closebook.toml,
///   rates.csv, valuations.csv, the import report's accounts' names and opening-balance sources,
///   how the run closes, the analyser's release), and what the month alone reads
///   (`closed/YYYY-MM.json`, the import report's accounts as of its end, its notices and
///   completeness, whether it is the selected or the newest month);
/// - its file still has the size and modification time recorded then.
/// Every section of a month reads only rows dated on or before its last day (`MonthAnalyzer`),
/// except whether it is the newest month (the month in progress), which the fingerprint holds.
/// Anything else analyses it as before. A month whose close was refused (locked and changed) is
/// never recorded, so that every run says so and exits 1.
struct AnalysisFingerprints: Codable, Sendable {
    /// Raised when what the fingerprint covers changes meaning: every month is analysed again.
    static let formatVersion = 1

    /// One month as last written.
    struct Entry: Codable, Sendable, Equatable {
        var fingerprint: String
        var size: Int64
        /// Nanoseconds since 1970.
        var modified: Int64
    }

    var version = formatVersion
    /// By month, `2026-10`.
    var entries: [String: Entry] = [:]

    init() {}

    /// The fingerprints kept at `path`; none when the file is missing, unreadable or of another
    /// format version (every month is then analysed).
    static func load(_ path: String) -> AnalysisFingerprints {
        guard let bytes = try? FileOutput.read(path),
            let kept = try? JSONDecoder().decode(AnalysisFingerprints.self, from: Data(bytes)),
            kept.version == formatVersion
        else { return AnalysisFingerprints() }
        return kept
    }

    /// Writes the fingerprints to `path` (temporary file, then rename).
    func save(_ path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = Array(try encoder.encode(self)) + [0x0A]
        try FileOutput.makeFolder((path as NSString).deletingLastPathComponent)
        try FileOutput.writeDerived(bytes, to: path)
    }

    /// True when `month`'s file at `path` was made from `fingerprint` and is as it was written.
    func isCurrent(_ month: String, fingerprint: String, path: String) -> Bool {
        guard let entry = entries[month], entry.fingerprint == fingerprint, let file = Self.file(at: path) else {
            return false
        }
        return file.size == entry.size && file.modified == entry.modified
    }

    /// Records `month` as made from `fingerprint` into the file at `path` as it now stands.
    mutating func record(_ month: String, fingerprint: String, path: String) {
        guard let file = Self.file(at: path) else {
            entries[month] = nil
            return
        }
        entries[month] = Entry(fingerprint: fingerprint, size: file.size, modified: file.modified)
    }

    /// The size and modification time of the regular file at `path`.
    static func file(at path: String) -> (size: Int64, modified: Int64)? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
