import Ledger

/// Each budgeted category's spending as a share of its budget, with the budget at a marked line.
///
/// Bars share one scale that reaches at least the budget (100%) and at most twice it, so every
/// marker sits at the same place and an overspend shows as a bar past it. An overspent category
/// says `over` in its label as well as in colour. Category names are user text: escaped.
public struct BudgetProgressChart: Sendable {
    public var lines: [MonthReport.CategoryLine]

    public init(lines: [MonthReport.CategoryLine]) {
        self.lines = lines
    }

    static let width = 480.0
    static let rowHeight = 38.0
    /// The scale never runs past twice the budget; longer bars stop at the edge and say so.
    static let maximumShare = 2.0

    /// The chart, or an empty string without a positive budget.
    public var svg: String {
        let shown = lines.filter { ($0.budget?.isPositive ?? false) && $0.budgetUsed?.isFinite == true }
        guard !shown.isEmpty else { return "" }
        let n = SVGNumber.string
        let largest = shown.compactMap(\.budgetUsed).max() ?? 1
        let full = min(max(largest, 1), Self.maximumShare)
        let barWidth = Self.width - 4
        func x(_ share: Double) -> Double { 2 + min(max(share, 0), full) / full * barWidth }
        let height = Double(shown.count) * Self.rowHeight + 4
        var svg = """
            <svg class="chart chart-budgets" viewBox="0 0 \(n(Self.width)) \(n(height))" role="img" \
            aria-labelledby="budgets-title" font-family="system-ui, sans-serif" font-size="13" \
            xmlns="http://www.w3.org/2000/svg">
            <title id="budgets-title">Spending against each budget; the line marks the budget</title>

            """
        for (index, line) in shown.enumerated() {
            let top = Double(index) * Self.rowHeight
            let used = line.budgetUsed ?? 0
            let over = line.budgetRemaining?.isNegative == true
            let budget = line.budget.map(AmountFormatter.string) ?? ""
            let label = "\(PercentFormatter.string(used)) of \(budget)\(over ? " · over" : "")"
            svg += "<text class=\"label\" x=\"2\" y=\"\(n(top + 14))\" fill=\"#333\">"
            svg += "\(TextEscaping.xml(CategoryChart.shortened(line.category)))</text>\n"
            svg += "<text class=\"value\" x=\"\(n(Self.width - 2))\" y=\"\(n(top + 14))\" text-anchor=\"end\" "
            svg += "fill=\"#333\">\(label)</text>\n"
            svg += "<rect class=\"bar-track\" x=\"2\" y=\"\(n(top + 20))\" width=\"\(n(barWidth))\" height=\"10\" "
            svg += "rx=\"2\" fill=\"#e4e2dc\"/>\n"
            let width = max(x(used) - 2, used > 0 ? 1 : 0)
            svg += "<rect class=\"\(over ? "bar-over" : "bar-progress")\" x=\"2\" y=\"\(n(top + 20))\" "
            svg += "width=\"\(n(width))\" height=\"10\" rx=\"2\" fill=\"\(over ? "#c0504d" : "#4a7fb5")\">"
            svg += "<title>\(TextEscaping.xml(line.category)): \(AmountFormatter.string(line.amount)), \(label)"
            svg += "</title></rect>\n"
            let mark = n(x(1))
            svg += "<line class=\"budget-mark\" x1=\"\(mark)\" y1=\"\(n(top + 17))\" x2=\"\(mark)\" "
            svg += "y2=\"\(n(top + 33))\" stroke=\"#222\" stroke-width=\"2\"/>\n"
        }
        svg += "</svg>"
        return svg
    }
}
