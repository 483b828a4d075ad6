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
    /// A file under `build/` keeping each month's fingerprint between runs (`MonthFingerprints`):
    /// a month whose analysis, templates and settings are unchanged, and whose files are as
    /// written, is not rendered again. Nil renders every month.
    public var fingerprintsPath: String?
    /// The renderer's release (the executable's size and time, say), part of every fingerprint so
    /// that a new release renders every month again.
    public var release = ""

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
        /// Months left as they were (`fingerprintsPath`): their analysis, templates and settings
        /// are unchanged and their files are as written. In the order given.
        public var unchanged: [YearMonth] = []
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
        /// The newest month left as it was, and its analysis file.
        var newestUnchanged: (month: YearMonth, path: String)?
        /// Each month's fingerprint after the run, by analysis file path (`MonthFingerprints`).
        var fingerprints: [(path: String, entry: MonthFingerprints.Entry)] = []

        public init() {}
    }

    /// Renders and writes every analysis, then the index and the feed.
    ///
    /// Months are rendered, written and archived on every core at once: each month writes only
    /// its own folder and archive, so the files are the same bytes as one after another, and the
    /// outcome lists them in the order given whatever order they finished in. With
    /// `fingerprintsPath`, months whose fingerprint and files are unchanged are left as they are
    /// (`MonthFingerprints`); the index, the feed, the year pages and the account pages are
    /// always written again.
    public func publish(analysisPaths: [String]) -> Outcome {
        let known = fingerprintsPath.map(MonthFingerprints.load)
        var kept = known
        let context = known.map { _ in
            MonthFingerprints.context(renderer: renderer, site: site, archives: archives, release: release)
        }
        let slots = Slots<Outcome>(count: analysisPaths.count)
        Cores.forEach(analysisPaths.count, cores: cores) { index in
            let path = analysisPaths[index]
            slots.set(index, publishMonth(analysisAt: path, kept: known?.entries[path], context: context))
        }
        var outcome = Outcome()
        var newest: MonthReport?
        var newestUnchanged: (month: YearMonth, path: String)?
        for (index, month) in slots.values.map({ $0 ?? Outcome() }).enumerated() {
            outcome.months += month.months
            outcome.unchanged += month.unchanged
            outcome.written += month.written
            outcome.errors += month.errors
            if let report = month.newest, report.month > newest?.month ?? report.month.adding(months: -1) {
                newest = report
            }
            if let left = month.newestUnchanged, left.month > newestUnchanged?.month ?? left.month.adding(months: -1) {
                newestUnchanged = left
            }
            // A month with an error renders again next time.
            kept?.entries[analysisPaths[index]] = nil
            for (path, entry) in month.fingerprints { kept?.entries[path] = entry }
        }
        // The account pages tell the newest month's story, rendered this run or not.
        if let left = newestUnchanged, left.month > newest?.month ?? left.month.adding(months: -1) {
            do throws(ReportError) {
                newest = try report(analysisAt: left.path)
            } catch {
                outcome.errors.append(error)
            }
        }
        if removesMonthsNotInAnalysis {
            outcome.removed = removeMonthsNotIn(
                analysisPaths: analysisPaths, rendered: outcome.months + outcome.unchanged)
        }
        let (index, scanErrors) = SiteIndex.scan(site: site, cores: cores)
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
        if let kept, let path = fingerprintsPath {
            var current = kept
            // Months whose analysis file is gone are rendered afresh if it comes back.
            current.entries = kept.entries.filter { FileManager.default.fileExists(atPath: $0.key) }
            do throws(ReportError) {
                try current.save(path)
            } catch {
                outcome.errors.append(error)
            }
        }
        return outcome
    }

    /// Renders, writes and archives one month, or leaves it as it is when `kept` (its entry in
    /// the fingerprints of the last run) says nothing it is made from changed and its files are
    /// as written: its part of the outcome. `context`: the run's part of every fingerprint, nil
    /// when the run keeps none.
    private func publishMonth(analysisAt path: String, kept: MonthFingerprints.Entry?, context: [UInt8]?) -> Outcome {
        var outcome = Outcome()
        do throws(ReportError) {
            let bytes = try read(analysisAt: path)
            let fingerprint = context.map { MonthFingerprints.fingerprint(analysis: bytes, context: $0) }
            if let kept, kept.fingerprint == fingerprint, let month = YearMonth(kept.month), kept.filesAreAsWritten {
                outcome.unchanged.append(month)
                outcome.written += kept.files.map(\.path)
                outcome.newestUnchanged = (month, path)
                outcome.fingerprints.append((path, kept))
                return outcome
            }
            let report = try report(bytes: bytes, path: path)
            let rendered = try renderer.render(report)
            for file in rendered.files {
                try write(file.contents, to: "\(site)/\(file.path)", into: &outcome)
            }
            removeStaleCharts(of: rendered)
            try write(try rendered.archive(), to: "\(archives)/\(rendered.archiveName)", into: &outcome)
            outcome.months.append(rendered.month)
            outcome.newest = report
            // Recorded once every file is written: their sizes and times as they now stand.
            let files = outcome.written.compactMap(MonthFingerprints.OutputFile.init(path:))
            if let fingerprint, files.count == outcome.written.count {
                outcome.fingerprints.append(
                    (
                        path,
                        MonthFingerprints.Entry(
                            month: rendered.month.description, fingerprint: fingerprint, files: files,
                            chartFolder: "\(site)/\(rendered.chartFolder)")
                    ))
            }
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
        try report(bytes: try read(analysisAt: path), path: path)
    }

    /// The bytes of the analysis file at `path`.
    private func read(analysisAt path: String) throws(ReportError) -> [UInt8] {
        do {
            return try FileOutput.read(path)
        } catch {
            throw ReportError(.input, path: path, message: error.reason)
        }
    }

    /// Checks the analysis file at `path`, holding `bytes`.
    private func report(bytes: [UInt8], path: String) throws(ReportError) -> MonthReport {
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
