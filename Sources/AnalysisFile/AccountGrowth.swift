/// How a valued account's value grew over the period its valuations span: what was paid in, what
/// the market did, and the money-weighted annual return (XIRR) of the two.
///
/// Amounts are in the account's own currency: a pension's statement and its contributions speak
/// it, and a rate's move is not the market's doing.
public struct AccountGrowth: Codable, Sendable, Equatable {
    /// The start of the period: the account's first valuation, or its opening date when
    /// closebook.toml states an opening balance on or before that valuation.
    public var from: String
    /// The latest valuation at or before the month end.
    public var to: String
    public var currency: String
    /// The value at `from` (the opening balance, or the first valuation).
    public var startValue: String
    /// The value at `to`.
    public var endValue: String
    /// Transfers into the account after `from` (from `from` on, for an opening balance) up to `to`.
    public var paidIn: String
    /// Transfers out of the account in the same days, as a positive amount.
    public var withdrawn: String
    /// paidIn − withdrawn: what was paid in, net.
    public var netContributions: String
    /// endValue − startValue − netContributions: what the market did (fees and income included).
    public var marketGrowth: String
    /// The transfers in and out counted.
    public var contributionCount: Int
    /// XIRR, 0.1 is 10% a year (six decimals); nil when `annualReturnNote` says why.
    public var annualReturn: Double?
    /// Why there is no annual return: `the period is under 3 months` or `no rate balances the
    /// payments and values`.
    public var annualReturnNote: String?

    public init(
        from: String, to: String, currency: String, startValue: String, endValue: String, paidIn: String,
        withdrawn: String, netContributions: String, marketGrowth: String, contributionCount: Int,
        annualReturn: Double?, annualReturnNote: String?
    ) {
        self.from = from
        self.to = to
        self.currency = currency
        self.startValue = startValue
        self.endValue = endValue
        self.paidIn = paidIn
        self.withdrawn = withdrawn
        self.netContributions = netContributions
        self.marketGrowth = marketGrowth
        self.contributionCount = contributionCount
        self.annualReturn = annualReturn
        self.annualReturnNote = annualReturnNote
    }
}
