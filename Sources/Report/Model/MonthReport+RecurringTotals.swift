import Ledger

extension MonthReport {
    /// The totals under the recurring payments table: what active series cost and bring each month.
    ///
    /// The analysis sums them (`MonthAnalysis.recurringTotals`); the report reads the sums and
    /// formats them, so the page and the analysis cannot disagree.
    public struct RecurringTotals: Sendable, Equatable {
        public var activeCount: Int
        /// Money out per month, positive.
        public var monthlyOut: Money
        public var monthlyIn: Money
        /// Active series whose monthly amount is unknown (no rate converts it): left out of the sums.
        public var unconverted: Int
    }
}
