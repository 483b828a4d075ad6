import Ledger

/// How much of the analysed month the data covers: every day of a closed month, or the days up to
/// the latest transaction of the month in progress.
///
/// The month is in progress when it is the data's last month and its latest transaction is dated
/// before the month's last day; the days elapsed are then that transaction's day of the month.
/// Every earlier month (and a last month whose data reaches its last day) counts all its days.
struct MonthProgress: Sendable, Equatable {
    /// Days of the month the figures cover (1 ... days in the month).
    let daysElapsed: Int
    /// Days in the month.
    let dayCount: Int

    var isInProgress: Bool { daysElapsed < dayCount }
    /// Days of the month after the latest transaction (0 for a closed month).
    var daysRemaining: Int { dayCount - daysElapsed }

    init(daysElapsed: Int, dayCount: Int) {
        self.daysElapsed = daysElapsed
        self.dayCount = dayCount
    }

    init(_ facts: InsightFacts) {
        let month = facts.month
        dayCount = month.dayCount
        let range = facts.history.range(of: month)
        if facts.history.lastMonth == month, let last = range.last {
            let day = facts.history.date(at: last).day
            daysElapsed = min(max(day, 1), dayCount)
        } else {
            daysElapsed = dayCount
        }
    }
}
