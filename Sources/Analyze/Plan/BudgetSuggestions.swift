import Ledger

/// A monthly budget per spending category, from its last 6 months, that fits the allocation.
///
/// Each category with spending in at least 3 of the last 6 months (those the data reaches) gets the
/// median of those months' spending (zero months included; the mean of the middle two, rounded half
/// to even, for an even count). When the medians of one bucket's categories add up to more than the
/// bucket's amount, each is scaled by amount ÷ their sum, rounded down to the minor unit, so the
/// suggestions fit the bucket; otherwise the suggestion is the median itself.
public enum BudgetSuggestions {
    public struct Suggestion: Sendable, Equatable {
        public var category: Int
        public var bucket: SpendingBucket
        /// Months of the last 6 with spending in the category.
        public var months: Int
        public var median: Int64
        public var suggested: Int64
    }

    public static let window = 6
    public static let minimumMonths = 3

    /// `spending[category]` holds one amount per month of the window (money out as positive).
    public static func suggest(
        spending: [Int: [Int64]], buckets: CategoryBuckets, bucketAmounts: [SpendingBucket: Int64]
    ) -> (suggestions: [Suggestion], scales: [SpendingBucket: (amount: Int64, medians: Int64)]) {
        var suggestions: [Suggestion] = []
        for (category, amounts) in spending {
            let months = amounts.filter { $0 != 0 }.count
            guard months >= minimumMonths else { continue }
            let value = max(median(amounts), 0)
            suggestions.append(
                Suggestion(
                    category: category, bucket: buckets.buckets[category], months: months, median: value,
                    suggested: value))
        }
        var scales: [SpendingBucket: (amount: Int64, medians: Int64)] = [:]
        for bucket in SpendingBucket.allCases {
            let total = suggestions.filter { $0.bucket == bucket }.reduce(Int64(0)) { $0 + $1.median }
            let amount = max(bucketAmounts[bucket] ?? 0, 0)
            guard total > amount else { continue }
            scales[bucket] = (amount, total)
            for index in suggestions.indices where suggestions[index].bucket == bucket {
                suggestions[index].suggested = Int64(
                    Int128(suggestions[index].median) * Int128(amount) / Int128(total))
            }
        }
        return (suggestions, scales)
    }

    /// The median, the mean of the middle two rounded half to even for an even count; 0 when empty.
    public static func median(_ values: [Int64]) -> Int64 {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return (sorted[middle - 1] + sorted[middle]).dividedRoundingHalfToEven(by: 2)
    }
}
