/// How much a card matters. Cards of one category are listed critical first.
public enum InsightSeverity: String, Sendable, CaseIterable {
    case critical
    case warning
    case neutral
    case positive

    /// 0 for critical, the first listed.
    var rank: Int { InsightSeverity.allCases.firstIndex(of: self)! }
}
