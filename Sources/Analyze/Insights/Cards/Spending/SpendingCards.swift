extension InsightEngine {
    /// The spending cards.
    static let spendingCards: [any InsightCard] = []
}
