extension InsightEngine {
    /// The income cards.
    static let incomeCards: [any InsightCard] = [
        IncomeGrowthCard(), IncomeVsExpenseRatioCard(), IncomeSourceBreakdownCard(),
    ]
}
