/// `monthOverMonthChange` (seed 003): this month's expenses against last month's,
/// (E(M) − E(M−1)) ÷ E(M−1). Warning over +20%, positive under −10%, neutral between (both
/// boundaries neutral).
struct MonthOverMonthChangeCard: InsightCard {
    let type = "monthOverMonthChange"
    let category = InsightCategory.spending

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        guard let previous = facts.previous else { return .omitted("needs 2 months of history") }
        guard previous.expenses > 0 else { return .omitted("no spending last month") }
        let now = facts.current.expenses
        let change = InsightFacts.ratio(now - previous.expenses, previous.expenses)
        let severity: InsightSeverity = change > 0.20 ? .warning : change < -0.10 ? .positive : .neutral
        let rounded = InsightFacts.number(change * 100)
        let direction =
            rounded == "0"
            ? "about the same as"
            : "\(InsightFacts.percent(abs(change))) \(change > 0 ? "more" : "less") than"
        return .fired(
            Insight(
                title: "Spending vs last month",
                message:
                    "You spent \(facts.money(InsightFacts.clamp(now))) this month, \(direction) last month's "
                    + "\(facts.money(InsightFacts.clamp(previous.expenses))).",
                metric: InsightFacts.percentMetric(change), severity: severity))
    }
}
