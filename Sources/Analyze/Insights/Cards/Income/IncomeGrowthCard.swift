/// `incomeGrowth` (seed 003): this month's income against last month's, (I(M) − I(M−1)) ÷ I(M−1).
/// Positive over +10%, warning under −10%, neutral between (both boundaries neutral).
struct IncomeGrowthCard: InsightCard {
    let type = "incomeGrowth"
    let category = InsightCategory.income

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        guard let previous = facts.previous else { return .omitted("needs 2 months of history") }
        guard previous.income > 0 else { return .omitted("no income last month") }
        let now = facts.current.income
        let change = InsightFacts.ratio(now - previous.income, previous.income)
        let severity: InsightSeverity = change > 0.10 ? .positive : change < -0.10 ? .warning : .neutral
        let rounded = InsightFacts.number(change * 100)
        let direction =
            rounded == "0"
            ? "about the same as"
            : "\(InsightFacts.percent(abs(change))) \(change > 0 ? "more" : "less") than"
        return .fired(
            Insight(
                title: "Income vs last month",
                message:
                    "You earned \(facts.money(InsightFacts.clamp(now))) this month, \(direction) last month's "
                    + "\(facts.money(InsightFacts.clamp(previous.income))).",
                metric: InsightFacts.percentMetric(change), severity: severity))
    }
}
