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
    /// `YYYY-MM/charts/NAME.svg`: the page's charts as files, which `report.md` shows as images.
    public var charts: [Chart]
    /// Unix time of the month's last second: the archive members' modification time.
    public var endOfMonthUnixTime: Int64

    /// A chart file: `trend.svg` and its bytes.
    public struct Chart: Sendable, Equatable {
        public var name: String
        public var contents: [UInt8]

        public init(name: String, contents: [UInt8]) {
            self.name = name
            self.contents = contents
        }
    }

    public init(
        month: YearMonth, html: [UInt8], markdown: [UInt8], json: [UInt8], charts: [Chart] = [],
        endOfMonthUnixTime: Int64
    ) {
        self.month = month
        self.html = html
        self.markdown = markdown
        self.json = json
        self.charts = charts
        self.endOfMonthUnixTime = endOfMonthUnixTime
    }

    /// The folder of the month's chart files, relative to the site folder.
    public var chartFolder: String { month.description + "/charts" }

    /// The files by their path relative to the site folder, sorted by path.
    public var files: [(path: String, contents: [UInt8])] {
        let folder = month.description + "/"
        let pages = [(folder + "index.html", html), (folder + "report.json", json), (folder + "report.md", markdown)]
        let charts = charts.map { (chartFolder + "/" + $0.name, $0.contents) }
        return (pages + charts).sorted { $0.0 < $1.0 }
    }

    /// `closebook-2026-10.tar.gz`.
    public var archiveName: String { "closebook-\(month).tar.gz" }

    /// The month's files in a deterministic `.tar.gz`.
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
