import Mustache

/// One category's line in a table: amount, share, budget use and the change on last month.
public struct CategoryRowView: MustacheParent, Sendable {
    public var category: String
    public var amount: String
    /// `45.9%` of the month's spending (or income).
    public var share: String
    public var transactions: String
    /// Last month's amount, or `—`.
    public var previous: String
    /// `▲ +£20.00 (+20.0%)`, or empty without last month.
    public var change: String
    /// `good`, `bad` or `flat`.
    public var changeTone: String
    /// `£400.00`, or empty without a budget.
    public var budget: String
    /// `87.5%`.
    public var budgetUsed: String
    /// `£50.00 left`, `£25.00 over`.
    public var budgetLeft: String
    public var overBudget: Bool

    public func child(named name: String) -> Any? {
        switch name {
        case "category": category
        case "amount": amount
        case "share": share
        case "transactions": transactions
        case "previous": previous
        case "change": change
        case "hasChange": !change.isEmpty
        case "changeTone": changeTone
        case "budget": budget
        case "hasBudget": !budget.isEmpty
        case "budgetUsed": budgetUsed
        case "budgetLeft": budgetLeft
        case "overBudget": overBudget
        // For Markdown cells that must never be empty.
        case "budgetCell": budget.isEmpty ? "—" : "\(budgetUsed) of \(budget)"
        case "changeCell": change.isEmpty ? "—" : change
        default: nil
        }
    }
}
