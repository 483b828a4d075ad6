import Ledger

/// Twelve months of income and expenses as paired bars, with the net as a line of dots.
///
/// Plain inline SVG with no script: every bar and dot has a `<title>` with its exact amount, so
/// the figures show on hover and reach screen readers. Colours come from CSS classes
/// (`bar-income`, `bar-expenses`, `net-line`, `net-dot`) with fill attributes as a fallback, so
/// `style.css` can restyle it and switch it to dark mode. User text never appears in this chart.
public struct TrendChart: Sendable {
    public var points: [MonthReport.TrendPoint]
    public var currency: Currency

    public init(points: [MonthReport.TrendPoint], currency: Currency) {
        self.points = points
        self.currency = currency
    }

    static let width = 480.0
    static let height = 240.0
    static let plotLeft = 56.0
    static let plotRight = 474.0
    static let plotTop = 30.0
    static let plotBottom = 200.0

    /// The chart, or an empty string without any month.
    public var svg: String {
        guard let first = points.first, let last = points.last else { return "" }
        let n = SVGNumber.string
        var values: [Double] = []
        for point in points {
            values += [point.income.approximateValue, point.expenses.approximateValue, point.net.approximateValue]
        }
        let scale = ChartScale(values: values, targetTicks: 5, start: Self.plotBottom, end: Self.plotTop)
        let label =
            "Income, expenses and net by month, \(first.month.displayName) to \(last.month.displayName)"
        var svg = """
            <svg class="chart chart-trend" viewBox="0 0 \(n(Self.width)) \(n(Self.height))" \
            role="img" aria-label="\(label)" font-family="system-ui, sans-serif" font-size="12" \
            xmlns="http://www.w3.org/2000/svg">

            """
        svg += legend()
        for tick in scale.ticks {
            let y = n(scale.position(tick))
            let isZero = tick == 0
            svg += "<line class=\"\(isZero ? "axis-zero" : "grid")\" x1=\"\(n(Self.plotLeft))\" y1=\"\(y)\" "
            svg +=
                "x2=\"\(n(Self.plotRight))\" y2=\"\(y)\" stroke=\"\(isZero ? "#888" : "#ddd")\" stroke-width=\"1\"/>\n"
            svg += "<text class=\"tick\" x=\"\(n(Self.plotLeft - 6))\" y=\"\(n(scale.position(tick) + 4))\" "
            svg +=
                "text-anchor=\"end\" fill=\"#666\">\(AmountFormatter.compactString(tick, currency: currency))</text>\n"
        }

        let slot = (Self.plotRight - Self.plotLeft) / Double(points.count)
        let barWidth = min(slot * 0.36, 24)
        let zero = scale.position(0)
        var netPoints: [String] = []
        var dots = ""
        for (index, point) in points.enumerated() {
            let center = Self.plotLeft + slot * (Double(index) + 0.5)
            let name = point.month.displayName
            svg += bar(
                "bar-income", "#2e7d5b", x: center - barWidth - 1, width: barWidth, zero: zero,
                top: scale.position(point.income.approximateValue),
                title: "\(name) income: \(AmountFormatter.string(point.income))")
            svg += bar(
                "bar-expenses", "#c0504d", x: center + 1, width: barWidth, zero: zero,
                top: scale.position(point.expenses.approximateValue),
                title: "\(name) expenses: \(AmountFormatter.string(point.expenses))")
            let netY = scale.position(point.net.approximateValue)
            netPoints.append("\(n(center)),\(n(netY))")
            dots += "<circle class=\"net-dot\" cx=\"\(n(center))\" cy=\"\(n(netY))\" r=\"3.5\" fill=\"#1f4e79\">"
            dots += "<title>\(name) net: \(AmountFormatter.signedString(point.net))</title></circle>\n"

            let isCurrent = index == points.count - 1
            svg += "<text class=\"month\(isCurrent ? " current" : "")\" x=\"\(n(center))\" "
            svg += "y=\"\(n(Self.plotBottom + 16))\" text-anchor=\"middle\" fill=\"#444\""
            svg += isCurrent ? " font-weight=\"bold\">" : ">"
            svg += "\(MonthView.shortMonthNames[point.month.month - 1])</text>\n"
            if index == 0 || point.month.month == 1 {
                svg += "<text class=\"year\" x=\"\(n(center))\" y=\"\(n(Self.plotBottom + 31))\" "
                svg += "text-anchor=\"middle\" fill=\"#666\">\(point.month.year)</text>\n"
            }
        }
        if netPoints.count > 1 {
            svg += "<polyline class=\"net-line\" points=\"\(netPoints.joined(separator: " "))\" "
            svg += "fill=\"none\" stroke=\"#1f4e79\" stroke-width=\"2\"/>\n"
        }
        svg += dots
        svg += "</svg>"
        return svg
    }

    private func bar(
        _ cssClass: String, _ fill: String, x: Double, width: Double, zero: Double, top: Double, title: String
    ) -> String {
        let n = SVGNumber.string
        let y = min(top, zero)
        let height = abs(zero - top)
        return "<rect class=\"\(cssClass)\" x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" "
            + "height=\"\(n(height))\" fill=\"\(fill)\"><title>\(title)</title></rect>\n"
    }

    private func legend() -> String {
        """
        <g class="legend" fill="#444">\
        <rect class="bar-income" x="56" y="5" width="12" height="12" fill="#2e7d5b"/>\
        <text x="73" y="15">Income</text>\
        <rect class="bar-expenses" x="150" y="5" width="12" height="12" fill="#c0504d"/>\
        <text x="167" y="15">Expenses</text>\
        <line class="net-line" x1="262" y1="11" x2="282" y2="11" stroke="#1f4e79" stroke-width="2"/>\
        <circle class="net-dot" cx="272" cy="11" r="3.5" fill="#1f4e79"/>\
        <text x="288" y="15">Net</text></g>

        """
    }
}
