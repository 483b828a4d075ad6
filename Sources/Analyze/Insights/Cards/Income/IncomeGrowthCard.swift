/// `incomeGrowth` (seed 003): this month's income against last month's, (I(M) − I(M−1)) ÷ I(M−1).
/// Positive over +10%, warning under −10%, neutral between (both boundaries neutral).
struct IncomeGrowthCard: InsightCard {
    let type = "incomeGrowth"
    let category = InsightCategory.income

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let month: MonthChange
        switch MonthChange.of(\.income, in: facts, noneBefore: "no income last month") {
        case .success(let found): month = found
        case .failure(let omission): return .omitted(omission.reason)
        }
        let change = month.change
        let severity: InsightSeverity = change > 0.10 ? .positive : change < -0.10 ? .warning : .neutral
        return .fired(
            Insight(
                title: "Income vs last month",
                message:
                    "You earned \(facts.money(InsightFacts.clamp(month.now))) this month, \(month.comparison) last "
                    + "month's \(facts.money(InsightFacts.clamp(month.before))).",
                metric: InsightFacts.percentMetric(change), severity: severity))
    }
}
