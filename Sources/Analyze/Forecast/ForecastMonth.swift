import Ledger

/// One forecast month: income, expenses, their difference, and an 80% band around the difference.
public struct ForecastMonth: Sendable, Equatable {
    public var month: YearMonth
    /// Minor units, never negative.
    public var income: Int64
    /// Positive minor units, never negative.
    public var expenses: Int64
    /// `income − expenses`.
    public var net: Int64
    /// The low end of the 80% band on `net` (see `Forecaster`).
    public var low: Int64
    /// The high end of the 80% band on `net`.
    public var high: Int64

    public init(month: YearMonth, income: Int64, expenses: Int64, net: Int64, low: Int64, high: Int64) {
        self.month = month
        self.income = income
        self.expenses = expenses
        self.net = net
        self.low = low
        self.high = high
    }
}
