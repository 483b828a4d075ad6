/// The months ahead, how they were forecast, and how far the back-test says to trust it.
public struct Forecast: Sendable, Equatable {
    /// The method of both series when they agree, `mixed` when they do not, `none` without a forecast.
    public var method: String
    public var incomeMethod: ForecastMethod
    public var expensesMethod: ForecastMethod
    public var months: [ForecastMonth]
    /// Nil when no month could be back-tested.
    public var backtest: Backtest?
    /// What a reader should know: too little history, or why a series fell back to the naive method.
    public var note: String?

    public init(
        method: String, incomeMethod: ForecastMethod, expensesMethod: ForecastMethod, months: [ForecastMonth],
        backtest: Backtest?, note: String?
    ) {
        self.method = method
        self.incomeMethod = incomeMethod
        self.expensesMethod = expensesMethod
        self.months = months
        self.backtest = backtest
        self.note = note
    }
}
