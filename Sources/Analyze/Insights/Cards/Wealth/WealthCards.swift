extension InsightEngine {
    /// The wealth cards.
    static let wealthCards: [any InsightCard] = [TotalWealthCard(), WealthGrowthCard(), AccountDormancyCard()]
}
