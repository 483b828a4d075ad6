import AnalysisFile
import Ledger
import Mustache

/// Everything `account.html.mustache` and `account.md.mustache` show of one account, as
/// ready-made text: its balance or value at every month end (a chart and a table), its statements'
/// coverage by month, its largest movements, its valuations and, for a valued account, the growth
/// split and annual return. Built like `MonthView`: flat, pre-formatted, `has…` flags.
public struct AccountPageView: MustacheParent, Sendable {
    public var name: String
    /// `Investment · GBP`.
    public var kindLine: String
    /// `November 2026`: the month whose end the page runs to.
    public var monthName: String
    /// `../2026-11/index.html` (or `report.md`).
    public var monthHref: String
    public var markdownHref: String
    public var jsonHref: String
    public var style: String
    /// `Balance` or `Value` (a valued account).
    public var subject: String
    /// The latest known balance, or `—`.
    public var latest: String
    /// `at the end of November 2026`, `valued on 30 Sep 2026`.
    public var latestNote: String
    /// `1,016 transactions, 2 Sep 2024 to 18 Nov 2026.`, or `No transactions.`
    public var activity: String
    /// Inline SVG (HTML) or a Markdown image of the chart's file; empty without a known balance.
    public var chart: String
    public var growth: AccountGrowthView?
    public var valuations: [AccountValueRowView]
    /// A sentence on the statements, including which months are partly covered or missing.
    public var coverageSummary: String
    public var coverageYears: [AccountCoverageYearView]
    /// `2026`.
    public var year: String
    public var largestThisYear: [AccountMovementRowView]
    public var largestAllTime: [AccountMovementRowView]
    public var monthEnds: [AccountValueRowView]

    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "kindLine": kindLine
        case "monthName": monthName
        case "monthHref": monthHref
        case "markdownHref": markdownHref
        case "jsonHref": jsonHref
        case "style": style
        case "subject": subject
        case "latest": latest
        case "latestNote": latestNote
        case "activity": activity
        case "chart": chart
        case "hasChart": !chart.isEmpty
        case "growth": growth
        case "hasGrowth": growth != nil
        case "valuations": valuations
        case "hasValuations": !valuations.isEmpty
        case "coverageSummary": coverageSummary
        case "coverageYears": coverageYears
        case "hasCoverage": !coverageYears.isEmpty
        case "year": year
        case "largestThisYear": largestThisYear
        case "hasLargestThisYear": !largestThisYear.isEmpty
        case "largestAllTime": largestAllTime
        case "hasLargestAllTime": !largestAllTime.isEmpty
        case "monthEnds": monthEnds
        case "hasMonthEnds": !monthEnds.isEmpty
        default: nil
        }
    }
}
