import AnalysisFile

/// `topSpendingCategory` (seed 003): the top-level group with the most money out this month and its
/// share of the month's expenses. Warning when the share is over 50%, neutral otherwise. The detail
/// is the group's five largest categories.
struct TopSpendingCategoryCard: InsightCard {
    let type = "topSpendingCategory"
    let category = InsightCategory.spending

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
                    + "\(InsightFacts.percent(top.share)) of your \(facts.money(InsightFacts.clamp(facts.current.expenses))) "
                    + "of expenses.",
                metric: facts.moneyMetric(top.amount), severity: top.share > 0.5 ? .warning : .neutral,
                detail: Array(detail)))
    }
}
