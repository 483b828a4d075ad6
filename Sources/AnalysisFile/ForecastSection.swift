/// The next months of income, expenses and net, from the history up to the month end.
public struct ForecastSection: Codable, Sendable, Equatable {
    /// How the figures were made, e.g. `trend+seasonal+recurring`, or the naive forecast.
    public var method: String
    public var incomeMethod: String?
    public var expensesMethod: String?
    public var months: [ForecastMonthEntry]
    public var backtest: BacktestEntry?
    /// Why there is no forecast, or what limits it.
    public var note: String?

    public init(
        method: String, incomeMethod: String?, expensesMethod: String?, months: [ForecastMonthEntry],
        backtest: BacktestEntry?, note: String?
    ) {
        self.method = method
        self.incomeMethod = incomeMethod
        self.expensesMethod = expensesMethod
        self.months = months
        self.backtest = backtest
        self.note = note
    }
}

public struct ForecastMonthEntry: Codable, Sendable, Equatable {
    public var month: String
    public var income: String
    public var expenses: String
    public var net: String
    /// The 80% band of net.
    public var low: String
    public var high: String

    public init(month: String, income: String, expenses: String, net: String, low: String, high: String) {
        self.month = month
        self.income = income
        self.expenses = expenses
        self.net = net
        self.low = low
        self.high = high
    }
}

/// Forecasts of the last months made from the data before each, against what happened.
public struct BacktestEntry: Codable, Sendable, Equatable {
    public var months: Int
    /// Mean absolute percentage errors as ratios (0.052 = 5.2%); nil when not enough months.
    public var incomeMAPE: Double?
    public var expensesMAPE: Double?
    public var naiveIncomeMAPE: Double?
    public var naiveExpensesMAPE: Double?

    public init(
        months: Int, incomeMAPE: Double?, expensesMAPE: Double?, naiveIncomeMAPE: Double?, naiveExpensesMAPE: Double?
    ) {
        self.months = months
        self.incomeMAPE = incomeMAPE
        self.expensesMAPE = expensesMAPE
        self.naiveIncomeMAPE = naiveIncomeMAPE
        self.naiveExpensesMAPE = naiveExpensesMAPE
    }
}
