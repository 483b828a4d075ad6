import Ledger

/// Income, expenses and per-category sums of one month, in minor units of the base currency,
/// summed in 128 bits so that no realistic ledger can overflow them.
///
/// Income is money in categorised under `Income`, plus uncategorised money in; expenses are
/// money out under every other category, plus uncategorised money out. A refund under an
/// expense category reduces that category's expenses; it is not income. Transfers, ignored and
/// pending transactions are counted but left out of the sums.
public struct MonthFlows: Sendable {
    public var income: Int128 = 0
    /// Money out as a positive amount.
    public var expenses: Int128 = 0
    /// Signed sum and count per category index (`LedgerHistory.categories`): negative = spent.
    public var byCategory: [Int: (sum: Int128, count: Int)] = [:]
    public var transactionCount = 0
    public var transferCount = 0
    public var ignoredCount = 0
    public var pendingCount = 0
    public var uncategorizedCount = 0
    /// Absolute sum of uncategorised amounts.
    public var uncategorizedAmount: Int128 = 0
    /// Money out counted in the figures (outside `Income`), as a positive amount and a count, by
    /// the kind of source that categorised it (`CategorySource.Kind.rawValue`): what the month's
    /// share of spending by source is worked out from. Refunds are not netted against it.
    public var spendingBySource = [SourceSpending](
        repeating: SourceSpending(), count: CategorySource.Kind.allCases.count)

    /// Money out one kind of source categorised in a month.
    public struct SourceSpending: Sendable, Equatable {
        public var amount: Int128 = 0
        public var count = 0
    }

    public init() {}

    public var net: Int128 { income - expenses }
}
