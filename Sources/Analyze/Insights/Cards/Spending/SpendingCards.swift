extension InsightEngine {
    /// The spending cards.
    static let spendingCards: [any InsightCard] = [
        TopSpendingCategoryCard(), MonthOverMonthChangeCard(), AverageDailySpendingCard(), SpendingSpikeCard(),
        CategoryTrendCard(), SpendingVelocityCard(), SubcategoryBreakdownCard(), DuplicateSubscriptionsCard(),
        AnomalyCard(),
    ]
}
