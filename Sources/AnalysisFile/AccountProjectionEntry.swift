/// One current or cash account carried through the month ahead: its balance at this month end, the
/// recurring payments and income expected on it, its usual other spending, and the lowest balance
/// that leaves it with. Amounts in the account's own currency.
public struct AccountProjectionEntry: Codable, Sendable, Equatable {
    public var account: String
    public var name: String
    public var currency: String
    /// The month ahead, `2026-11`.
    public var month: String
    /// At this month end.
    public var balance: String
    /// Recurring income expected on the account in the month ahead.
    public var expectedIn: String
    /// Recurring payments expected from it, positive.
    public var expectedOut: String
    /// The median of the last `usualMonths` months' money out that is neither a transfer nor a
    /// recurring payment, positive.
    public var usualSpending: String
    public var usualMonths: Int
    /// balance + expectedIn − expectedOut − usualSpending: at the month ahead's end.
    public var projectedBalance: String
    /// The lowest end-of-day balance in the month ahead, and the first day it is reached.
    public var lowestBalance: String
    public var lowestDate: String
    /// The expected payments and income, in date order.
    public var payments: [ProjectedPaymentEntry]
    /// When the lowest balance is below 0: one sentence saying how far, when and why.
    public var warning: String?
    /// True when the dip is material and the `overdraftRisk` card speaks of it.
    public var attention: Bool?

    public init(
        account: String, name: String, currency: String, month: String, balance: String, expectedIn: String,
        expectedOut: String, usualSpending: String, usualMonths: Int, projectedBalance: String,
        lowestBalance: String, lowestDate: String, payments: [ProjectedPaymentEntry], warning: String?,
        attention: Bool?
    ) {
        self.account = account
        self.name = name
        self.currency = currency
        self.month = month
        self.balance = balance
        self.expectedIn = expectedIn
        self.expectedOut = expectedOut
        self.usualSpending = usualSpending
        self.usualMonths = usualMonths
        self.projectedBalance = projectedBalance
        self.lowestBalance = lowestBalance
        self.lowestDate = lowestDate
        self.payments = payments
        self.warning = warning
        self.attention = attention
    }
}

/// A recurring payment or income expected on an account in the month ahead.
public struct ProjectedPaymentEntry: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`.
    public var date: String
    public var payee: String
    public var category: String
    /// Signed: money out negative.
    public var amount: String

    public init(date: String, payee: String, category: String, amount: String) {
        self.date = date
        self.payee = payee
        self.category = category
        self.amount = amount
    }
}
