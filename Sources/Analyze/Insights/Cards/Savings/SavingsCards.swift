extension InsightEngine {
    /// The savings cards.
    static let savingsCards: [any InsightCard] = [SavingsRateCard(), EmergencyFundCard(), SavingsMomentumCard()]
}
