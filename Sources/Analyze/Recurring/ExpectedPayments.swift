import Ledger

/// The payments a recurring series was waiting for: known things, which are not news.
///
/// A yearly insurance premium, a quarterly bill or a twice-yearly tax payment lands in a category
/// that is otherwise quiet, so each time it comes its category "spikes". When the recurring list
/// already shows it as an active series, and it came within its usual amounts, nobody needs telling.
///
/// A transaction is an expected payment of a month when it is dated in the month, is an occurrence
/// of a series active at the month's end (any cadence), not the series' first occurrence, and its
/// magnitude lies within the series' earlier amounts widened by the detector's amount tolerance:
/// from the smallest × (1 − t) to the largest × (1 + t), t = `RecurringDetector.defaultAmountTolerance`.
/// A payment outside that range is a price change and stays news. Only unsplit transactions count
/// (a split's parts belong to several categories).
///
/// Only the month's own payments are taken out; the months it is compared with keep theirs, so a
/// category's usual level still holds its regular payments and leaving one out can only make the
/// month look calmer by that payment, never hide more.
public enum ExpectedPayments {
    /// The money out (positive minor units of the base currency) of `month`'s expected payments
    /// among `entries` (the series of the month's end), per category index.
    public static func spending(
        _ entries: [RecurringBook.Entry], history: LedgerHistory, month: YearMonth
    ) -> [Int: Int64] {
        let range = history.range(of: month)
        let tolerance = RecurringDetector.defaultAmountTolerance
        var result: [Int: Int64] = [:]
        for entry in entries where entry.series.status == .active {
            let occurrences = entry.series.occurrences
            for (position, index) in occurrences.enumerated() where position > 0 && range.contains(index) {
                guard let amount = history.baseAmounts[index], amount < 0,
                    !history.isSplit(index)
                else { continue }
                let earlier = occurrences[..<position].map { history.amounts[$0].magnitude }
                let magnitude = Double(history.amounts[index].magnitude)
                guard magnitude >= Double(earlier.min() ?? 0) * (1 - tolerance),
                    magnitude <= Double(earlier.max() ?? 0) * (1 + tolerance)
                else { continue }
                result[Int(history.categoryOf[index]), default: 0] += -amount
            }
        }
        return result
    }
}
