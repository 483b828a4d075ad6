extension InsightEngine {
    /// The cashFlow cards.
    static let cashFlowCards: [any InsightCard] = []
}
