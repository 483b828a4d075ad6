extension InsightEngine {
    /// Seed 003's thirty cards and seed 000's three (`anomaly`, `priceIncrease`, `missedPayment`),
    /// category by category.
    public static var allCards: [any InsightCard] {
        spendingCards + incomeCards + budgetCards + recurringCards + cashFlowCards + wealthCards + savingsCards
            + forecastingCards
    }
}
