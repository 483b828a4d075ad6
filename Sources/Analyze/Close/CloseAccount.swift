/// One account's month in a close, in the account's own currency: opening + transactions =
/// closing, so a close record can be checked by itself, long after the ledger that made it is gone.
public struct CloseAccount: Codable, Sendable, Equatable {
    public var currency: String
    /// The balance at the start of the month's first day; nil when no opening balance is known
    /// (then `closing` is nil too, and only the month's movement is recorded).
    public var opening: String?
    /// The sum of the month's posted transactions from the account's opening date, transfers
    /// included (the account's own view, as its statement shows it).
    public var transactions: String
    public var transactionCount: Int
    /// The balance at the end of the month's last day.
    public var closing: String?

    public init(currency: String, opening: String?, transactions: String, transactionCount: Int, closing: String?) {
        self.currency = currency
        self.opening = opening
        self.transactions = transactions
        self.transactionCount = transactionCount
        self.closing = closing
    }
}
