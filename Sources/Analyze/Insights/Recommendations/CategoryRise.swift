/// The discretionary category with the largest rise against its own median of the 6 months before
/// (months without spending count as 0; at least 3 of them in the data). It must have risen by more
/// than 20% of that median (seed 003's threshold for a month-over-month rise), the median must be
/// above 0 (a new category is an anomaly, not a habit), and the month must have 2 or more of its
/// transactions. The saving is the rise. Essential categories (rent, groceries, bills) are left out:
/// their rises are rarely avoidable.
struct CategoryRise: Recommender {
    func recommend(_ facts: InsightFacts) -> [Recommendation] {
        let before = (1...6).map { facts.month.adding(months: -$0) }.filter(facts.context.hasData)
        guard before.count >= 3 else { return [] }
        let history = facts.history
        let buckets = CategoryBuckets(
            categories: history.categories, overrides: facts.context.settings.plan.buckets)
        let earlier = before.map { facts.spending(facts.context.flows(of: $0) ?? MonthFlows()) }
        var best: (index: Int, rise: Int64, median: Int64, spent: Int64)?
        for (index, spent) in facts.spending(facts.current) {
            guard buckets.buckets[index] == .discretionary,
                history.categories[index].name != LedgerHistory.uncategorized,
                (facts.current.byCategory[index]?.count ?? 0) >= 2,
                let median = MedianSpending.median(earlier.map { $0[index] ?? 0 }), median > 0
            else { continue }
            let rise = spent - median
            guard rise * 5 > median else { continue }
            if best.map({ rise > $0.rise || (rise == $0.rise && index < $0.index) }) ?? true {
                best = (index, rise, median, spent)
            }
        }
        guard let best else { return [] }
        let name = history.categories[best.index].name
        let count = facts.current.byCategory[best.index]?.count ?? 0
        return [
            Recommendation(
                kind: "reduceCategory",
                message:
                    "\(name) cost \(facts.money(best.spent)) this month, \(facts.money(best.rise)) above its usual "
                    + "\(facts.money(best.median)): bringing it back to usual saves \(facts.money(best.rise)) a month.",
                saving: best.rise,
                evidence: [
                    "\(count) transactions in \(facts.month.displayName); the median of the \(before.count) months "
                        + "before is \(facts.money(best.median))."
                ])
        ]
    }
}
