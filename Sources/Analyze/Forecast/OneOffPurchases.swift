import Ledger

/// Large purchases made once, which the forecast leaves out of the months it fits.
///
/// A single £2,400 sofa bought in March is not a season: fitted as it stands, the month-of-year part
/// would predict a deficit every March after. A purchase is a one-off, as a report of month M sees it,
/// when its payee (on its account) was paid in one month only up to M's end and that month's payments
/// to it come to at least `share` of the median month's expenses of the last
/// `TrendSeasonalModel.trendWindow` months: half a usual month's spending at a shop never paid before
/// or since is what the anomaly list calls a large first payment, seen from later months too. Paid
/// again in a later month, the payee is a habit and its payments stay in.
///
/// Income is never left out: the self-employed are paid by clients who pay once, and leaving those out
/// would forecast no income at all.
///
/// The candidates (one per payee: its first month, what it took then, the next month it was paid)
/// are gathered once from the history, largest first, so a month costs only the few above its bar.
public struct OneOffPurchases: Sendable {
    /// The share of the median month's expenses a single month's payments to a payee must reach.
    public static let share = 0.5

    struct Candidate: Sendable {
        /// Month offsets in the history: when it was paid, and the next month it was paid again
        /// (`Int.max` when never).
        var month: Int
        var nextMonth: Int
        /// Money out, positive minor units of the base currency.
        var amount: Int64
    }

    /// Largest amount first.
    let candidates: [Candidate]

    public init(history: LedgerHistory) {
        guard let first = history.firstMonth else {
            candidates = []
            return
        }
        var found: [Candidate] = []
        for group in history.groups {
            var month = -1
            var amount: Int64 = 0
            var nextMonth = Int.max
            for index in group.transactions {
                guard let base = history.baseAmounts[index], base < 0,
                    !history.categories[Int(history.categoryOf[index])].isIncome
                else { continue }
                let offset = first.months(to: history.date(at: index).yearMonth)
                if month < 0 { month = offset }
                if offset != month {
                    nextMonth = offset
                    break
                }
                amount &+= -base
            }
            if month >= 0, amount > 0 {
                found.append(Candidate(month: month, nextMonth: nextMonth, amount: amount))
            }
        }
        candidates = found.sorted { $0.amount > $1.amount }
    }

    /// Per month offset up to `end`: the one-offs a report of month `end` sees, given each month's
    /// expenses (`expenses[offset]`, positive minor units).
    func amounts(through end: Int, expenses: [Int64]) -> [Int: Int64] {
        let window = expenses[max(0, end + 1 - TrendSeasonalModel.trendWindow)...end].sorted()
        guard !window.isEmpty else { return [:] }
        let middle = window.count / 2
        let median =
            window.count % 2 == 1 ? Double(window[middle]) : (Double(window[middle - 1]) + Double(window[middle])) / 2
        let bar = median * Self.share
        guard bar > 0 else { return [:] }
        var result: [Int: Int64] = [:]
        for candidate in candidates {
            guard Double(candidate.amount) >= bar else { break }
            guard candidate.month <= end, candidate.nextMonth > end else { continue }
            result[candidate.month, default: 0] += candidate.amount
        }
        return result
    }
}
