extension InsightEngine {
    /// The recurring cards.
    static let recurringCards: [any InsightCard] = [
        TotalRecurringCostCard(), SubscriptionGrowthCard(), PriceIncreaseCard(), MissedPaymentCard(),
    ]
}
