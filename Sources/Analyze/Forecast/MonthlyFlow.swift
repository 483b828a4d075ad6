import Ledger

/// One complete month's money in and out, the forecaster's input.
public struct MonthlyFlow: Sendable, Equatable {
    public var month: YearMonth
    /// Money in, minor units of the base currency.
    public var income: Int64
    /// Money out, positive minor units of the base currency.
    public var expenses: Int64
    /// The part of `expenses` that was one-off purchases (`OneOffPurchases`), left out of the fit.
    public var oneOffExpenses: Int64

    public init(month: YearMonth, income: Int64, expenses: Int64, oneOffExpenses: Int64 = 0) {
        self.month = month
        self.income = income
        self.expenses = expenses
        self.oneOffExpenses = oneOffExpenses
    }

    /// The expenses a forecast is fitted on: without the one-offs.
    var fittedExpenses: Int64 { expenses - min(max(oneOffExpenses, 0), expenses) }
}
