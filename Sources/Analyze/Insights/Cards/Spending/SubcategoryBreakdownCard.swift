import AnalysisFile

/// `subcategoryBreakdown` (seed 003): the categories of the month's top group (as
/// `topSpendingCategory`), each with its share of the group, largest first. Always neutral: seed 003
/// warns when the group takes over 50% of the month, which is `topSpendingCategory`'s fact; said by
/// both cards it was two items of "What needs attention" for one rent. The top group's card speaks,
/// this one is its detail. Omitted when the only category with money out in the group is the group
/// itself (`Miscellaneous`, with nothing below it).
struct SubcategoryBreakdownCard: InsightCard {
    let type = "subcategoryBreakdown"
    let detailUnit: InsightDetailUnit? = .percent
    let category = InsightCategory.spending

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        guard let top = TopSpendingCategoryCard.top(facts) else { return .omitted("no spending this month") }
        let parts = facts.spendingUnder(group: top.name, in: facts.current)
        guard parts.contains(where: { $0.name != top.name }), let largest = parts.first else {
            return .omitted("the top category has no subcategories")
        }
        let total = Int128(top.amount)
        let largestShare = InsightFacts.ratio(Int128(largest.amount), total)
        return .fired(
            Insight(
                title: "\(top.name) breakdown",
                message:
                    "\(largest.name) was \(InsightFacts.percent(largestShare)) of your "
                    + "\(facts.money(top.amount)) on \(top.name), across \(parts.count) categor"
                    + "\(parts.count == 1 ? "y" : "ies").",
                metric: InsightFacts.percentMetric(largestShare),
                severity: .neutral,
                detail: parts.map {
                    InsightPoint(
                        label: $0.name, value: InsightFacts.number(InsightFacts.ratio(Int128($0.amount), total) * 100))
                }))
    }
}
