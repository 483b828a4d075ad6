import Ledger

/// One month's report files as bytes, ready to write and to archive.
public struct RenderedMonth: Sendable, Equatable {
    public var month: YearMonth
    /// `YYYY-MM/index.html`: the self-contained page.
    public var html: [UInt8]
    /// `YYYY-MM/report.md`.
    public var markdown: [UInt8]
    /// `YYYY-MM/report.json`.
    public var json: [UInt8]
    /// Unix time of the month's last second: the archive members' modification time.
    public var endOfMonthUnixTime: Int64

    /// The files by their path relative to the site folder, sorted by path.
    public var files: [(path: String, contents: [UInt8])] {
        let folder = month.description + "/"
        return [(folder + "index.html", html), (folder + "report.json", json), (folder + "report.md", markdown)]
    }

    /// `closebook-2026-10.tar.gz`.
    public var archiveName: String { "closebook-\(month).tar.gz" }

    /// The month's three files in a deterministic `.tar.gz`.
    public func archive() throws(ReportError) -> [UInt8] {
        var tar = TarWriter(modificationTime: endOfMonthUnixTime)
        for file in files { tar.add(name: file.path, contents: file.contents) }
        do {
            return try GzipWriter.compress(try tar.archive())
        } catch let error as TarWriter.Failure {
            throw ReportError(.input, path: archiveName, message: error.description)
        } catch {
            throw ReportError(.input, path: archiveName, message: "\(error)")
        }
    }
}
