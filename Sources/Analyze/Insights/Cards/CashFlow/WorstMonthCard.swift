/// `worstMonth` (seed 003): the month with the smallest net (income minus expenses) among the last 12
/// months of the data, this one included. Warning when it is one of the last three months (this
/// month or the two before), since it is then still news; neutral otherwise. On a tie the latest of
/// the months is named.
struct WorstMonthCard: InsightCard {
    let type = "worstMonth"
    let category = InsightCategory.cashFlow

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let nets = facts.monthlyNets(12)
        guard nets.count >= 2 else { return .omitted("needs 2 months of history") }
        var worst = nets[0]
        for entry in nets.dropFirst() where entry.net <= worst.net { worst = entry }
        let recent = worst.month.months(to: facts.month) < 3
        let when = worst.month == facts.month ? "this month" : worst.month.displayName
        return .fired(
            Insight(
                title: "Worst month",
                message:
                    "Your weakest month of the last \(nets.count) was \(when): you \(facts.netPhrase(worst.net)).",
                metric: facts.moneyMetric(worst.net), severity: recent ? .warning : .neutral,
                detail: facts.netPoints(nets)))
    }
}
