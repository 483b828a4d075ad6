/// `bestMonth` (seed 003): the month with the largest net (income minus expenses) among the last 12
/// months of the data, this one included. Positive. On a tie the latest of the months wins. The
/// detail is every month's net.
struct BestMonthCard: InsightCard {
    let type = "bestMonth"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.cashFlow

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let nets = facts.monthlyNets(12)
        guard nets.count >= 2 else { return .omitted("needs 2 months of history") }
        var best = nets[0]
        for entry in nets.dropFirst() where entry.net >= best.net { best = entry }
        let when = best.month == facts.month ? "this month" : best.month.displayName
        return .fired(
            Insight(
                title: "Best month",
                message:
                    "Your best month of the last \(nets.count) was \(when): you \(facts.netPhrase(best.net)).",
                metric: facts.moneyMetric(best.net), severity: .positive, detail: facts.netPoints(nets)))
    }
}
