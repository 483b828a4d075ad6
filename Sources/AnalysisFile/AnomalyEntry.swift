/// Something in the month that does not look like the rest of the history.
public struct AnomalyEntry: Codable, Sendable, Equatable {
    /// `unusualAmount`, `doubleCharge`, `newPayeeLargeAmount`, `newCurrency`, `priceChange` or
    /// `categorySpike`.
    public var kind: String
    public var date: String
    public var payee: String
    public var category: String
    /// Signed, in the base currency.
    public var amount: String
    /// 0…1; see `RiskScore`.
    public var risk: Double
    /// One sentence with its numbers.
    public var reason: String
    public var transactionIds: [String]
    /// `critical` or `warning`, from `risk`: how the report ranks it among what needs attention.
    /// Every analysis writes it; it is optional so that `report.json`, which repeats the anomalies
    /// with its own schema, can leave it out.
    public var severity: String?

    public init(
        kind: String, date: String, payee: String, category: String, amount: String, risk: Double, reason: String,
        transactionIds: [String], severity: String? = nil
    ) {
        self.kind = kind
        self.date = date
        self.payee = payee
        self.category = category
        self.amount = amount
        self.risk = risk
        self.reason = reason
        self.transactionIds = transactionIds
        self.severity = severity
    }
}
