import AnalysisFile

/// Runs every card over a month and orders what fired: by category in `InsightCategory` order, then
/// severity (critical first), then type. Cards that lacked data are listed in the same order.
public struct InsightEngine: Sendable {
    public let cards: [any InsightCard]

    public init(cards: [any InsightCard] = InsightEngine.allCards) {
        self.cards = cards
    }

    public func evaluate(_ facts: InsightFacts) -> (insights: [InsightEntry], omitted: [OmittedInsight]) {
        var fired: [(InsightCategory, InsightSeverity, String, Insight)] = []
        var detailUnits: [String: String] = [:]
        var omitted: [(InsightCategory, String, String)] = []
        for card in cards {
            switch card.evaluate(facts) {
            case .fired(let insight):
                fired.append((card.category, insight.severity, card.type, insight))
                if let unit = card.detailUnit, insight.detail?.isEmpty == false {
                    detailUnits[card.type] = unit == .money ? facts.base.code : unit.rawValue
                }
            case .quiet: break
            case .omitted(let reason): omitted.append((card.category, card.type, reason))
            }
        }
        fired.sort { lhs, rhs in
            if lhs.0 != rhs.0 { return lhs.0 < rhs.0 }
            if lhs.1 != rhs.1 { return lhs.1.rank < rhs.1.rank }
            return lhs.2 < rhs.2
        }
        omitted.sort { lhs, rhs in lhs.0 != rhs.0 ? lhs.0 < rhs.0 : lhs.1 < rhs.1 }
        return (
            fired.map { category, severity, type, insight in
                InsightEntry(
                    type: type, category: category.rawValue, title: insight.title, message: insight.message,
                    metric: insight.metric, severity: severity.rawValue, detail: insight.detail,
                    detailUnit: detailUnits[type], transactionIds: insight.transactionIDs)
            },
            omitted.map { OmittedInsight(type: $0.1, category: $0.0.rawValue, reason: $0.2) }
        )
    }
}
