import Ledger

/// A valued account that also has rows of its own (a pension with its contributions), brought to
/// the value in force on a day: the difference between what the books hold and the value, moved
/// to `Income:Investment Growth` (or, at the first valuation of an account without an opening
/// balance, to `Equity:Opening Balances`: that is where its value starts, not growth).
///
/// Why: the account's rows alone are only what was paid in; the valuation is what it is worth.
/// A revaluation on each valuation's day, and on each month end after the first valuation, makes
/// every tool's balance there the report's own figure (the latest valuation at or before the
/// day; money paid in after it counts from the next valuation, as in net worth), and lets the
/// books assert it.
public struct Revaluation: Hashable, Sendable {
    public var date: CivilDate
    public var account: AccountID
    /// What moves into the account: the value in force less the balance the books hold by the
    /// end of `date` (every row of the account in its currency, whatever its status).
    public var amount: Money
    /// The account's balance after it: the value in force (negative for a liability).
    public var balance: Money
    /// The valuation in force: its day and its line of `valuations.csv`.
    public var valuedOn: CivilDate
    public var line: Int
    /// `Income:Investment Growth`, or `Equity:Opening Balances` for the starting value.
    public var counterpart: BookAccount

    public init(
        date: CivilDate, account: AccountID, amount: Money, balance: Money, valuedOn: CivilDate, line: Int,
        counterpart: BookAccount
    ) {
        self.date = date
        self.account = account
        self.amount = amount
        self.balance = balance
        self.valuedOn = valuedOn
        self.line = line
        self.counterpart = counterpart
    }
}
