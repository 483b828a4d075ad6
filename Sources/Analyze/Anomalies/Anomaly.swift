import Ledger

/// Something in the month worth a second look, with how sure we are and why.
public struct Anomaly: Sendable, Equatable {
    public var kind: AnomalyKind
    public var date: CivilDate
    /// Empty for a category spike, which is about a category rather than a payee.
    public var payee: String
    public var category: String
    /// Signed minor units of the base currency: the transaction's amount, the new price, or (for a
    /// category spike) the month's total as money out.
    public var amount: Int64
    /// 0...1, rounded to two decimals; see `RiskScore`.
    public var risk: Double
    /// One sentence with its numbers, ready to show.
    public var reason: String
    /// The transactions involved; empty for a category spike.
    public var transactionIDs: [String]

    public init(
        kind: AnomalyKind, date: CivilDate, payee: String, category: String, amount: Int64, risk: Double,
        reason: String, transactionIDs: [String]
    ) {
        self.kind = kind
        self.date = date
        self.payee = payee
        self.category = category
        self.amount = amount
        self.risk = risk
        self.reason = reason
        self.transactionIDs = transactionIDs
    }
}
