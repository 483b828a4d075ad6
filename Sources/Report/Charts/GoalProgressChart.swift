import AnalysisFile
import Ledger

/// Each goal's progress to its target, and what it needs a month against what it gets.
///
/// The progress bar runs to the target; the two thin bars below share one scale across goals, so a
/// goal that gets less than it needs shows a shorter second bar, and the text above them says both
/// amounts. Goal names are user text: escaped.
public struct GoalProgressChart: Sendable {
    public var goals: [PlanGoalEntry]

    public init(goals: [PlanGoalEntry]) {
        self.goals = goals
    }

    static let width = 480.0
    static let rowHeight = 84.0

    /// The chart, or an empty string without a goal.
    public var svg: String {
        guard !goals.isEmpty else { return "" }
        let n = SVGNumber.string
        func money(_ text: String, _ code: String) -> Money? {
            Currency(code: code).flatMap { try? Money.parse(text, currency: $0) }
        }
        var largest = 0.0
        for goal in goals {
            largest = max(
                largest, money(goal.requiredMonthly, goal.currency)?.approximateValue ?? 0,
                money(goal.allotted, goal.currency)?.approximateValue ?? 0)
        }
        let barWidth = Self.width - 4
        func monthlyWidth(_ value: Double) -> Double {
            guard largest > 0, value.isFinite, value > 0 else { return 0 }
            return max(min(value, largest) / largest * barWidth, 1)
        }
        let height = Double(goals.count) * Self.rowHeight
        var svg = """
            <svg class="chart chart-goals" viewBox="0 0 \(n(Self.width)) \(n(height))" role="img" \
            aria-labelledby="goals-title" font-family="system-ui, sans-serif" font-size="13" \
            xmlns="http://www.w3.org/2000/svg">
            <title id="goals-title">Progress of each goal, and what it needs a month against what it gets</title>

            """
        for (index, goal) in goals.enumerated() {
            let top = Double(index) * Self.rowHeight
            let progress = goal.progress.isFinite ? min(max(goal.progress, 0), 1) : 0
            let target = EngineValueFormatter.amount(goal.target, code: goal.currency)
            let required = EngineValueFormatter.amount(goal.requiredMonthly, code: goal.currency)
            let allotted = EngineValueFormatter.amount(goal.allotted, code: goal.currency)
            svg += "<text class=\"label\" x=\"2\" y=\"\(n(top + 14))\" fill=\"#333\">"
            svg += "\(TextEscaping.xml(CategoryChart.shortened(goal.name)))</text>\n"
            svg += "<text class=\"value\" x=\"\(n(Self.width - 2))\" y=\"\(n(top + 14))\" text-anchor=\"end\" "
            svg += "fill=\"#333\">\(PercentFormatter.string(goal.progress)) of \(TextEscaping.xml(target))</text>\n"
            svg += "<rect class=\"bar-track\" x=\"2\" y=\"\(n(top + 20))\" width=\"\(n(barWidth))\" height=\"10\" "
            svg += "rx=\"2\" fill=\"#e4e2dc\"/>\n"
            svg += "<rect class=\"bar-progress\" x=\"2\" y=\"\(n(top + 20))\" width=\"\(n(progress * barWidth))\" "
            svg += "height=\"10\" rx=\"2\" fill=\"#4a7fb5\"><title>\(TextEscaping.xml(goal.name)): "
            svg += "\(PercentFormatter.string(goal.progress)) of \(TextEscaping.xml(target))</title></rect>\n"
            let short =
                (money(goal.allotted, goal.currency)?.minorUnits ?? 0)
                < (money(goal.requiredMonthly, goal.currency)?.minorUnits ?? 0)
            svg += "<text class=\"tick\" x=\"2\" y=\"\(n(top + 48))\" fill=\"#666\">Needs "
            svg += "\(TextEscaping.xml(required)) a month · gets \(TextEscaping.xml(allotted))"
            svg += "\(short ? " (short)" : "")</text>\n"
            let requiredWidth = monthlyWidth(money(goal.requiredMonthly, goal.currency)?.approximateValue ?? 0)
            let allottedWidth = monthlyWidth(money(goal.allotted, goal.currency)?.approximateValue ?? 0)
            svg += "<rect class=\"bar-required\" x=\"2\" y=\"\(n(top + 54))\" width=\"\(n(requiredWidth))\" "
            svg += "height=\"6\" fill=\"#888\"><title>Needs \(TextEscaping.xml(required)) a month</title></rect>\n"
            svg += "<rect class=\"bar-allotted\" x=\"2\" y=\"\(n(top + 62))\" width=\"\(n(allottedWidth))\" "
            svg += "height=\"6\" fill=\"#4a7fb5\"><title>Gets \(TextEscaping.xml(allotted))</title></rect>\n"
        }
        svg += "</svg>"
        return svg
    }
}
