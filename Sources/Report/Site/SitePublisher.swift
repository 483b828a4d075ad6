import AnalysisFile
import Foundation
import Ledger

/// Writes months into a site folder and an archives folder, then rebuilds the site's index and feed.
///
/// Each analysis is one independent job: a bad file is reported and the others are still
/// written. Every file goes through `FileOutput.writeDerived` (temporary file, then rename), so a
/// reader never sees half a page.
public struct SitePublisher: Sendable {
    public var renderer: ReportRenderer
    /// The site folder: `SITE/YYYY-MM/…`, `SITE/index.html`, `SITE/feed.xml`.
    public var site: String
    /// Where `closebook-YYYY-MM.tar.gz` go.
    public var archives: String
    /// Remove the months of the site whose analysis file is gone (`removeMonthsNotIn`), as
    /// `make report` does; off, months of earlier runs stay whatever the analysis holds.
    public var removesMonthsNotInAnalysis = false
    /// The cores months are rendered on (`Cores`): 1 renders one month after another, with the
    /// same bytes.
    public var cores = Cores.available

    /// `redact`: publish every month redacted (see `MonthReport.redacted()`).
    public init(templates: TemplateSet, site: String, archives: String, redact: Bool = false) {
        renderer = ReportRenderer(templates: templates, redact: redact)
        self.site = site.hasSuffix("/") && site.count > 1 ? String(site.dropLast()) : site
        self.archives = archives.hasSuffix("/") && archives.count > 1 ? String(archives.dropLast()) : archives
    }

    /// What a run did.
    public struct Outcome: Sendable {
        /// Months rendered, in the order given.
        public var months: [YearMonth] = []
        /// Paths written (or found already holding their bytes), in order.
        public var written: [String] = []
        /// Months the site index lists after the run.
        public var listedMonths = 0
        /// Files and folders of months the analysis no longer has, and of years with no month,
        /// removed (`removeMonthsNotIn`).
        public var removed: [String] = []
        public var errors: [ReportError] = []
        /// The newest month rendered: its account stories make the account pages.
        var newest: MonthReport?
    }

    /// Renders and writes every analysis, then the index and the feed.
    ///
    /// Months are rendered, written and archived on every core at once: each month writes only
    /// its own folder and archive, so the files are the same bytes as one after another, and the
    /// outcome lists them in the order given whatever order they finished in.
    public func publish(analysisPaths: [String]) -> Outcome {
        let slots = MonthSlots(count: analysisPaths.count)
        Cores.forEach(analysisPaths.count, cores: cores) { index in
            slots.set(index, publishMonth(analysisAt: analysisPaths[index]))
        }
        var outcome = Outcome()
        var newest: MonthReport?
        for month in slots.outcomes {
            outcome.months += month.months
            outcome.written += month.written
            outcome.errors += month.errors
            if let report = month.newest, report.month > newest?.month ?? report.month.adding(months: -1) {
                newest = report
            }
        }
        if removesMonthsNotInAnalysis {
            outcome.removed = removeMonthsNotIn(analysisPaths: analysisPaths, rendered: outcome.months)
        }
        let (index, scanErrors) = SiteIndex.scan(site: site)
        outcome.errors += scanErrors
        outcome.listedMonths = index.months.count
        // Account pages tell the newest month's story: written when this run rendered the newest
        // month the site lists, left as they are when it rendered only older months.
        if let newest, newest.month >= index.months.first?.month ?? newest.month {
            do throws(ReportError) {
                try writeAccountPages(renderer.accountPages(newest), into: &outcome)
            } catch {
                outcome.errors.append(error)
            }
        }
        var view = index.view(style: renderer.templates.style)
        view.accounts = SiteAccountView.scan(site: site)
        do throws(ReportError) {
            try write(
                Array(renderer.templates.render(view, with: "index.html").utf8), to: "\(site)/index.html",
                into: &outcome)
            try write(
                Array(renderer.templates.render(view, with: "feed.xml").utf8), to: "\(site)/feed.xml", into: &outcome)
            for year in view.years {
                try write(
                    Array(renderer.templates.render(year, with: "year.html").utf8), to: "\(site)/\(year.href)",
                    into: &outcome)
            }
            if removesMonthsNotInAnalysis { outcome.removed += removeYearPagesNotIn(Set(view.years.map(\.year))) }
        } catch {
            outcome.errors.append(error)
        }
        return outcome
    }

