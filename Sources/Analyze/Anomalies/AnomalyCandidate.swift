import Ledger

/// One transaction of the month, as the anomaly detectors see it.
public struct AnomalyCandidate: Sendable, Equatable {
    public var id: String
    public var date: CivilDate
    public var account: String
    /// The cleaned payee, the key of the payee's history.
    public var payee: String
    public var category: String
    /// Signed minor units of the base currency (money out negative).
    public var amount: Int64
    /// The transaction's own currency code, before conversion to the base currency.
    public var currency: String

    public init(
        id: String, date: CivilDate, account: String, payee: String, category: String, amount: Int64, currency: String
    ) {
        self.id = id
        self.date = date
        self.account = account
        self.payee = payee
        self.category = category
        self.amount = amount
        self.currency = currency
    }
}
