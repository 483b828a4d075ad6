import AnalysisFile

/// `savingsMomentum` (seed 003): this month's savings rate against the average rate of the 3 months
/// before (those with income), in percentage points. Positive above +2, neutral between.
///
/// Materiality: below −2 is a warning only while the month's rate is at or under `healthyRate`
/// (20%, where `savingsRate` turns positive); a household saving 53% of its income, 3 points under
/// its average, has nothing to fix, and reads neutral.
///
/// Lumpy income (`IncomeRhythm`): the rates are the rolling 12-month rates, this month's against
/// the mean of those ending at each of the 3 months before, so a month between lumps is no fall.
///
/// Said once (`SavingsShortfall`): a warning or critical reading that another card of the shortfall
/// tells more strongly reads neutral.
struct SavingsMomentumCard: InsightCard {
    let type = "savingsMomentum"
    let category = InsightCategory.savings

    /// The savings rate above which a fall against the average is no warning.
    static let healthyRate = 0.20

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        SavingsShortfall.weigh(.savingsMomentum, facts, reading(facts))
    }

    /// The card's own reading, before `SavingsShortfall` weighs it.
    func reading(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        let rhythm = IncomeRhythm(facts)
        let lumpy = rhythm.isLumpy && rhythm.savingsRate != nil
        let monthRate = lumpy ? rhythm.savingsRate : InsightFacts.savingsRate(facts.current)
        guard let rate = monthRate else { return .omitted("no income this month") }
        let earlier =
            lumpy
            ? (1...3).compactMap { facts.flows(-$0) == nil ? nil : IncomeRhythm(facts, endingAt: -$0).savingsRate }
            : (1...3).compactMap { facts.flows(-$0).flatMap(InsightFacts.savingsRate) }
        guard earlier.count == 3 else { return .omitted("needs 3 earlier months with income") }
        let average = earlier.reduce(0, +) / 3
        // Rounded to a millionth of a point first, so that exactly 2 points is not 2.0000000001.
        let points = ((rate - average) * 100 * 1_000_000).rounded() / 1_000_000
        let rounded = InsightFacts.number(points)
        let severity: InsightSeverity =
            points > 2 ? .positive : points < -2 && rate <= SavingsMomentumCard.healthyRate ? .warning : .neutral
        let direction =
            rounded == "0"
            ? "the same share of your income as"
            : "\(InsightFacts.number(abs(points))) points \(points > 0 ? "more" : "less") of your income than"
        return .fired(
            Insight(
                title: "Savings momentum",
                message:
                    "You saved \(direction) your 3-month average (\(InsightFacts.percent(rate)) against "
                    + "\(InsightFacts.percent(average)))\(lumpy ? ", " + rhythm.phrase : "").",
                metric: InsightMetric(value: rounded, unit: "points"), severity: severity))
    }
}
