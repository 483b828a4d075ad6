import Ledger

/// The median of a list of monthly amounts: the middle one, or the mean of the middle two rounded
/// half to even to the minor unit; nil for an empty list.
enum MedianSpending {
    static func median(_ values: [Int64]) -> Int64? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return Int64(
            clamping:
                ExchangeRate.dividedRoundingHalfToEven(Int128(sorted[middle - 1]) + Int128(sorted[middle]), 2))
    }
}
