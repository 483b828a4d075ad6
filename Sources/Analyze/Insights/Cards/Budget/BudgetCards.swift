extension InsightEngine {
    /// The budget cards.
    static let budgetCards: [any InsightCard] = [
        BudgetOverspendCard(), ProjectedOverspendCard(), BudgetUnderutilizedCard(),
    ]
}
