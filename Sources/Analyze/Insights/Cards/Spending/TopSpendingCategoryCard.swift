import AnalysisFile

/// `topSpendingCategory` (seed 003): the top-level group with the most money out this month and its
/// share of the month's expenses. Warning when the share is over 50% and that is news, neutral
/// otherwise. The detail is the group's five largest categories.
///
/// News: the share is at least `newsPoints` above the group's usual share, its median over the
/// `usualMonths` months before with spending (or there are none). Rent that takes half of every
/// month's spending is how the household lives, not something that needs attention each month. The
/// median of a year, not the mean of a quarter: one lumpy month among three (a tax bill, a yearly
/// premium) pulls a mean of three down by a third of its weight, and the same rent then reads as news
/// in the month after; a median of twelve is what most months look like.
///
/// The same fact is said once: `subcategoryBreakdown` shows this group's parts and stays neutral.
struct TopSpendingCategoryCard: InsightCard {
    let type = "topSpendingCategory"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.spending

    /// Seed 003's share above which the top group is a warning.
    static let warningShare = 0.5
    /// Percentage points (as a ratio) the share must stand above its usual level to be news.
    static let newsPoints = 0.10
    /// Months before this one whose shares make the usual level (their median).
    static let usualMonths = 12

    /// Warning when `top` takes over half the month and more than usual, else neutral.
    static func severity(_ facts: InsightFacts, _ top: (name: String, amount: Int64, share: Double)) -> InsightSeverity
    {
        guard top.share > warningShare else { return .neutral }
        var shares: [Double] = []
        for back in 1...usualMonths {
            guard let flows = facts.context.flows(of: facts.month.adding(months: -back)), flows.expenses > 0 else {
                continue
            }
            let amount = facts.groups(flows).first { $0.name == top.name }?.amount ?? 0
            shares.append(InsightFacts.ratio(Int128(amount), flows.expenses))
        }
        guard !shares.isEmpty else { return .warning }
        return top.share >= median(shares) + newsPoints ? .warning : .neutral
    }

    /// The middle value of `values` (not empty), the mean of the two middle ones for an even count.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The month's largest group and its share of expenses, nil when nothing was spent.
    static func top(_ facts: InsightFacts) -> (name: String, amount: Int64, share: Double)? {
        let expenses = facts.current.expenses
        guard expenses > 0, let top = facts.groups(facts.current).first else { return nil }
        return (top.name, top.amount, InsightFacts.ratio(Int128(top.amount), expenses))
    }

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        guard let top = TopSpendingCategoryCard.top(facts) else { return .omitted("no spending this month") }
        let detail = facts.spendingUnder(group: top.name, in: facts.current).prefix(5).map {
            InsightPoint(label: $0.name, value: facts.decimal($0.amount))
        }
        return .fired(
            Insight(
                title: "Top spending category",
                message:
                    "\(top.name) took the most money this month: \(facts.money(top.amount)), "
                    + "\(InsightFacts.percent(top.share)) of your \(facts.money(Int64(clamping: facts.current.expenses))) "
                    + "of expenses.",
                metric: facts.moneyMetric(top.amount), severity: Self.severity(facts, top),
                detail: Array(detail)))
    }
}
