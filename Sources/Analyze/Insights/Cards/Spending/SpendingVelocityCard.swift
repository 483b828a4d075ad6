import AnalysisFile

/// `spendingVelocity` (seed 003): this month's daily rate of spending, E(M) ÷ days elapsed, against
/// last month's, E(M−1) ÷ days of M−1. Warning when the ratio is over 1.2, positive under 0.9,
/// neutral between (both boundaries neutral). The message gives the month's total at this rate,
/// rate × days of M, as a share of last month's expenses.
///
/// Closed-month adaptation: a closed month's days elapsed are all its days, so the card compares
/// daily rates, fair between a 28-day and a 31-day month. Only the month in progress (the data's
/// last month, when its latest transaction is dated before the month's last day; see
/// `MonthProgress`) uses the day of the month of that latest transaction, and projects its total.
///
/// A warning is weighed by `SpendingRise` (said once, and in proportion).
struct SpendingVelocityCard: InsightCard {
    let type = "spendingVelocity"
    let category = InsightCategory.spending

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        guard let previous = facts.previous else { return .omitted("needs 2 months of history") }
        guard previous.expenses > 0 else { return .omitted("no spending last month") }
        let progress = MonthProgress(facts)
        let previousDays = facts.month.adding(months: -1).dayCount
        let expenses = facts.current.expenses
        // rate ÷ previous rate = E(M) × days(M−1) ÷ (days elapsed × E(M−1)), one division.
        let ratio = InsightFacts.ratio(
            expenses * Int128(previousDays), previous.expenses * Int128(progress.daysElapsed))
        let severity: InsightSeverity = ratio > 1.2 ? .warning : ratio < 0.9 ? .positive : .neutral
        let rate = InsightFacts.scaled(expenses, by: 1, over: progress.daysElapsed)
        let previousRate = InsightFacts.scaled(previous.expenses, by: 1, over: previousDays)
        let projected = InsightFacts.scaled(expenses, by: progress.dayCount, over: progress.daysElapsed)
        let share = InsightFacts.ratio(Int128(projected), previous.expenses)
        let total =
            progress.isInProgress
            ? "at this rate the month comes to \(facts.money(projected))"
            : "the month came to \(facts.money(projected))"
        return .fired(
            SpendingRise.weigh(
                .spendingVelocity, facts,
                Insight(
                    title: "Spending pace",
                    message:
                        "You spent \(facts.money(rate)) a day against \(facts.money(previousRate)) a day last month "
                        + "(\(InsightFacts.ratioTimes(ratio))); \(total), \(InsightFacts.percent(share)) of "
                        + "last month's \(facts.money(Int64(clamping: previous.expenses))).",
                    metric: InsightMetric(value: InsightFacts.number(ratio, places: 2), unit: "ratio"),
                    severity: severity)))
    }

    /// This month's daily rate of spending ÷ last month's; nil without transactions or spending last
    /// month.
    static func ratio(_ facts: InsightFacts) -> Double? {
        guard facts.hasTransactions, let previous = facts.previous, previous.expenses > 0 else { return nil }
        let progress = MonthProgress(facts)
        return InsightFacts.ratio(
            facts.current.expenses * Int128(facts.month.adding(months: -1).dayCount),
            previous.expenses * Int128(progress.daysElapsed))
    }
}
