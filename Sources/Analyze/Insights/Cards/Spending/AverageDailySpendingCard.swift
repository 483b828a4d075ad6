/// `averageDailySpending` (seed 003): the month's expenses ÷ its days, rounded half to even to the
/// minor unit. Neutral.
///
/// Closed-month adaptation: a closed month divides by all its days. Only the month in progress (the
/// data's last month, when its latest transaction is dated before the month's last day; see
/// `MonthProgress`) divides by the days elapsed, the day of the month of that latest transaction.
/// A month whose refunds outweigh its spending has no daily spending to state and is omitted.
struct AverageDailySpendingCard: InsightCard {
    let type = "averageDailySpending"
    let category = InsightCategory.spending

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        let expenses = facts.current.expenses
        guard expenses > 0 else { return .omitted("no spending this month") }
        let progress = MonthProgress(facts)
        let days = progress.daysElapsed
        let average = InsightFacts.scaled(expenses, by: 1, over: days)
        let span =
            progress.isInProgress
            ? "the first \(days) day\(days == 1 ? "" : "s") of \(facts.month.displayName)"
            : "the \(days) days of \(facts.month.displayName)"
        return .fired(
            Insight(
                title: "Average daily spending",
                message:
                    "You spent \(facts.money(average)) a day on average over \(span) "
                    + "(\(facts.money(Int64(clamping: expenses))) in all).",
                metric: facts.moneyMetric(average), severity: .neutral))
    }
}
