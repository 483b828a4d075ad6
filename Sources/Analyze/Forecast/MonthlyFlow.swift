import Ledger

/// One complete month's money in and out, the forecaster's input.
public struct MonthlyFlow: Sendable, Equatable {
    public var month: YearMonth
    /// Money in, minor units of the base currency.
    public var income: Int64
    /// Money out, positive minor units of the base currency.
    public var expenses: Int64

    public init(month: YearMonth, income: Int64, expenses: Int64) {
        self.month = month
        self.income = income
        self.expenses = expenses
    }
}
