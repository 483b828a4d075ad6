import AnalysisFile

/// `budgetUnderutilized` (seed 003): budgets (over 0) with under 80% used at the month's end
/// (exactly 80% is not under). Positive with their number as the metric and each one's used
/// percent in the detail; quiet when none is under.
///
/// Closed-month adaptation: the seed asks for fewer than 7 days remaining; a closed month has none
/// left, so the condition holds. The month in progress (see `MonthProgress`) is judged only when
/// fewer than 7 of its days remain after its latest transaction, and is quiet before. A quarterly or
/// yearly budget is judged only in its period's last month, on the money out of the whole period.
struct BudgetUnderutilizedCard: InsightCard {
    let type = "budgetUnderutilized"
    let detailUnit: InsightDetailUnit? = .percent
    let category = InsightCategory.budget

    static let daysRemaining = 7

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard !facts.context.settings.budgets.isEmpty else { return .omitted("no budgets set") }
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        guard MonthProgress(facts).daysRemaining < BudgetUnderutilizedCard.daysRemaining else { return .quiet }
        // spent ÷ budget < 0.8, in integers: 10 × spent < 8 × budget.
        let under = facts.budgetsToDate().filter {
            $0.period.isLastMonth(facts.month) && $0.budget > 0 && Int128($0.spent) * 10 < Int128($0.budget) * 8
        }
        guard !under.isEmpty else { return .quiet }
        let used = under.map {
            (category: $0.category, budget: $0.budget, share: InsightFacts.ratio(Int128($0.spent), Int128($0.budget)))
        }
        let list = used.map { "\($0.category) \(InsightFacts.percent($0.share)) of \(facts.money($0.budget))" }
            .joined(separator: ", ")
        let count = under.count
        return .fired(
            Insight(
                title: "Budget room left",
                message: "You used under 80% of \(count) budget\(count == 1 ? "" : "s"): \(list).",
                metric: InsightMetric(value: String(count), unit: "count"), severity: .positive,
                detail: used.map { InsightPoint(label: $0.category, value: InsightFacts.number($0.share * 100)) }))
    }
}
