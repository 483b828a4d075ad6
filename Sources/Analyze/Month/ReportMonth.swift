import Ledger

/// Which month a report is about.
public enum ReportMonth: Sendable, Equatable {
    /// A named month, `2026-10`.
    case month(YearMonth)
    /// The latest month the data covers completely.
    case latestComplete

    /// The latest complete month of data whose last transaction is on `lastDate`: that month
    /// when `lastDate` is its last day, else the month before.
    public static func latestComplete(lastDate: CivilDate) -> YearMonth {
        lastDate == lastDate.yearMonth.lastDay ? lastDate.yearMonth : lastDate.yearMonth.adding(months: -1)
    }
}
