import Ledger

/// `projectedBalance` (seed 003): the liquid balances (checking, savings, cash) at the month end
/// carried to the end of next month by the recurring series: liquid + (recurring income − recurring
/// payments, per month) × days of next month ÷ 30, rounded half to even to the minor unit. Positive
/// above 0, neutral at 0; below 0 critical when the gap is material (`Materiality`: at least 5% of
/// the larger of this month's income and expenses), else a warning.
///
/// Adaptation: the seed projects from today to the end of the current month; a closed month has no
/// days left, so the projection runs to the end of the month after it.
struct ProjectedBalanceCard: InsightCard {
    let type = "projectedBalance"
    let category = InsightCategory.cashFlow

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard let liquid = facts.liquidBalance else { return .omitted("no liquid account balance known") }
        let next = facts.month.adding(months: 1)
        let monthlyNet = Int128(facts.recurringIncome) - Int128(facts.recurringExpenses)
        let change = ExchangeRate.dividedRoundingHalfToEven(monthlyNet * Int128(next.dayCount), 30)
        let projected = Int64(clamping: Int128(liquid) + change)
        let scale = Materiality.scale(income: facts.current.income, expenses: facts.current.expenses)
        let severity: InsightSeverity =
            projected > 0
            ? .positive : projected < 0 ? Materiality.shortfallSeverity(-Double(projected), scale: scale) : .neutral
        return .fired(
            Insight(
                title: "Projected balance",
                message:
                    "Your liquid balances of \(facts.money(liquid)) should be about \(facts.money(projected)) at the "
                    + "end of \(next.displayName), with \(facts.money(facts.recurringIncome)) of recurring income and "
                    + "\(facts.money(facts.recurringExpenses)) of recurring payments a month.",
                metric: facts.moneyMetric(projected), severity: severity))
    }
}
