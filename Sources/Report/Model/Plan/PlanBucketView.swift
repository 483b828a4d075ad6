import Mustache

/// One allocation bucket: its share of income and the reasoning behind it.
public struct PlanBucketView: MustacheParent, Sendable, Equatable {
    /// `Essential spending`.
    public var name: String
    public var amount: String
    /// `52.1%`, or `—` without income.
    public var percentage: String
    public var explanation: String
    /// `Housing:Rent, Bills:Energy`, or empty.
    public var categories: String
    /// Emergency fund only: `Target £15,000.00, now £8,812.40, 14 months to go`, or empty.
    public var target: String

    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "amount": amount
        case "percentage": percentage
        case "explanation": explanation
        case "categories": categories
        case "hasCategories": !categories.isEmpty
        case "target": target
        case "hasTarget": !target.isEmpty
        default: nil
        }
    }
}
