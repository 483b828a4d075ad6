import AnalysisFile

/// `categoryTrend` (seed 003): the month's top group (as `topSpendingCategory`) over the last six
/// months of the data, this one included. The run of consecutive month-on-month rises (or falls)
/// ending with this month decides: warning from 3 rises in a row, positive from 3 falls, neutral
/// otherwise (an unchanged month ends a run). The metric is the last change in percent; the detail
/// is the group's money out per month.
struct CategoryTrendCard: InsightCard {
    let type = "categoryTrend"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.spending

    static let months = 6
    static let runLength = 3

    /// The length of the run of rises (positive) or falls (negative) that ends with the last value.
    static func run(_ values: [Int64]) -> Int {
        var count = 0
        var index = values.count - 1
        guard index >= 1 else { return 0 }
        let rising = values[index] > values[index - 1]
        guard values[index] != values[index - 1] else { return 0 }
        while index >= 1, rising ? values[index] > values[index - 1] : values[index] < values[index - 1] {
            count += 1
            index -= 1
        }
        return rising ? count : -count
    }

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        guard let top = TopSpendingCategoryCard.top(facts) else { return .omitted("no spending this month") }
        let months = facts.window(CategoryTrendCard.months)
        guard months.count >= 2 else { return .omitted("needs 2 months of history") }
        let values = months.map { facts.groupSpending(top.name, in: facts.context.flows(of: $0) ?? MonthFlows()) }
        let before = values[values.count - 2]
        guard before > 0 else { return .omitted("no spending last month") }
        let change = InsightFacts.ratio(Int128(top.amount) - Int128(before), Int128(before))
        let run = CategoryTrendCard.run(values)
        let severity: InsightSeverity =
            run >= CategoryTrendCard.runLength ? .warning : run <= -CategoryTrendCard.runLength ? .positive : .neutral
        let runText: String
        if run >= CategoryTrendCard.runLength {
            runText = "has been rising for \(run) months"
        } else if run <= -CategoryTrendCard.runLength {
            runText = "has been falling for \(-run) months"
        } else {
            runText = "shows no lasting trend"
        }
        let rounded = InsightFacts.number(change * 100)
        let last =
            rounded == "0"
            ? "about the same as last month"
            : "\(InsightFacts.percent(abs(change))) \(change > 0 ? "up" : "down") on last month"
        return .fired(
            Insight(
                title: "\(top.name) trend",
                message:
                    "\(top.name) spending \(runText): \(facts.money(top.amount)) this month, \(last) "
                    + "(\(facts.money(before))).",
                metric: InsightFacts.percentMetric(change), severity: severity,
                detail: zip(months, values).map { InsightPoint(label: $0.description, value: facts.decimal($1)) }))
    }
}
