import Mustache

/// A suggested monthly budget for one category, beside the current one.
public struct BudgetSuggestionView: MustacheParent, Sendable, Equatable {
    public var category: String
    /// `Essential` or `Discretionary`.
    public var bucket: String
    /// `Median of 6 months: £410.00`.
    public var median: String
    /// The budget now, or `—`.
    public var budget: String
    public var suggested: String
    /// Why the suggestion differs from the median, or empty.
    public var note: String

    public func child(named name: String) -> Any? {
        switch name {
        case "category": category
        case "bucket": bucket
        case "median": median
        case "budget": budget
        case "suggested": suggested
        case "note": note
        case "hasNote": !note.isEmpty
        case "noteCell": note.isEmpty ? "—" : note
        default: nil
        }
    }
}
