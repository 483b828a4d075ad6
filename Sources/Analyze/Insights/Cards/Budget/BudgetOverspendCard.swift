import AnalysisFile

/// `budgetOverspend` (seed 003): the budgets of `closebook.toml` whose money out this month (their
/// category and every category below it) is over the budget; exactly at the budget is not over.
/// Critical, with the total over as the metric and each budget's excess in the detail. Quiet when
/// none is over.
struct BudgetOverspendCard: InsightCard {
    let type = "budgetOverspend"
    let category = InsightCategory.budget

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard !facts.context.settings.budgets.isEmpty else { return .omitted("no budgets set") }
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        let over = facts.budgets(facts.current).filter { $0.spent > $0.budget }
        guard !over.isEmpty else { return .quiet }
        let excesses = over.map { (category: $0.category, excess: $0.spent - $0.budget) }
        let total = excesses.reduce(Int64(0)) { $0 + $1.excess }
        let list = over.map {
            "\($0.category) by \(facts.money($0.spent - $0.budget)) (\(facts.money($0.spent)) of "
                + "\(facts.money($0.budget)))"
        }.joined(separator: ", ")
        let count = over.count
        return .fired(
            Insight(
                title: "Over budget",
                message:
                    count == 1
                    ? "You went over 1 budget: \(list)."
                    : "You went over \(count) budgets, by \(facts.money(total)) in all: \(list).",
                metric: facts.moneyMetric(total), severity: .critical,
                detail: excesses.map { InsightPoint(label: $0.category, value: facts.decimal($0.excess)) }))
    }
}
