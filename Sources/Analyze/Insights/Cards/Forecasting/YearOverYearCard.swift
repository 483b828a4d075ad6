/// `yearOverYear` (seed 003): this month's expenses against the same calendar month a year earlier.
/// change = (this − then) ÷ then: positive when lower, warning when higher by more than 15% (exactly
/// 15% is neutral), neutral otherwise. A warning is weighed by `SpendingRise` (said once, and in
/// proportion).
struct YearOverYearCard: InsightCard {
    let type = "yearOverYear"
    let category = InsightCategory.forecasting

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        guard let yearAgo = facts.flows(-12) else { return .omitted("needs the same month last year") }
        let before = yearAgo.expenses
        guard before > 0 else { return .omitted("no spending that month") }
        let now = facts.current.expenses
        let severity: InsightSeverity =
            now < before ? .positive : (now - before) * 100 > before * 15 ? .warning : .neutral
        let change = Double(now - before) / Double(before)
        let then = facts.month.adding(months: -12)
        let direction =
            now == before
            ? "the same as"
            : "\(InsightFacts.percent(abs(change))) \(now > before ? "more" : "less") than"
        return .fired(
            SpendingRise.weigh(
                .yearOverYear, facts,
                Insight(
                    title: "Year over year",
                    message:
                        "You spent \(facts.money(Int64(clamping: now))) in \(facts.month.displayName), \(direction) "
                        + "the \(facts.money(Int64(clamping: before))) of \(then.displayName).",
                    metric: InsightFacts.percentMetric(change), severity: severity)))
    }
}
