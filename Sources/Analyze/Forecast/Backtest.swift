/// How well the forecast would have done: each of the last 12 months forecast one month ahead from
/// the months before it, by the model and by the naive method.
///
/// MAPE is the mean of |forecast − actual| / |actual| over the back-test months whose actual is not
/// zero, as a ratio (0.052 is 5.2%), rounded to four decimals. With fewer than three back-test months
/// the MAPEs are nil: two months prove nothing either way.
public struct Backtest: Sendable, Equatable {
    /// Months forecast in the back-test.
    public var months: Int
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