    /// Renders, writes and archives one month: its part of the outcome.
    private func publishMonth(analysisAt path: String) -> Outcome {
        var outcome = Outcome()
        do throws(ReportError) {
            let report = try report(analysisAt: path)
            let rendered = try renderer.render(report)
            for file in rendered.files {
                try write(file.contents, to: "\(site)/\(file.path)", into: &outcome)
            }
            removeStaleCharts(of: rendered)
            try write(try rendered.archive(), to: "\(archives)/\(rendered.archiveName)", into: &outcome)
            outcome.months.append(rendered.month)
            outcome.newest = report
        } catch {
            outcome.errors.append(error)
        }
        return outcome
    }

    /// Reads, checks and renders one analysis file.
    public func render(analysisAt path: String) throws(ReportError) -> RenderedMonth {
        try renderer.render(try report(analysisAt: path))
    }

    /// Reads and checks one analysis file.
    func report(analysisAt path: String) throws(ReportError) -> MonthReport {
        let bytes: [UInt8]
        do {
            bytes = try FileOutput.read(path)
        } catch {
            throw ReportError(.input, path: path, message: error.reason)
        }
        let analysis = try JSONFile.decode(MonthAnalysis.self, from: bytes, path: path)
        return try MonthReport(analysis: analysis, path: path)
    }

    /// Writes the account pages and removes the files of accounts no longer among them (a
    /// redacted run has none, so it removes every page an earlier run wrote).
    private func writeAccountPages(
        _ files: [ReportRenderer.AccountFile], into outcome: inout Outcome
    )
        throws(ReportError)
    {
        for file in files { try write(file.contents, to: "\(site)/\(file.path)", into: &outcome) }
        let folder = "\(site)/\(AccountPageName.folder)"
        let current = Set(files.map { String($0.path.dropFirst(AccountPageName.folder.count + 1)) })
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        where !current.contains(name) && !name.hasPrefix(".")
            && [".html", ".md", ".json", ".svg"].contains(where: { name.hasSuffix($0) })
        {
            if (try? FileManager.default.removeItem(atPath: "\(folder)/\(name)")) != nil {
                outcome.removed.append("\(folder)/\(name)")
            }
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Removes chart files an earlier run wrote for the month that it no longer draws (a budget
    /// removed, say), so `report.md` never sits beside a stale chart.
    private func removeStaleCharts(of rendered: RenderedMonth) {
        let folder = "\(site)/\(rendered.chartFolder)"
        let current = Set(rendered.charts.map(\.name))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasSuffix(".svg") && !current.contains(name) {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
        if rendered.charts.isEmpty, (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Writes `bytes` to `path`, or leaves the file alone when it already holds them (a month
    /// rendered again keeps its files' dates, and make and rsync see no change).
    private func write(_ bytes: [UInt8], to path: String, into outcome: inout Outcome) throws(ReportError) {
        if (try? FileOutput.read(path)) == bytes {
            outcome.written.append(path)
            return
        }
        do {
            // The site is derived again on every run: renamed into place, not flushed to disk
            // first (a crash costs one more run, not data), as the analysis files are.
            try FileOutput.makeFolder((path as NSString).deletingLastPathComponent)
            try FileOutput.writeDerived(bytes, to: path)
        } catch {
            throw ReportError(.input, path: path, message: error.reason)
        }
        outcome.written.append(path)
    }
}

/// One outcome per month, filled from several threads, each writing only its own slot.
private final class MonthSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [SitePublisher.Outcome?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ outcome: SitePublisher.Outcome) {
        lock.lock()
        slots[index] = outcome
        lock.unlock()
    }

    var outcomes: [SitePublisher.Outcome] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
