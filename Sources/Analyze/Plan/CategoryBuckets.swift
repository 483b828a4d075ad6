import Ledger

/// Which spending bucket each expense category counts in: `[plan.buckets]` first (the longest
/// configured prefix wins), else seed 004's default lists matched onto the category's path, deepest
/// component first (`Food:Dining` is Dining, so discretionary; `Food:Groceries` is essential).
/// A category that matches nothing is unmapped: counted discretionary and listed, until mapped.
public struct CategoryBuckets: Sendable {
    /// Seed 004's essential categories, then the names our rules use for the same things.
    public static let essentialNames = [
        "Groceries", "Rent", "Utilities", "Transportation", "Insurance", "Healthcare", "Childcare", "Debt Payments",
        "Housing", "Mortgage", "Bills", "Transport", "Health", "Debt",
    ]
    /// Seed 004's discretionary categories, then the names our rules use for the same things.
    public static let discretionaryNames = [
        "Entertainment", "Dining", "Shopping", "Travel", "Hobbies", "Subscriptions", "Restaurants", "Takeaway",
    ]

    /// Per category index of `LedgerHistory.categories`.
    public let buckets: [SpendingBucket]
    /// Per category index: false when no list and no `[plan.buckets]` entry names it.
    public let mapped: [Bool]

    public init(categories: [LedgerHistory.Category], overrides: [CategoryPath: SpendingBucket]) {
        var buckets: [SpendingBucket] = []
        var mapped: [Bool] = []
        for category in categories {
            let found = CategoryBuckets.bucket(of: category.name, overrides: overrides)
            buckets.append(found ?? .discretionary)
            mapped.append(found != nil)
        }
        self.buckets = buckets
        self.mapped = mapped
    }

    /// The bucket of a category named `name` (`Food:Dining`); nil when unmapped.
    public static func bucket(of name: String, overrides: [CategoryPath: SpendingBucket]) -> SpendingBucket? {
        guard let path = CategoryPath(name) else { return nil }
        for length in stride(from: path.components.count, through: 1, by: -1) {
            if let bucket = overrides[CategoryPath(components: Array(path.components.prefix(length)))] {
                return bucket
            }
        }
        for component in path.components.reversed() {
            let key = folded(component)
            if essential.contains(key) { return .essential }
            if discretionary.contains(key) { return .discretionary }
        }
        return nil
    }

    private static let essential = Set(essentialNames.map(folded))
    private static let discretionary = Set(discretionaryNames.map(folded))

    /// Lower case without spaces, hyphens or underscores: `Debt Payments` and `DebtPayments` match.
    static func folded(_ text: String) -> String {
        String(text.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }
}
