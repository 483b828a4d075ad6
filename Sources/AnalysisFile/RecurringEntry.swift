/// A recurring payment or income (a subscription, rent, a salary) as of a month end.
public struct RecurringEntry: Codable, Sendable, Equatable {
    public var payee: String
    public var category: String
    public var account: String
    /// `weekly`, `fortnightly`, `fourWeekly`, `monthly`, `quarterly`, `halfYearly` or `yearly`.
    public var cadence: String
    /// The current amount, signed (money out negative), in `currency`.
    public var amount: String
    /// The account's currency.
    public var currency: String
    /// The amount per month (weekly × 52 / 12, …), signed, in the base currency at the rate of the
    /// month end; nil when no rate converts it.
    public var monthlyAmount: String?
    public var firstDate: String
    public var lastDate: String
    public var nextDate: String
    /// `active`, `missed` (an expected payment is late beyond the cadence's tolerance) or `ended`
    /// (two expected payments missed).
    public var status: String
    /// The first expected date that did not come, for `missed` and `ended`.
    public var expectedDate: String?
    public var occurrences: Int
    public var priceChanges: [PriceChangeEntry]
    /// The ids of the series' transactions, oldest first (at most the last 24).
    public var transactionIds: [String]

    public init(
        payee: String, category: String, account: String, cadence: String, amount: String, currency: String,
        monthlyAmount: String?, firstDate: String, lastDate: String, nextDate: String, status: String,
        expectedDate: String?, occurrences: Int, priceChanges: [PriceChangeEntry], transactionIds: [String]
    ) {
        self.payee = payee
        self.category = category
        self.account = account
        self.cadence = cadence
        self.amount = amount
        self.currency = currency
        self.monthlyAmount = monthlyAmount
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.nextDate = nextDate
        self.status = status
        self.expectedDate = expectedDate
        self.occurrences = occurrences
        self.priceChanges = priceChanges
        self.transactionIds = transactionIds
    }
}

/// A step of a recurring series to a new amount that persisted.
public struct PriceChangeEntry: Codable, Sendable, Equatable {
    public var date: String
    public var from: String
    public var to: String

    public init(date: String, from: String, to: String) {
        self.date = date
        self.from = from
        self.to = to
    }
}
