import Crypto
import Foundation
import Ledger

/// What each month of the site was last rendered from and written into, kept between runs in a
/// file under `build/` (`closebook-report --fingerprints`), so that a run renders again only the
/// months whose inputs or files changed.
///
/// Why: the month end adds one month to years of them, and rendering, charting and compressing
/// every month again was most of the report's time. A month is left as it is only when both hold:
/// - its fingerprint, the SHA-256 of its analysis file's bytes and of the run's `context` (the
///   templates and style sheet, the redaction and the inbox names it hides, the site and archive
///   folders, the renderer's release), equals the one recorded when it was last rendered;
/// - every file it was written into still has the size and modification time recorded then, and
///   its charts folder holds no other chart.
/// Anything else renders it as before: a first run, an analysis that changed (an older month's
/// may, when a new month arrives: a restated close, cards that read later history), edited
/// templates, a page deleted or edited by hand, a new release. The bytes decide, never a guess
/// about which months a change can reach; the outputs are those of a run that renders every month.
struct MonthFingerprints: Codable, Sendable {
    /// Raised when what the fingerprint covers changes meaning: every month renders again.
    static let formatVersion = 1

    /// One month as last rendered, keyed by its analysis file's path.
    struct Entry: Codable, Sendable, Equatable {
        /// `2026-10`.
        var month: String
        var fingerprint: String
        /// The month's pages, Markdown, JSON, charts and archive, as written.
        var files: [OutputFile]
        /// `SITE/YYYY-MM/charts`.
        var chartFolder: String

        /// True when every file is as written and no other chart has appeared beside them.
        var filesAreAsWritten: Bool {
            for file in files where OutputFile(path: file.path) != file { return false }
            let recorded = Set(files.map(\.path).filter { $0.hasPrefix(chartFolder + "/") })
            let names = (try? FileManager.default.contentsOfDirectory(atPath: chartFolder)) ?? []
            let present = Set(names.filter { $0.hasSuffix(".svg") }.map { chartFolder + "/" + $0 })
            return present == recorded
        }
    }

    /// A file's path, size and modification time (nanoseconds since 1970), as `stat` gives them.
    struct OutputFile: Codable, Sendable, Equatable {
        var path: String
        var size: Int64
        var modified: Int64

        /// The file at `path` as it stands; nil when it is not a regular file.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            self.path = path
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        }
    }

    var version = formatVersion
    /// By analysis file path.
    var entries: [String: Entry] = [:]

    init() {}

    /// The fingerprints kept at `path`; none when the file is missing, unreadable or of another
    /// format version (every month then renders).
    static func load(_ path: String) -> MonthFingerprints {
        guard let bytes = try? FileOutput.read(path),
            let kept = try? JSONDecoder().decode(MonthFingerprints.self, from: Data(bytes)),
            kept.version == formatVersion
        else { return MonthFingerprints() }
        return kept
    }

    /// Writes the fingerprints to `path` (temporary file, then rename).
    func save(_ path: String) throws(ReportError) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let bytes = Array(try encoder.encode(self)) + [0x0A]
            try FileOutput.makeFolder((path as NSString).deletingLastPathComponent)
            try FileOutput.writeDerived(bytes, to: path)
        } catch {
            throw ReportError(.input, path: path, message: "cannot keep the months' fingerprints (\(error))")
        }
    }

    /// The part of every fingerprint that is the same for all months of one run.
    static func context(renderer: ReportRenderer, site: String, archives: String, release: String) -> [UInt8] {
        var parts = ["closebook-report months \(formatVersion)", release, renderer.templates.digest, site, archives]
        parts.append(renderer.redact ? "redact" : "whole")
        if renderer.redact { parts += renderer.inboxFiles }
        return Array(SHA256.hash(data: Array(parts.joined(separator: "\u{0}").utf8)))
    }

    /// The fingerprint of a month whose analysis file holds `analysis`, in a run with `context`.
    static func fingerprint(analysis: [UInt8], context: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(data: context)
        hash.update(data: analysis)
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
