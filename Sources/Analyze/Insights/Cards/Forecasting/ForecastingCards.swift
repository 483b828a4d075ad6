extension InsightEngine {
    /// The forecasting cards.
    static let forecastingCards: [any InsightCard] = [
        SpendingForecastCard(), BalanceRunwayCard(), YearOverYearCard(), IncomeSeasonalityCard(),
    ]
}
