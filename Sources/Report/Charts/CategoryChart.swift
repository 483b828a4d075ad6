import Ledger

/// The month's largest expense categories as horizontal bars, each with its budget marked.
///
/// Bars share one scale, wide enough for the largest amount or budget, so a bar that passes its
/// marker is over budget at a glance; such bars also get the class `bar-over` and say so in
/// their `<title>`, so colour is never the only sign. Category names are user text: escaped.
public struct CategoryChart: Sendable {
    public var lines: [MonthReport.CategoryLine]
    public var currency: Currency
    /// How many categories to draw; the table under the chart lists them all.
    public var limit: Int

    public init(lines: [MonthReport.CategoryLine], currency: Currency, limit: Int = 8) {
        self.lines = lines
        self.currency = currency
        self.limit = limit
    }

    static let width = 480.0
    static let rowHeight = 40.0
    /// Longest category label drawn; longer names are cut with an ellipsis (the table has them whole).
    static let labelLimit = 26

    /// The chart, or an empty string without any spending.
    ///
    /// Each category is a line of text (name left, amount right) over a full-width bar, so long
    /// names fit and the text stays legible when a phone scales the chart down.
    public var svg: String {
        let shown = Array(lines.filter { $0.amount.isPositive }.prefix(limit))
        guard !shown.isEmpty else { return "" }
        let n = SVGNumber.string
        let hasBudget = shown.contains { $0.budget != nil }
        let height = Double(shown.count) * Self.rowHeight + (hasBudget ? 24 : 4)
        var largest = 0.0
        for line in shown {
            largest = max(largest, line.amount.approximateValue, line.budget?.approximateValue ?? 0)
        }
        let full = largest > 0 ? largest : 1
        let barWidth = Self.width - 4
        func x(_ value: Double) -> Double { 2 + value / full * barWidth }

        var svg = """
            <svg class="chart chart-categories" viewBox="0 0 \(n(Self.width)) \(n(height))" \
            role="img" aria-label="Largest spending categories with their budgets" \
            font-family="system-ui, sans-serif" font-size="13" xmlns="http://www.w3.org/2000/svg">

            """
        for (index, line) in shown.enumerated() {
            let top = Double(index) * Self.rowHeight
            let over = line.budgetRemaining?.isNegative == true
            let amount = AmountFormatter.string(line.amount)
            var title = "\(line.category): \(amount), \(PercentFormatter.string(line.share)) of spending"
            if let budget = line.budget {
                title += ", \(line.budgetUsed.map(PercentFormatter.string) ?? "—") of a "
                title += "\(AmountFormatter.string(budget)) budget\(over ? " (over budget)" : "")"
            }
            svg += "<text class=\"label\" x=\"2\" y=\"\(n(top + 15))\" fill=\"#333\">"
            svg += "\(TextEscaping.xml(Self.shortened(line.category)))</text>\n"
            svg += "<text class=\"value\" x=\"\(n(Self.width - 2))\" y=\"\(n(top + 15))\" text-anchor=\"end\" "
            svg += "fill=\"#333\">\(amount)\(over ? " · over budget" : "")</text>\n"
            svg += "<rect class=\"\(over ? "bar-over" : "bar-category")\" x=\"2\" y=\"\(n(top + 21))\" "
            svg += "width=\"\(n(max(x(line.amount.approximateValue) - 2, 1)))\" height=\"12\" rx=\"2\" "
            svg += "fill=\"\(over ? "#c0504d" : "#4a7fb5")\"><title>\(TextEscaping.xml(title))</title></rect>\n"
            if let budget = line.budget {
                let bx = n(min(x(budget.approximateValue), Self.width - 1))
                svg += "<line class=\"budget-mark\" x1=\"\(bx)\" y1=\"\(n(top + 18))\" x2=\"\(bx)\" "
                svg += "y2=\"\(n(top + 36))\" stroke=\"#222\" stroke-width=\"2\">"
                svg += "<title>Budget \(AmountFormatter.string(budget))</title></line>\n"
            }
        }
        if hasBudget {
            let y = Double(shown.count) * Self.rowHeight + 8
            svg += "<g class=\"legend\" fill=\"#444\"><line class=\"budget-mark\" x1=\"3\" y1=\"\(n(y))\" "
            svg += "x2=\"3\" y2=\"\(n(y + 14))\" stroke=\"#222\" stroke-width=\"2\"/>"
            svg += "<text x=\"10\" y=\"\(n(y + 12))\">budget</text></g>\n"
        }
        svg += "</svg>"
        return svg
    }

    /// The name cut to `labelLimit` characters with an ellipsis.
    static func shortened(_ name: String) -> String {
        name.count <= labelLimit ? name : String(name.prefix(labelLimit - 1)) + "…"
    }
}
