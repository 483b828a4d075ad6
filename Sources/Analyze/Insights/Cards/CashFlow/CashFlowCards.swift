extension InsightEngine {
    /// The cashFlow cards.
    static let cashFlowCards: [any InsightCard] = [
        NetCashFlowCard(), BestMonthCard(), WorstMonthCard(), ProjectedBalanceCard(), OverdraftRiskCard(),
    ]
}
