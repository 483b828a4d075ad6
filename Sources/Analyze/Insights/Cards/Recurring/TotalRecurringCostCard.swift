import AnalysisFile

/// `totalRecurringCost` (seed 003): the monthly cost of every active recurring series that takes money
/// out (each scaled to a month by its cadence: weekly × 52/12, quarterly ÷ 3, …), in base at the rate
/// of the month's last day. Neutral. The message gives its share of the month's income when there was
/// income; the detail lists the series, dearest first.
///
/// Adaptation: the series are those the recurring detector sees at the month end, so a closed month
/// counts what was still being paid on its last day.
struct TotalRecurringCostCard: InsightCard {
    let type = "totalRecurringCost"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.recurring

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let outgoings = facts.recurringOutgoings
        guard !outgoings.isEmpty else { return .omitted("no recurring payments detected") }
        let total = facts.recurringExpenses
        let rows = outgoings.map { (payee: facts.seriesPayee($0.entry), monthly: $0.monthly) }
            .sorted { $0.monthly != $1.monthly ? $0.monthly > $1.monthly : $0.payee < $1.payee }
        let count = rows.count
        var message =
            "Your \(count) recurring payment\(count == 1 ? "" : "s") cost \(facts.money(total)) a month"
        let income = facts.current.income
        if income > 0 {
            let share = Double(total) / Double(income)
            message += ", \(InsightFacts.percent(share)) of this month's income"
        }
        return .fired(
            Insight(
                title: "Recurring costs", message: message + ".", metric: facts.moneyMetric(total),
                severity: .neutral,
                detail: rows.map { InsightPoint(label: $0.payee, value: facts.decimal($0.monthly)) }))
    }
}
