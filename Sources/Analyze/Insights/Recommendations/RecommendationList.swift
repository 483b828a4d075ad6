import AnalysisFile

/// Every recommender's advice for a month, largest monthly saving first (then by kind and message,
/// so the order is the same on every run).
public struct RecommendationList: Sendable {
    public let recommenders: [any Recommender]

    public init() {
        recommenders = [SubscriptionReview(), BudgetChanges(), CategoryRise(), SurplusUse()]
    }

    public init(recommenders: [any Recommender]) {
        self.recommenders = recommenders
    }

    public func entries(_ facts: InsightFacts) -> [RecommendationEntry] {
        let all = recommenders.flatMap { $0.recommend(facts) }.sorted { lhs, rhs in
            if lhs.saving != rhs.saving { return lhs.saving > rhs.saving }
            if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
            return lhs.message < rhs.message
        }
        return all.map {
            RecommendationEntry(
                kind: $0.kind, message: $0.message, potentialSaving: facts.decimal($0.saving), evidence: $0.evidence,
                transactionIds: $0.transactionIDs)
        }
    }
}
