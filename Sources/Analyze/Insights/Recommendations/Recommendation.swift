/// A piece of advice before it is written: its monthly saving as minor units, so the list can be
/// sorted by it.
public struct Recommendation: Sendable, Equatable {
    public var kind: String
    public var message: String
    /// Per month, minor units of the base currency, never negative.
    public var saving: Int64
    public var evidence: [String]
    public var transactionIDs: [String]?

    public init(kind: String, message: String, saving: Int64, evidence: [String], transactionIDs: [String]? = nil) {
        self.kind = kind
        self.message = message
        self.saving = saving
        self.evidence = evidence
        self.transactionIDs = transactionIDs
    }
}

/// One source of advice (subscriptions, budgets, a rising category, the surplus).
public protocol Recommender: Sendable {
    func recommend(_ facts: InsightFacts) -> [Recommendation]
}
