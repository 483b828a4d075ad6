import AnalysisFile
import Ledger

extension MonthReport {
    /// The totals under the recurring payments table: what active series cost and bring each month.
    public struct RecurringTotals: Sendable, Equatable {
        public var activeCount: Int
        /// Money out per month, positive.
        public var monthlyOut: Money
        public var monthlyIn: Money
        /// Active series whose monthly amount is unknown (no rate converts it): left out of the sums.
        public var unconverted: Int
    }

    /// Sums the active series' monthly amounts; nil without a recurring section or any active series.
    public var recurringTotals: RecurringTotals? {
        let active = (sections.recurring ?? []).filter { $0.status == "active" }
        guard !active.isEmpty else { return nil }
        var out: Int64 = 0
        var into: Int64 = 0
        var unconverted = 0
        for entry in active {
            guard let text = entry.monthlyAmount, let money = try? Money.parse(text, currency: currency) else {
                unconverted += 1
                continue
            }
            if money.isNegative {
                out = out &- money.minorUnits
            } else {
                into = into &+ money.minorUnits
            }
        }
        return RecurringTotals(
            activeCount: active.count, monthlyOut: Money(minorUnits: out, currency: currency),
            monthlyIn: Money(minorUnits: into, currency: currency), unconverted: unconverted)
    }
}
