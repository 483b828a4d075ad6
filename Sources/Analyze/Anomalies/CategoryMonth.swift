/// One category's spending in the month and in the months before it, for `CategorySpikeDetector`.
public struct CategoryMonth: Sendable, Equatable {
    public var category: String
    /// The month's expenses, positive minor units.
    public var total: Int64
    /// The previous months' totals, oldest first, positive minor units (up to 12 are used).
    public var previousTotals: [Int64]

    public init(category: String, total: Int64, previousTotals: [Int64]) {
        self.category = category
        self.total = total
        self.previousTotals = previousTotals
    }
}
