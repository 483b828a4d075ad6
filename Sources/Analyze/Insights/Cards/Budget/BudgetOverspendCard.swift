import AnalysisFile

/// `budgetOverspend` (seed 003): the budgets of `closebook.toml` whose money out this month (their
/// category and every category below it) is over the budget; exactly at the budget is not over. A
/// quarterly or yearly budget counts the money out of its period so far (`BudgetPeriod`).
/// The metric is the total over and the detail each budget's excess. Quiet when none is over.
///
/// Materiality (beyond the seed, which makes every overspend critical): a person acts on money, not
/// on a line crossed, so the severity weighs the total over against the budgets it went over and
/// against the household's month (the larger of its money in and money out):
/// - critical when the excess is at least `criticalShareOfBudget` of those budgets and at least
///   `criticalShareOfMonth` of the month;
/// - warning when it is at least `warningShareOfBudget` of those budgets (but not critical);
/// - neutral below that: 7p over a £200 dining budget is a rounding, not news.
///
/// What is known is not news: a quarterly or yearly budget that was already over stays over until
/// its period ends, so it is listed only in a month that spent against it, and only the part of
/// its excess that month's money out made (the whole excess at most) weighs in the severity.
/// Blown in July, a yearly holiday budget is not "over budget" again every month to December.
struct BudgetOverspendCard: InsightCard {
    let type = "budgetOverspend"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.budget

    /// The excess, as a share of the budgets it went over, from which the card is critical.
    static let criticalShareOfBudget = 0.10
    /// The excess, as a share of the month's money in or out (the larger), from which it is critical.
    static let criticalShareOfMonth = 0.01
    /// The excess, as a share of the budgets it went over, from which the card is a warning.
    static let warningShareOfBudget = 0.02

    /// The severity of going `excess` over `budget` (both the totals of the budgets over) in a month
    /// whose larger of money in and money out is `scale` (minor units).
    static func severity(excess: Int64, budget: Int64, scale: Int64) -> InsightSeverity {
        // A budget of 0 that is spent against is wholly over.
        let ofBudget = budget > 0 ? Double(excess) / Double(budget) : 1
        let ofMonth = scale > 0 ? Double(excess) / Double(scale) : 1
        if ofBudget >= criticalShareOfBudget, ofMonth >= criticalShareOfMonth { return .critical }
        return ofBudget >= warningShareOfBudget ? .warning : .neutral
    }

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard !facts.context.settings.budgets.isEmpty else { return .omitted("no budgets set") }
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        let over = facts.budgetsToDate().filter {
            $0.spent > $0.budget && ($0.period == .monthly || $0.spentThisMonth > 0)
        }
        guard !over.isEmpty else { return .quiet }
        let excesses = over.map { (category: $0.category, excess: $0.spent - $0.budget) }
        let total = excesses.reduce(Int64(0)) { $0 + $1.excess }
        let madeThisMonth = over.reduce(Int64(0)) {
            $0 + ($1.period == .monthly ? $1.spent - $1.budget : min($1.spent - $1.budget, $1.spentThisMonth))
        }
        let budgeted = over.reduce(Int64(0)) { $0 + $1.budget }
        let scale = Int64(clamping: max(facts.current.income, facts.current.expenses))
        let list = over.map {
            "\($0.category) by \(facts.money($0.spent - $0.budget)) (\(facts.money($0.spent)) of "
                + "\(facts.money($0.budget))\($0.period == .monthly ? "" : " " + $0.period.phrase))"
        }.joined(separator: ", ")
        let count = over.count
        return .fired(
            Insight(
                title: "Over budget",
                message:
                    count == 1
                    ? "You went over 1 budget: \(list)."
                    : "You went over \(count) budgets, by \(facts.money(total)) in all: \(list).",
                metric: facts.moneyMetric(total),
                severity: BudgetOverspendCard.severity(excess: madeThisMonth, budget: budgeted, scale: scale),
                detail: excesses.map { InsightPoint(label: $0.category, value: facts.decimal($0.excess)) }))
    }
}
