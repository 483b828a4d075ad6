import Foundation
import Ledger

/// Every month that has a report in a site folder, newest first: what the index page and the
/// feed list.
///
/// Found by scanning `SITE/YYYY-MM/report.json`, not from this run's inputs, so months rendered by
/// earlier runs stay listed and the site can be rebuilt one month at a time (months whose analysis
/// is gone are removed first, by `SitePublisher.removeMonthsNotIn`).
public struct SiteIndex: Sendable, Equatable {
    /// One listed month's headline figures.
    /// A closed month whose figures changed: restated, reopened, or changed under a lock.
    public struct Restatement: Sendable, Equatable {
        public var state: String
        /// `2026-11-27`.
        public var recordedOn: String
        public var changes: String?
    }

    public struct Figures: Sendable, Equatable {
        public var month: YearMonth
        public var income: Money
        public var expenses: Money
        public var net: Money
        public var savingsRate: Double?
        public var healthScore: Int?
        public var healthGrade: String?
        /// Net worth at the month ends up to this one, at most `sparklineMonths`, oldest first.
        public var netWorthSeries: [Money]
        /// Set when the month changed after it was closed.
        public var restatement: Restatement?
        /// True when the statements do not cover the whole month (the month in progress, say).
        public var isPartial: Bool

        public init(
            month: YearMonth, income: Money, expenses: Money, net: Money, savingsRate: Double?,
            healthScore: Int? = nil, healthGrade: String? = nil, netWorthSeries: [Money] = [],
            isPartial: Bool = false, restatement: Restatement? = nil
        ) {
            self.isPartial = isPartial
            self.restatement = restatement
            self.month = month
            self.income = income
            self.expenses = expenses
            self.net = net
            self.savingsRate = savingsRate
            self.healthScore = healthScore
            self.healthGrade = healthGrade
            self.netWorthSeries = netWorthSeries
        }
    }

    /// How many months of net worth a sparkline shows.
    public static let sparklineMonths = 12

    /// Newest first.
    public var months: [Figures]

    public init(months: [Figures]) {
        self.months = months.sorted { $0.month > $1.month }
    }

    /// Reads every `YYYY-MM/report.json` in `site`, on up to `cores` cores; a file that cannot be
    /// read is reported and left out. The months and errors come in the folders' order however
    /// many cores read them.
    ///
    /// Why on every core: a month end renders one month, and reading the 120 others' reports for
    /// the index was about half of the stage's time at ten years of months.
    public static func scan(site: String, cores: Int = Cores.available) -> (index: SiteIndex, errors: [ReportError]) {
        let folder = site.hasSuffix("/") ? String(site.dropLast()) : site
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().filter {
            YearMonth($0) != nil
        }
        let read = Slots<Result<Figures, ReportError>>(count: names.count)
        Cores.forEach(names.count, cores: cores) { number in
            let path = "\(folder)/\(names[number])/report.json"
            guard FileManager.default.fileExists(atPath: path) else { return }
            read.set(number, Result { () throws(ReportError) in try month(at: path, name: names[number]) })
        }
        var months: [Figures] = []
        var errors: [ReportError] = []
        for number in names.indices {
            switch read[number] {
            case .success(let figures): months.append(figures)
            case .failure(let error): errors.append(error)
            case nil: continue
            }
        }
        return (SiteIndex(months: months), errors)
    }

    /// The figures of the report at `path`, in the folder named `name`.
    private static func month(at path: String, name: String) throws(ReportError) -> Figures {
        let bytes: [UInt8]
        do {
            bytes = try FileOutput.read(path)
        } catch {
            throw ReportError(.input, path: path, message: error.reason)
        }
        let figures = try ReportDigest.read(bytes, path: path).figures(path: path)
        guard figures.month.description == name else {
            throw ReportError(
                .input, path: path, message: "the report is for \(figures.month), but its folder is \(name)")
        }
        return figures
    }

    /// The view `index.html.mustache` and `feed.xml.mustache` render.
    public func view(style: String) -> SiteView {
        let entries = months.map(Self.entry)
        return SiteView(
            entries: entries, updated: entries.first?.updated ?? "1970-01-01T00:00:00Z",
            feedID: "urn:closebook:reports", style: style, years: years(style: style))
    }

