import AnalysisFile
import Ledger

/// Net worth at each month end as an area over (or under) zero; an account's page draws its own
/// balance with the same chart (`subject`, `idPrefix`).
///
/// The area is drawn from the zero line, so a household in debt sees it below the axis. Every
/// month has a dot with a `<title>` giving its exact total; the chart's `<title>` and `<desc>` say
/// what it shows and where it ends, for screen readers. No user text appears in it.
public struct NetWorthChart: Sendable {
    public var points: [(month: YearMonth, total: Money)]
    public var currency: Currency
    /// What is drawn, for the titles: `Net worth`, or an account's `Balance`.
    public var subject = "Net worth"
    /// Prefix of the title and description ids: unique on a page.
    public var idPrefix = "networth"

    /// Reads the analysis series; a point whose month or amount does not parse is left out.
    public init(series: [NetWorthPoint], currency: Currency) {
        points = series.compactMap { point in
            guard let month = YearMonth(point.month), let total = try? Money.parse(point.total, currency: currency)
            else { return nil }
            return (month, total)
        }
        self.currency = currency
    }

    /// `subject` at each of `points`' month ends.
    public init(points: [(month: YearMonth, total: Money)], currency: Currency, subject: String, idPrefix: String) {
        self.points = points
        self.currency = currency
        self.subject = subject
        self.idPrefix = idPrefix
    }

    static let width = 480.0
    static let height = 230.0
    static let plotLeft = 56.0
    static let plotRight = 470.0
    static let plotTop = 12.0
    static let plotBottom = 186.0
    /// At most this many months are drawn, the latest.
    static let monthLimit = 36

    /// The chart, or an empty string without any point.
    public var svg: String {
        let shown = Array(points.suffix(Self.monthLimit))
        guard let first = shown.first, let last = shown.last else { return "" }
        let n = SVGNumber.string
        let scale = ChartScale(
            values: shown.map(\.total.approximateValue), targetTicks: 4, start: Self.plotBottom, end: Self.plotTop)
        let axis = MonthAxis(months: shown.map(\.month), left: Self.plotLeft, right: Self.plotRight)
        let zero = scale.position(0)
        let summary =
            shown.count == 1
            ? "\(subject) at the end of \(last.month.displayName): \(AmountFormatter.signedString(last.total))."
            : "\(subject) from \(first.month.displayName) (\(AmountFormatter.signedString(first.total))) to "
                + "\(last.month.displayName) (\(AmountFormatter.signedString(last.total)))."
        var svg = """
            <svg class="chart chart-networth" viewBox="0 0 \(n(Self.width)) \(n(Self.height))" role="img" \
            aria-labelledby="\(idPrefix)-title \(idPrefix)-desc" font-family="system-ui, sans-serif" font-size="12" \
            xmlns="http://www.w3.org/2000/svg">
            <title id="\(idPrefix)-title">\(subject) by month</title>
            <desc id="\(idPrefix)-desc">\(summary)</desc>

            """
        svg += ValueAxis.gridlines(scale, left: Self.plotLeft, right: Self.plotRight, currency: currency)
        let line = shown.enumerated().map { index, point in
            "\(n(axis.position(index))),\(n(scale.position(point.total.approximateValue)))"
        }
        if shown.count > 1 {
            let area =
                ["\(n(axis.position(0))),\(n(zero))"] + line + ["\(n(axis.position(shown.count - 1))),\(n(zero))"]
            svg += "<polygon class=\"area\" points=\"\(area.joined(separator: " "))\" fill=\"#dbe6f2\"/>\n"
            svg += "<polyline class=\"net-line\" points=\"\(line.joined(separator: " "))\" fill=\"none\" "
            svg += "stroke=\"#1f4e79\" stroke-width=\"2\"/>\n"
        }
        for (index, point) in shown.enumerated() {
            let x = n(axis.position(index))
            let y = n(scale.position(point.total.approximateValue))
            let radius = index == shown.count - 1 || shown.count == 1 ? "4" : "2.5"
            svg += "<circle class=\"net-dot\" cx=\"\(x)\" cy=\"\(y)\" r=\"\(radius)\" fill=\"#1f4e79\">"
            svg += "<title>\(point.month.displayName): \(AmountFormatter.signedString(point.total))</title></circle>\n"
        }
        svg += axis.labels(y: Self.plotBottom + 16)
        svg += "</svg>"
        return svg
    }
}
