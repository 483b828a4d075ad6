import Foundation
import Ledger

extension SitePublisher {
    /// Removes what earlier runs wrote for months the data no longer has: a month's pages,
    /// Markdown, JSON and charts, its archive, and year pages no month is listed under. The site
    /// is then exactly the months of the analysis: a file deleted from the inbox (one that held
    /// a far-future row, say) takes its months off the index and the feed.
    ///
    /// A month stays when it was rendered this run or its analysis file (`YYYY-MM.json`) is in a
    /// folder of `analysisPaths`, so rendering one month at a time keeps the others. Only what
    /// Closebook writes is removed: in a `YYYY-MM` folder holding a `report.json`, the files
    /// `RenderedMonth` names and `charts/*.svg`; the folder itself only once it is empty. Returns
    /// the paths removed.
    func removeMonthsNotIn(analysisPaths: [String], rendered: [YearMonth]) -> [String] {
        let fileManager = FileManager.default
        var kept = Set(rendered)
        for folder in Set(analysisPaths.map { ($0 as NSString).deletingLastPathComponent }) {
            let names = (try? fileManager.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            for name in names where name.hasSuffix(".json") {
                if let month = YearMonth(String(name.dropLast(5))) { kept.insert(month) }
            }
        }
        var removed: [String] = []
        func remove(_ path: String) {
            if (try? fileManager.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        for name in ((try? fileManager.contentsOfDirectory(atPath: site)) ?? []).sorted() {
            guard let month = YearMonth(name), month.description == name, !kept.contains(month),
                fileManager.fileExists(atPath: "\(site)/\(name)/report.json")
            else { continue }
            let folder = "\(site)/\(name)"
            for file in Self.monthFiles { remove("\(folder)/\(file)") }
            let charts = "\(folder)/charts"
            for chart in ((try? fileManager.contentsOfDirectory(atPath: charts)) ?? []).sorted()
            where chart.hasSuffix(".svg") && !chart.hasPrefix(".") {
                remove("\(charts)/\(chart)")
            }
            for empty in [charts, folder] where (try? fileManager.contentsOfDirectory(atPath: empty))?.isEmpty == true {
                remove(empty)
            }
            let archive = "\(archives)/closebook-\(name).tar.gz"
            if fileManager.fileExists(atPath: archive) { remove(archive) }
        }
        return removed
    }

    /// Removes `year-YYYY.html` pages of years with no listed month.
    func removeYearPagesNotIn(_ years: Set<String>) -> [String] {
        var removed: [String] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: site)) ?? []).sorted()
        where name.hasPrefix("year-") && name.hasSuffix(".html") {
            let year = String(name.dropFirst(5).dropLast(5))
            guard Int(year) != nil, YearView.fileName(Int(year)!) == name, !years.contains(year) else { continue }
            if (try? FileManager.default.removeItem(atPath: "\(site)/\(name)")) != nil { removed.append(name) }
        }
        return removed
    }

    /// The files of a month folder besides its charts, as `RenderedMonth.files` names them.
    static let monthFiles = ["index.html", "report.md", "report.json"]
}
