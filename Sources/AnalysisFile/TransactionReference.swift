/// A transaction as a card or an advice names it: enough for a page to label it (payee, date,
/// amount in its own currency) without the ledger, and its id to link to where the page lists it.
public struct TransactionReference: Codable, Sendable, Equatable {
    public var id: String
    /// ISO date.
    public var date: String
    public var payee: String
    /// Signed decimal in `currency`, as the ledger has it (money out negative).
    public var amount: String
    public var currency: String

    public init(id: String, date: String, payee: String, amount: String, currency: String) {
        self.id = id
        self.date = date
        self.payee = payee
        self.amount = amount
        self.currency = currency
    }
}
