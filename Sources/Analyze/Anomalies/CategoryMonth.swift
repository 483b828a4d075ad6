/// One category's spending in the month and in the months before it, for `CategorySpikeDetector`.
public struct CategoryMonth: Sendable, Equatable {
    public var category: String
    /// The month's expenses, positive minor units.
    public var total: Int64
    /// The previous months' totals, oldest first, positive minor units (up to 12 are used).
    public var previousTotals: [Int64]
    /// The household's expenses in the month, all categories (positive minor units); 0 when not
    /// known, which leaves the materiality test out.
    public var monthExpenses: Int64
    /// The month's lines in the category, and the previous months' (aligned with
    /// `previousTotals`): with them a total is judged against the category's own spread, the
    /// number of purchases and their size. Empty when not known, which leaves that test out.
    public var count: Int
    public var previousCounts: [Int]

    public init(
        category: String, total: Int64, previousTotals: [Int64], monthExpenses: Int64 = 0, count: Int = 0,
        previousCounts: [Int] = []
    ) {
        self.category = category
        self.total = total
        self.previousTotals = previousTotals
        self.monthExpenses = monthExpenses
        self.count = count
        self.previousCounts = previousCounts
    }
}
