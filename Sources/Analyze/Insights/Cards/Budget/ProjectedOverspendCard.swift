import AnalysisFile

/// `projectedOverspend` (seed 003): budgets not over this month whose pace would take them over.
/// Warning, with the total projected excess as the metric and each budget's projection in the
/// detail; quiet when none would go over.
///
/// Closed-month adaptation: nothing is left to project inside a closed month, so the card projects
/// the next one. Each budget's burn is its money out over the last 3 months of the data (this one
/// included) ÷ their days; the projection is burn × the days of the next month, rounded half to
/// even. For the month in progress (the data's last month, when its latest transaction is dated
/// before the month's last day; see `MonthProgress`), the burn is this month's money out ÷ the day
/// of the month of that latest transaction, and the projection is burn × the days of this month.
/// A projection over the budget (not equal to it) fires. A quarterly or yearly budget adds what its
/// period has spent so far when the projected month is in the same period (a new period starts
/// from 0, as every monthly budget does).
struct ProjectedOverspendCard: InsightCard {
    let type = "projectedOverspend"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.budget

    static let months = 3

    /// Each budget not over this month, with its projection.
    static func projections(_ facts: InsightFacts) -> [(category: String, budget: Int64, projected: Int64)] {
        let now = facts.budgetsToDate().filter { $0.spent <= $0.budget }
        guard !now.isEmpty else { return [] }
        let progress = MonthProgress(facts)
        if progress.isInProgress {
            return now.map {
                (
                    $0.category, $0.budget,
                    $0.spent - $0.spentThisMonth
                        + InsightFacts.scaled(
                            Int128($0.spentThisMonth), by: progress.dayCount, over: progress.daysElapsed)
                )
            }
        }
        let next = facts.month.adding(months: 1)
        let months = facts.window(months)
        var totals = [Int128](repeating: 0, count: now.count)
        for month in months {
            guard let flows = facts.context.flows(of: month) else { continue }
            let spent = Dictionary(uniqueKeysWithValues: facts.budgets(flows).map { ($0.category, $0.spent) })
            for (index, budget) in now.enumerated() { totals[index] += Int128(spent[budget.category] ?? 0) }
        }
        let days = months.reduce(0) { $0 + $1.dayCount }
        let nextDays = facts.month.adding(months: 1).dayCount
        return now.enumerated().map { index, budget in
            let samePeriod = budget.period.firstMonth(of: next) == budget.period.firstMonth(of: facts.month)
            let carried = samePeriod ? budget.spent : 0
            return (
                budget.category, budget.budget, carried + InsightFacts.scaled(totals[index], by: nextDays, over: days)
            )
        }
    }

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard !facts.context.settings.budgets.isEmpty else { return .omitted("no budgets set") }
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        let over = ProjectedOverspendCard.projections(facts).filter { $0.projected > $0.budget }
        guard let first = over.first else { return .quiet }
        let total = over.reduce(Int64(0)) { $0 + ($1.projected - $1.budget) }
        let progress = MonthProgress(facts)
        let pace =
            progress.isInProgress
            ? "At this month's pace so far"
            : "At the pace of the last \(facts.window(ProjectedOverspendCard.months).count) months"
        let when = progress.isInProgress ? "this month" : "next month"
        let others = over.count - 1
        let more = others == 0 ? "" : "; \(others) other budget\(others == 1 ? "" : "s") would too"
        return .fired(
            Insight(
                title: "Budget at risk",
                message:
                    "\(pace), \(first.category) would reach \(facts.money(first.projected)) \(when) against its "
                    + "\(facts.money(first.budget)) budget\(more).",
                metric: facts.moneyMetric(total), severity: .warning,
                detail: over.map { InsightPoint(label: $0.category, value: facts.decimal($0.projected)) }))
    }
}
