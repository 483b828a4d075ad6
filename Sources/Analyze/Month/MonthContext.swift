import Ledger

/// The window of history one month sees: its own figures, the months before it, and nothing after
/// its last day, so a month's analysis never changes when later months arrive.
public struct MonthContext: Sendable {
    public let history: LedgerHistory
    public let month: YearMonth
    public let settings: AnalysisSettings

    public init(history: LedgerHistory, month: YearMonth, settings: AnalysisSettings = AnalysisSettings()) {
        self.history = history
        self.month = month
        self.settings = settings
    }

    public var base: Currency { history.base }

    /// True when the data reaches back to `other` (the month of the first transaction or later).
    public func hasData(_ other: YearMonth) -> Bool {
        history.firstMonth.map { $0 <= other } ?? false
    }

    /// The flows of `other` (at or before this month): zero inside a gap, nil before the data.
    public func flows(of other: YearMonth) -> MonthFlows? {
        guard other <= month, hasData(other) else { return nil }
        return history.flows(of: other) ?? MonthFlows()
    }

    /// This month's flows (zero when it has no transactions).
    public var current: MonthFlows { history.flows(of: month) ?? MonthFlows() }

    /// The `count` complete months before this one that the data reaches, oldest first.
    public func previousMonths(_ count: Int) -> [YearMonth] {
        (1...max(count, 1)).reversed().map { month.adding(months: -$0) }.filter(hasData)
    }
}
