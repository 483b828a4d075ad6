/// Where liquid money (checking, savings, cash) is heading.
public struct CashFlowSection: Codable, Sendable, Equatable {
    /// Liquid balances at the month end, in base.
    public var liquidBalance: String
    /// The average net of the last 3 complete months (this one included).
    public var averageNet3Months: String?
    /// Liquid balances at the next month end: today's plus the forecast's net for next month.
    public var projectedBalance: String?
    public var projectedMonth: String?
    /// Months until liquid balances reach zero at the 3-month average net; nil when that net is
    /// not negative (money is not running down) or there are fewer than 3 months.
    public var runwayMonths: Double?
    /// Each current or cash account through the month ahead: a current account can run dry while
    /// the liquid total is healthy.
    public var accounts: [AccountProjectionEntry]?

    public init(
        liquidBalance: String, averageNet3Months: String?, projectedBalance: String?, projectedMonth: String?,
        runwayMonths: Double?
    ) {
        self.liquidBalance = liquidBalance
        self.averageNet3Months = averageNet3Months
        self.projectedBalance = projectedBalance
        self.projectedMonth = projectedMonth
        self.runwayMonths = runwayMonths
    }
}