    /// One page per year with a report, newest first; each lists its months and the year's totals.
    public func years(style: String) -> [YearView] {
        var byYear: [Int: [Figures]] = [:]
        for figures in months { byYear[figures.month.year, default: []].append(figures) }
        return byYear.keys.sorted(by: >).map { year in
            let figures = byYear[year] ?? []
            var totals = (income: Int64(0), expenses: Int64(0), net: Int64(0))
            let currency = figures.first?.income.currency ?? .gbp
            let sameCurrency = figures.allSatisfy { $0.income.currency == currency }
            for month in figures {
                totals.income = totals.income &+ month.income.minorUnits
                totals.expenses = totals.expenses &+ month.expenses.minorUnits
                totals.net = totals.net &+ month.net.minorUnits
            }
            let income = Money(minorUnits: totals.income, currency: currency)
            let net = Money(minorUnits: totals.net, currency: currency)
            let rate = income.isPositive ? Double(totals.net) / Double(totals.income) : nil
            return YearView(
                year: String(year), href: YearView.fileName(year), entries: figures.map(Self.entry),
                income: sameCurrency ? AmountFormatter.string(income) : "—",
                expenses: sameCurrency
                    ? AmountFormatter.string(Money(minorUnits: totals.expenses, currency: currency)) : "—",
                net: sameCurrency ? AmountFormatter.signedString(net) : "—",
                netTone: sameCurrency ? MonthView.tone(of: net) : "neutral",
                savingsRate: sameCurrency ? rate.map(PercentFormatter.string) ?? "—" : "—", style: style)
        }
    }

    static func entry(_ figures: Figures) -> SiteEntryView {
        let name = figures.month.displayName
        let income = AmountFormatter.string(figures.income)
        let expenses = AmountFormatter.string(figures.expenses)
        let net = AmountFormatter.signedString(figures.net)
        let rate = figures.savingsRate.map(PercentFormatter.string) ?? "—"
        var summary = "Income \(income), expenses \(expenses), net \(net)"
        if let savingsRate = figures.savingsRate {
            summary += " (savings rate \(PercentFormatter.string(savingsRate)))"
        }
        var health = "—"
        if let score = figures.healthScore {
            health = "\(score)" + (figures.healthGrade.map { " \($0)" } ?? "")
            summary += "; health score \(health)"
        }
        var restated = ""
        if figures.isPartial {
            // A month the exports do not cover whole (the month in progress) is not a month's figures yet.
            restated = "partial: the exports end before the month does"
            summary += ". Partial: the exports do not cover the whole month"
        }
        if let restatement = figures.restatement {
            let day = CivilDate(iso: restatement.recordedOn).map(MonthView.dayText) ?? restatement.recordedOn
            restated =
                (restated.isEmpty ? "" : restated + "; ")
                + (restatement.state == "locked" ? "changed since closed (locked)" : "restated \(day)")
            summary +=
                restatement.state == "locked"
                ? ". Its figures differ from its locked close" : ". Restated on \(day)"
            if let changes = restatement.changes { summary += ": \(changes)" }
        }
        let first = figures.month.adding(months: 1 - figures.netWorthSeries.count)
        let sparkline = Sparkline(
            values: figures.netWorthSeries,
            label: "Net worth, \(first.displayName) to \(name)"
        ).svg
        return SiteEntryView(
            month: figures.month.description, monthName: name, href: "\(figures.month)/index.html",
            markdownHref: "\(figures.month)/report.md", jsonHref: "\(figures.month)/report.json",
            income: income, expenses: expenses, net: net, netTone: MonthView.tone(of: figures.net),
            savingsRate: rate, id: "urn:closebook:report:\(figures.month)",
            // A restated month is news again: its feed entry is updated on the day of the restatement.
            updated: (figures.restatement?.recordedOn ?? figures.month.lastDay.isoString) + "T23:59:59Z",
            summary: summary + ".",
            healthScore: health, sparkline: sparkline, yearHref: YearView.fileName(figures.month.year),
            restated: restated)
    }
}
