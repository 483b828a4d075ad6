import AnalysisFile

/// Every recommender's advice for a month: advice that cuts spending first, largest monthly saving
/// first; then advice that moves money (the surplus), largest amount first; then by kind and
/// message, so the order is the same on every run. Moving money is not a saving, so it is never
/// ranked as one.
public struct RecommendationList: Sendable {
    public let recommenders: [any Recommender]

    public init() {
        recommenders = [SubscriptionReview(), BudgetChanges(), CategoryRise(), SurplusUse()]
    }

    public init(recommenders: [any Recommender]) {
        self.recommenders = recommenders
    }

    public func entries(_ facts: InsightFacts) -> [RecommendationEntry] {
        let all = recommenders.flatMap { $0.recommend(facts) }.sorted(by: RecommendationList.ranksBefore)
        return all.map {
            RecommendationEntry(
                kind: $0.kind, message: $0.message, potentialSaving: facts.decimal($0.saving),
                amountToMove: $0.moves > 0 ? facts.decimal($0.moves) : nil, evidence: $0.evidence,
                transactionIds: $0.transactionIDs)
        }
    }

    /// Cutting spending before moving money; then the larger saving, the larger amount moved,
    /// the kind and the message.
    static func ranksBefore(_ lhs: Recommendation, _ rhs: Recommendation) -> Bool {
        if (lhs.moves > 0) != (rhs.moves > 0) { return rhs.moves > 0 }
        if lhs.saving != rhs.saving { return lhs.saving > rhs.saving }
        if lhs.moves != rhs.moves { return lhs.moves > rhs.moves }
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        return lhs.message < rhs.message
    }
}
