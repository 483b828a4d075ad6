/// One account's story up to a month end, for its page on the site: its balance or value at
/// every month end, which months its statements cover, its largest movements, its valuations and,
/// for a valued account, how its value grew.
///
/// Amounts are in the account's own currency (a balance is what its statement says).
public struct AccountStory: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var kind: String
    public var currency: String
    /// Every month end from the first month of data (or the account's opening) to this one,
    /// oldest first; months after the account closed are left out.
    public var monthEnds: [AccountMonthEnd]
    /// The same months: how much of each its statements cover; empty for an account with no
    /// statements (valued by hand) or without an import report.
    public var coverage: [AccountCoverageMonth]
    /// Posted transactions on the account, in and out alike.
    public var transactionCount: Int
    public var firstTransaction: String?
    public var newestTransaction: String?
    /// The largest transactions by size in the month's calendar year, largest first (at most 5).
    public var largestThisYear: [TransactionLine]
    /// The largest since the data begins, largest first (at most 5).
    public var largestAllTime: [TransactionLine]
    /// Values from valuations.csv or investment statements up to the month end, oldest first.
    public var valuations: [AccountValuation]
    /// A valued account's growth split and annual return; nil for the others.
    public var growth: AccountGrowth?

    public init(
        id: String, name: String, kind: String, currency: String, monthEnds: [AccountMonthEnd],
        coverage: [AccountCoverageMonth], transactionCount: Int, firstTransaction: String?,
        newestTransaction: String?, largestThisYear: [TransactionLine], largestAllTime: [TransactionLine],
        valuations: [AccountValuation], growth: AccountGrowth?
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.currency = currency
        self.monthEnds = monthEnds
        self.coverage = coverage
        self.transactionCount = transactionCount
        self.firstTransaction = firstTransaction
        self.newestTransaction = newestTransaction
        self.largestThisYear = largestThisYear
        self.largestAllTime = largestAllTime
        self.valuations = valuations
        self.growth = growth
    }
}

/// An account's balance at one month end, as net worth counts it.
public struct AccountMonthEnd: Codable, Sendable, Equatable {
    public var month: String
    /// In the account's currency; nil when unknown.
    public var balance: String?
    /// `transactions`, `statement`, `valuation` or `unknown`, as in the net worth.
    public var source: String

    public init(month: String, balance: String?, source: String) {
        self.month = month
        self.balance = balance
        self.source = source
    }
}

/// How much of one month an account's statements cover.
public struct AccountCoverageMonth: Codable, Sendable, Equatable {
    public var month: String
    /// `whole` (every day, no gap), `partial` or `none`.
    public var state: String
    /// The first and last covered day in the month; nil for `none`.
    public var from: String?
    public var through: String?

    public init(month: String, state: String, from: String?, through: String?) {
        self.month = month
        self.state = state
        self.from = from
        self.through = through
    }
}

/// One value of an account on a date.
public struct AccountValuation: Codable, Sendable, Equatable {
    public var date: String
    /// In the account's currency, as stated (positions' market value, for an investment statement).
    public var value: String
    /// `valuations.csv` or `statement` (an investment statement's positions).
    public var source: String

    public init(date: String, value: String, source: String) {
        self.date = date
        self.value = value
        self.source = source
    }
}
