extension InsightEngine {
    /// The forecasting cards.
    static let forecastingCards: [any InsightCard] = []
}
