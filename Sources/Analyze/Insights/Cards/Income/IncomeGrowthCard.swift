/// `incomeGrowth` (seed 003): this month's income against last month's, (I(M) − I(M−1)) ÷ I(M−1).
/// Positive over +10%, warning under −10%, neutral between (both boundaries neutral).
///
/// Judged against the income's own spread: a fall is a warning only when this month's income is
/// not within 2 standard deviations of the mean of the 12 months before (`IncomeRhythm.holdsAsUsual`,
/// at least 3 of them, with a spread over 0); within it, neutral. A salary has no spread, so any
/// fall past −10% warns; invoices averaging 3,000.00 with σ 720.00 bring 2,037.07 one month as
/// usual (the spread reaches down to 1,560.00).
///
/// Lumpy income (`IncomeRhythm`): a month against the one before says only which held a lump, so
/// the card compares the last 12 months' income with the 12 months before them (same bands), and
/// is omitted until the data holds both years. Judged against the income's own spread: two years
/// of invoices differ by chance, so a fall is a warning only when it is also more than
/// `noiseMultiple` (2) standard deviations of the difference of two 12-month sums, σ × √24, σ the
/// monthly incomes' spread pooled over the two years (√((σ₁² + σ₂²) ÷ 2)); within it, neutral.
/// Invoices of about 3,000.00 a month with σ 1,350.00 swing by up to 13,200.00 (37%) a year.
struct IncomeGrowthCard: InsightCard {
    let type = "incomeGrowth"
    let category = InsightCategory.income

    /// Standard deviations of the year-on-year difference within which lumpy income's change is noise.
    static let noiseMultiple = 2.0

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let rhythm = IncomeRhythm(facts)
        if rhythm.isLumpy, facts.hasTransactions { return yearOnYear(facts, rhythm) }
        let month: MonthChange
        switch MonthChange.of(\.income, in: facts, noneBefore: "no income last month") {
        case .success(let found): month = found
        case .failure(let omission): return .omitted(omission.reason)
        }
        let change = month.change
        var severity = IncomeGrowthCard.severity(change)
        var tail = "."
        let before = IncomeRhythm(facts, endingAt: -1)
        if severity == .warning, before.holdsAsUsual(month.now) {
            severity = .neutral
            tail =
                ", within the usual spread of your income (\(facts.money(before.averageIncome)) a month on average "
                + "over the \(before.months) months before)."
        }
        return .fired(
            Insight(
                title: "Income vs last month",
                message:
                    "You earned \(facts.money(Int64(clamping: month.now))) this month, \(month.comparison) last "
                    + "month's \(facts.money(Int64(clamping: month.before)))" + tail,
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
        let spread = ((rhythm.spread * rhythm.spread + before.spread * before.spread) / 2).squareRoot()
        let noise = IncomeGrowthCard.noiseMultiple * spread * Double(2 * IncomeRhythm.windowMonths).squareRoot()
        var severity = IncomeGrowthCard.severity(change)
        var tail = "."
        if severity == .warning, Double(before.income - rhythm.income) <= noise {
            severity = .neutral
            let swing = Int64(noise.rounded(.toNearestOrEven))
            tail = ", within the \(facts.money(swing)) by which two years of such income differ by chance."
        }
        return .fired(
            Insight(
                title: "Income vs last month",
                message:
                    "Your income comes in lumps: you earned \(facts.money(Int64(clamping: rhythm.income))) over the "
                    + "last 12 months, \(month.comparison) the \(facts.money(Int64(clamping: before.income))) of the "
                    + "12 months before" + tail,
                metric: InsightFacts.percentMetric(change), severity: severity))
    }
}
