/// A piece of advice before it is written: its monthly saving as minor units, so the list can be
/// sorted by it.
public struct Recommendation: Sendable, Equatable {
    public var kind: String
    public var message: String
    /// Per month, minor units of the base currency, never negative: money not spent.
    public var saving: Int64
    /// Money the advice moves rather than saves (the surplus into the emergency fund), minor
    /// units; 0 for advice that cuts spending.
    public var moves: Int64
    public var evidence: [String]
    public var transactionIDs: [String]?

    public init(
        kind: String, message: String, saving: Int64, moves: Int64 = 0, evidence: [String],
        transactionIDs: [String]? = nil
    ) {
        self.kind = kind
        self.message = message
        self.saving = saving
        self.moves = moves
        self.evidence = evidence
        self.transactionIDs = transactionIDs
    }
}

/// One source of advice (subscriptions, budgets, a rising category, the surplus).
public protocol Recommender: Sendable {
    func recommend(_ facts: InsightFacts) -> [Recommendation]
}
