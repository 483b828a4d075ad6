import Ledger

/// What the insight cards, the health score and the recommendations of one month read: the month's
/// window of history and the engine's exact results for it (net worth, recurring series, anomalies,
/// forecast), never the formatted analysis file.
public struct InsightInputs: Sendable {
    public let context: MonthContext
    /// Every account's balance at every month end.
    public let netWorth: NetWorthBook
    /// The recurring series as of the month end.
    public let recurring: [RecurringBook.Entry]
    /// The recurring series of every month end, for cards that compare with an earlier month.
    public let recurringBook: RecurringBook?
    /// The month's anomalies, riskiest first.
    public let anomalies: [Anomaly]
    /// The forecast made at the month end (empty months with under 3 months of history).
    public let forecast: Forecast
    /// The emergency fund's target in months of spending (`[plan] emergency_months`, default 6).
    public let emergencyMonths: Int

    public init(
        context: MonthContext, netWorth: NetWorthBook, recurring: [RecurringBook.Entry], anomalies: [Anomaly],
        forecast: Forecast, emergencyMonths: Int = 6, recurringBook: RecurringBook? = nil
    ) {
        self.context = context
        self.netWorth = netWorth
        self.recurring = recurring
        self.anomalies = anomalies
        self.forecast = forecast
        self.emergencyMonths = emergencyMonths
        self.recurringBook = recurringBook
    }

    /// The recurring series as of the end of `month` (at or before this month), nil without a book.
    public func recurring(at month: YearMonth) -> [RecurringBook.Entry]? {
        guard let recurringBook, month <= context.month, context.history.offset(of: month) != nil else {
            return nil
        }
        return recurringBook.entries(for: month, in: context.history)
    }
}
