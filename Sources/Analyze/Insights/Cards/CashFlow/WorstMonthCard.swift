/// `worstMonth` (seed 003): the month with the smallest net (income minus expenses) among the last 12
/// months of the data, this one included. Warning when it is one of the last three months (this
/// month or the two before), since it is then still news; neutral otherwise. On a tie the latest of
/// the months is named.
///
/// A reading for a month-end report: some month is always the weakest, and in a steady year it is
/// weaker by a few pounds. So the warning also needs the month to be worse than the average net of
/// those months by more than 10% of that average's size (a deficit month always is, against a
/// positive average); otherwise the card stays neutral. Nor is a weakest month that still brought
/// in more than it spent a warning: a surplus needs no attention, however it ranks.
///
/// Lumpy income (`IncomeRhythm`): the weakest month is always one between two lumps, so it is a
/// warning only when the 12 months together also spent more than they took in.
struct WorstMonthCard: InsightCard {
    let type = "worstMonth"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.cashFlow

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let nets = facts.monthlyNets(12)
        guard nets.count >= 2 else { return .omitted("needs 2 months of history") }
        var worst = nets[0]
        for entry in nets.dropFirst() where entry.net <= worst.net { worst = entry }
        let total = nets.reduce(Int128(0)) { $0 + Int128($1.net) }
        let count = Int128(nets.count)
        // worst < mean − |mean| ÷ 10, in integers: 10 × count × worst < 10 × total − |total|.
        let magnitude = total < 0 ? -total : total
        let material = 10 * count * Int128(worst.net) < 10 * total - magnitude
        let rhythm = IncomeRhythm(facts)
        let spentTheLumps = !rhythm.isLumpy || rhythm.net < 0
        let recent = worst.month.months(to: facts.month) < 3 && material && worst.net < 0 && spentTheLumps
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
