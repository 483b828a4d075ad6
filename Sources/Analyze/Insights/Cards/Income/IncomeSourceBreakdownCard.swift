import AnalysisFile

/// `incomeSourceBreakdown` (seed 003): the month's income categories with their share of its
/// income, largest first (categories that brought nothing in net are left out). Neutral; the metric
/// is the largest source's share.
struct IncomeSourceBreakdownCard: InsightCard {
    let type = "incomeSourceBreakdown"
    let detailUnit: InsightDetailUnit? = .percent
    let category = InsightCategory.income

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        let income = facts.current.income
        guard income > 0 else { return .omitted("no income this month") }
        let categories = facts.history.categories
        let sources = facts.current.byCategory.compactMap { index, entry in
            categories[index].isIncome && entry.sum > 0 ? (name: categories[index].name, amount: entry.sum) : nil
        }.sorted { $0.amount != $1.amount ? $0.amount > $1.amount : $0.name < $1.name }
        guard let largest = sources.first else { return .omitted("no income this month") }
        let share = InsightFacts.ratio(largest.amount, income)
        let count = sources.count
        return .fired(
            Insight(
                title: "Income sources",
                message:
                    "\(largest.name) brought \(InsightFacts.percent(share)) of your "
                    + "\(facts.money(Int64(clamping: income))) of income, from \(count) source"
                    + "\(count == 1 ? "" : "s").",
                metric: InsightFacts.percentMetric(share), severity: .neutral,
                detail: sources.map {
                    InsightPoint(
                        label: $0.name, value: InsightFacts.number(InsightFacts.ratio($0.amount, income) * 100))
                }))
    }
}
