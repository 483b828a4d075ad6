/// `monthOverMonthChange` (seed 003): this month's expenses against last month's,
/// (E(M) − E(M−1)) ÷ E(M−1). Warning over +20%, positive under −10%, neutral between (both
/// boundaries neutral). A warning is weighed by `SpendingRise` (said once, and in proportion).
struct MonthOverMonthChangeCard: InsightCard {
    let type = "monthOverMonthChange"
    let category = InsightCategory.spending

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let month: MonthChange
        switch MonthChange.of(\.expenses, in: facts, noneBefore: "no spending last month") {
        case .success(let found): month = found
        case .failure(let omission): return .omitted(omission.reason)
        }
        let change = month.change
        let severity: InsightSeverity = change > 0.20 ? .warning : change < -0.10 ? .positive : .neutral
        return .fired(
            SpendingRise.weigh(
                .monthOverMonthChange, facts,
                Insight(
                    title: "Spending vs last month",
                    message:
                        "You spent \(facts.money(Int64(clamping: month.now))) this month, \(month.comparison) last "
                        + "month's \(facts.money(Int64(clamping: month.before))).",
                    metric: InsightFacts.percentMetric(change), severity: severity)))
    }
}
