/// How much of the month's spending has a category, what gave it one, and the uncategorised money
/// by payee, most first.
///
/// Why it exists: a category set by a rule the person wrote, by the bank's export, by the starter
/// pack or by the learned classifier is trusted differently, and a page that only counts the
/// uncategorised cannot say how much of the month rests on guesses. Ordered by money, the
/// uncategorised payees are the rules worth writing first.
public struct CategorizationSection: Codable, Sendable, Equatable {
    /// The money out one kind of source categorised.
    public struct Source: Codable, Sendable, Equatable {
        /// `rule`, `override`, `profileRule`, `exportCategory`, `starterRule`, `learned` or `none`.
        public var source: String
        /// `your rules`, `overrides.csv`, `bank profile rules`, `the export's own categories`,
        /// `starter rules`, `learned from your rules`, `no category`.
        public var label: String
        /// Money out as a positive amount.
        public var amount: String
        /// amount / `spending`.
        public var share: Double
        public var transactionCount: Int

        public init(source: String, label: String, amount: String, share: Double, transactionCount: Int) {
            self.source = source
            self.label = label
            self.amount = amount
            self.share = share
            self.transactionCount = transactionCount
        }
    }

    /// One payee's uncategorised money in one direction this month.
    public struct UncategorizedPayee: Codable, Sendable, Equatable {
        public var payee: String
        /// Signed: money out is negative.
        public var amount: String
        public var transactionCount: Int

        public init(payee: String, amount: String, transactionCount: Int) {
            self.payee = payee
            self.amount = amount
            self.transactionCount = transactionCount
        }
    }

    /// Money out counted in the figures outside `Income`, as a positive amount; refunds are not
    /// netted, so it can exceed `summary.expenses`.
    public var spending: String
    /// The categorised part of `spending`; nil when there was none.
    public var categorizedShare: Double?
    /// Sources with money out, in the order above.
    public var sources: [Source]
    /// Uncategorised money by payee and direction, most money first, then by payee (at most 10).
    public var uncategorized: [UncategorizedPayee]
    /// Payees (by direction) left out of `uncategorized` for its length.
    public var moreUncategorized: Int

    public init(
        spending: String, categorizedShare: Double?, sources: [Source], uncategorized: [UncategorizedPayee],
        moreUncategorized: Int
    ) {
        self.spending = spending
        self.categorizedShare = categorizedShare
        self.sources = sources
        self.uncategorized = uncategorized
        self.moreUncategorized = moreUncategorized
    }
}
