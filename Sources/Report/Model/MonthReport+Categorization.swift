import Ledger

extension MonthReport {
    /// How much of the month's spending has a category and what gave it one, and the uncategorised
    /// money by payee, most first.
    ///
    /// The analysis sums them (`MonthAnalysis.categorization`); the report parses the amounts and
    /// lays them out, so the page and the analysis cannot disagree.
    public struct Categorization: Sendable, Equatable {
        public struct Source: Sendable, Equatable {
            /// `rule`, `starterRule`, `none`…
            public var source: String
            /// `your rules`, `starter rules`, `no category`…
            public var label: String
            /// Money out, positive.
            public var amount: Money
            public var share: Double
            public var transactionCount: Int
        }

        public struct Payee: Sendable, Equatable {
            public var payee: String
            /// Signed: money out is negative.
            public var amount: Money
            public var transactionCount: Int
        }

        /// Money out counted in the figures outside `Income`, positive.
        public var spending: Money
        public var categorizedShare: Double?
        public var sources: [Source]
        public var uncategorized: [Payee]
        /// Payees left out of `uncategorized` (for its length, or by redaction).
        public var moreUncategorized: Int
    }
}
