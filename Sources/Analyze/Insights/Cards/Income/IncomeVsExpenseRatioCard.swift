import AnalysisFile

/// `incomeVsExpenseRatio` (seed 003): the month's income ÷ its expenses. Positive from 1.5, neutral
/// from 1.0 to under 1.5; under 1.0 (more went out than came in) critical when the shortfall is
/// material (`Materiality`: at least 5% of the month's expenses, a ratio of 0.95 or less), else a
/// warning.
///
/// Lumpy income (`IncomeRhythm`): the ratio and its bands are those of the last 12 months' income
/// and expenses, so a month between two lumps is not read as a shortfall.
///
/// Said once (`SavingsShortfall`): a warning or critical reading that another card of the shortfall
/// tells more strongly reads neutral.
struct IncomeVsExpenseRatioCard: InsightCard {
    let type = "incomeVsExpenseRatio"
    let category = InsightCategory.income

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        SavingsShortfall.weigh(.incomeVsExpenseRatio, facts, reading(facts))
    }

    /// The card's own reading, before `SavingsShortfall` weighs it.
    func reading(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        guard facts.current.expenses > 0 else { return .omitted("no spending this month") }
        let rhythm = IncomeRhythm(facts)
        let income = rhythm.isLumpy ? rhythm.income : facts.current.income
        let expenses = rhythm.isLumpy ? rhythm.expenses : facts.current.expenses
        let ratio = InsightFacts.ratio(income, expenses)
        let severity: InsightSeverity =
            ratio >= 1.5
            ? .positive
            : ratio >= 1.0
                ? .neutral
                : Materiality.shortfallSeverity(
                    Double(expenses - income), scale: Materiality.scale(income: income, expenses: expenses))
        let text = InsightFacts.number(ratio, places: 2)
        return .fired(
            Insight(
                title: "Income vs expenses",
                message:
                    "Your income of \(facts.money(Int64(clamping: income))) was \(InsightFacts.ratioTimes(ratio)) your expenses of "
                    + "\(facts.money(Int64(clamping: expenses)))\(rhythm.isLumpy ? " " + rhythm.phrase : "").",
                metric: InsightMetric(value: text, unit: "ratio"), severity: severity))
    }
}
