/// `incomeGrowth` (seed 003): this month's income against last month's, (I(M) − I(M−1)) ÷ I(M−1).
/// Positive over +10%, warning under −10%, neutral between (both boundaries neutral).
///
/// Lumpy income (`IncomeRhythm`): a month against the one before says only which held a lump, so
/// the card compares the last 12 months' income with the 12 months before them (same bands), and
/// is omitted until the data holds both years.
struct IncomeGrowthCard: InsightCard {
    let type = "incomeGrowth"
    let category = InsightCategory.income

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let rhythm = IncomeRhythm(facts)
        if rhythm.isLumpy, facts.hasTransactions { return yearOnYear(facts, rhythm) }
        let month: MonthChange
        switch MonthChange.of(\.income, in: facts, noneBefore: "no income last month") {
        case .success(let found): month = found
        case .failure(let omission): return .omitted(omission.reason)
        }
        let change = month.change
        let severity = IncomeGrowthCard.severity(change)
        return .fired(
            Insight(
                title: "Income vs last month",
                message:
                    "You earned \(facts.money(Int64(clamping: month.now))) this month, \(month.comparison) last "
                    + "month's \(facts.money(Int64(clamping: month.before))).",
                metric: InsightFacts.percentMetric(change), severity: severity))
    }

    /// Positive over +10%, warning under −10%, neutral between.
    static func severity(_ change: Double) -> InsightSeverity {
        change > 0.10 ? .positive : change < -0.10 ? .warning : .neutral
    }

    /// Lumpy income: the last 12 months' income against the 12 months before them.
    func yearOnYear(_ facts: InsightFacts, _ rhythm: IncomeRhythm) -> InsightOutcome {
        let before = IncomeRhythm(facts, endingAt: -IncomeRhythm.windowMonths)
        guard rhythm.months == IncomeRhythm.windowMonths, before.months == IncomeRhythm.windowMonths,
            before.income > 0
        else {
            return .omitted("income comes in lumps: needs 24 months to compare a year's income with the year before")
        }
        let change = InsightFacts.ratio(rhythm.income - before.income, before.income)
        let month = MonthChange(now: rhythm.income, before: before.income, change: change)
        return .fired(
            Insight(
                title: "Income vs last month",
                message:
                    "Your income comes in lumps: you earned \(facts.money(Int64(clamping: rhythm.income))) over the "
                    + "last 12 months, \(month.comparison) the \(facts.money(Int64(clamping: before.income))) of the "
                    + "12 months before.",
                metric: InsightFacts.percentMetric(change), severity: IncomeGrowthCard.severity(change)))
    }
}
