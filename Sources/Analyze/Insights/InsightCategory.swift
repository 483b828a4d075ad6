/// The eight groups of cards, in the order the analysis file and the report list them.
public enum InsightCategory: String, Sendable, CaseIterable, Comparable {
    case spending
    case income
    case budget
    case recurring
    case cashFlow
    case wealth
    case savings
    case forecasting

    var rank: Int { InsightCategory.allCases.firstIndex(of: self)! }

    public static func < (lhs: InsightCategory, rhs: InsightCategory) -> Bool { lhs.rank < rhs.rank }
}
