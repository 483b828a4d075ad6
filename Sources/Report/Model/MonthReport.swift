import AnalysisFile
import Ledger

/// The facts of one month's report as exact values: what every output (HTML, Markdown, JSON,
/// charts, feed) is made from.
///
/// Built from a `MonthAnalysis` by `init(analysis:path:)`, which parses every amount once and
/// works out the changes against earlier months, so the outputs only format.
public struct MonthReport: Sendable, Equatable {
    public var month: YearMonth
    public var currency: Currency
    public var periodStart: CivilDate
    public var periodEnd: CivilDate
    public var income: Money
    /// Money out as a positive amount.
    public var expenses: Money
    public var net: Money
    /// net / income; nil without income.
    public var savingsRate: Double?
    public var counts: Counts
    /// The month before, then the same month a year earlier, where the data reaches.
    public var comparisons: [Comparison]
    /// Expense categories, largest first.
    public var categories: [CategoryLine]
    /// Top-level expense groups, largest first.
    public var groups: [CategoryLine]
    public var incomeCategories: [CategoryLine]
    public var largestExpenses: [ExpenseLine]
    public var accounts: [AccountLine]
    /// Up to twelve months ending with this one, oldest first.
    public var trend: [TrendPoint]
    public var notices: [String]
    /// The analysis engine's sections (net worth, recurring payments, anomalies, forecast, history,
    /// cash flow, plan, insight cards, health score, recommendations), carried as the analysis wrote
    /// them: the report lays them out, it does not recompute them.
    public var sections = AnalysisSections()
    /// The totals under the recurring payments table, as the analysis summed them; nil when no
    /// series is active.
    public var recurringTotals: RecurringTotals?
    /// The share of spending each kind of source categorised, and the uncategorised payees; nil
    /// when the analysis has none.
    public var categorization: Categorization?
    /// Whether `redacted()` made this report: the outputs then list no transactions and say so.
    public var isRedacted = false
    /// Every account's story up to the month end, as the analysis wrote it: the account pages.
    public var accountStories: [AccountStory] = []

    /// How many transactions the month had, and of which kind.
    public struct Counts: Sendable, Equatable {
        public var transactions: Int
        public var transfers: Int
        public var ignored: Int
        public var pending: Int
        public var uncategorized: Int
        public var uncategorizedAmount: Money
    }

    /// Which earlier month a comparison is against.
    public enum ComparisonKind: String, Sendable, Equatable {
        case previousMonth
        case yearAgo
    }

    /// This month's headline figures against an earlier month's.
    public struct Comparison: Sendable, Equatable {
        public var kind: ComparisonKind
        public var month: YearMonth
        public var income: Money
        public var expenses: Money
        public var net: Money
        public var savingsRate: Double?
        public var incomeChange: Change
        public var expensesChange: Change
        public var netChange: Change
        /// This month's rate minus the earlier one, as a ratio (0.021 is 2.1 points); nil unless both exist.
        public var savingsRateChange: Double?
    }

    /// How much a figure moved: the difference and, where the earlier figure is not zero, the
    /// difference relative to the size of the earlier figure.
    public struct Change: Sendable, Equatable {
        public var amount: Money
        public var ratio: Double?

        /// A change the analysis worked out.
        public init(amount: Money, ratio: Double?) {
            self.amount = amount
            self.ratio = ratio
        }

        /// `current - earlier`; nil when the difference does not fit in 64 bits.
        public init?(from earlier: Money, to current: Money) {
            guard let difference = current.subtracting(earlier) else { return nil }
            amount = difference
            ratio =
                earlier.isZero
                ? nil : MonthReport.rounded(Double(difference.minorUnits) / Double(earlier.minorUnits.magnitude))
        }
    }

    /// One category's month.
    public struct CategoryLine: Sendable, Equatable {
        public var category: String
        public var amount: Money
        public var share: Double
        public var transactionCount: Int
        public var previousAmount: Money?
        public var change: Change?
        public var budget: Money?
        public var budgetUsed: Double?
        /// budget - amount: negative when over budget.
        public var budgetRemaining: Money?
    }

    /// One of the month's largest expenses.
    public struct ExpenseLine: Sendable, Equatable {
        public var id: String
        public var date: CivilDate
        public var account: String
        public var payee: String
        public var category: String
        /// Money out as a positive amount.
        public var amount: Money
    }

    /// One account's month, in the account's own currency.
    public struct AccountLine: Sendable, Equatable {
        public var id: String
        public var name: String
        public var kind: String
        public var maskedNumber: String?
        public var currency: Currency
        public var openingBalance: Money?
        public var closingBalance: Money?
        public var inflow: Money
        public var outflow: Money
        public var transactionCount: Int
        /// The account's newest posted transaction on or before the month end.
        public var newestTransaction: CivilDate? = nil
        /// The last day its statements cover, and whether they cover the whole month.
        public var coveredFrom: CivilDate? = nil
        public var coveredThrough: CivilDate? = nil
        public var monthCovered: Bool? = nil
    }

    /// One month of the trend.
    public struct TrendPoint: Sendable, Equatable {
        public var month: YearMonth
        public var income: Money
        public var expenses: Money
        public var net: Money
    }
}

extension MonthReport {
    /// The last second of the report month, `YYYY-MM-DDT23:59:59Z`, as Unix time: the fixed
    /// timestamp of the month's feed entry and archive members, so outputs never depend on the clock.
    public var endOfMonthUnixTime: Int64 {
        Int64(month.lastDay.dayNumber) * 86_400 + 86_399
    }

    /// `2026-10-31T23:59:59Z`.
    public var endOfMonthTimestamp: String { month.lastDay.isoString + "T23:59:59Z" }

    /// A ratio this stage works out, to six decimals (a ten-thousandth of a percent): every
    /// output shows the same value, and report.json reads `0.136147`, not `0.13614669680984678`.
    static func rounded(_ ratio: Double) -> Double {
        (ratio * 1_000_000).rounded() / 1_000_000
    }
}
