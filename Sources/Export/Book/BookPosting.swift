import Ledger

/// One line of a transaction in the books: an account and the amount it moves.
public struct BookPosting: Hashable, Sendable {
    public var account: BookAccount
    public var amount: Money
    /// The whole value of `amount` in the other posting's currency, for the second leg of a
    /// transfer between accounts in two currencies (`@@` in a journal, beancount's total price),
    /// so the transaction balances in every tool without a guessed rate.
    public var totalPrice: Money?
    /// The ledger row this posting is the account side of, when it is not the entry's first row
    /// (a transfer's second leg): its own date, id and source are written with it.
    public var row: Int?

    public init(account: BookAccount, amount: Money, totalPrice: Money? = nil, row: Int? = nil) {
        self.account = account
        self.amount = amount
        self.totalPrice = totalPrice
        self.row = row
    }
}
