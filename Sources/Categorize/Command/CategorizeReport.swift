/// `categorize-report.json`: what the run did, for the pipeline's records and the report stage.
public struct CategorizeReport: Codable, Sendable, Equatable {
    public struct Sources: Codable, Sendable, Equatable {
        public var rule = 0
        public var profileRule = 0
        /// Categorised by the starter pack shipped with the product.
        public var starterRule = 0
        /// Categorised by the export's own category, through the starter pack's mapping.
        public var exportCategory = 0
        public var override = 0
        public var learned = 0
        public var transfer = 0
        public var none = 0
    }

    /// A leg a rule marked `transfer` that found no partner in another account.
    public struct UnpairedLeg: Codable, Sendable, Equatable {
        public var id: String
        public var date: String
        public var account: String
        public var amount: String
        public var currency: String
        public var rule: String?

        public init(id: String, date: String, account: String, amount: String, currency: String, rule: String?) {
            self.id = id
            self.date = date
            self.account = account
            self.amount = amount
            self.currency = currency
            self.rule = rule
        }
    }

    public struct RuleUse: Codable, Sendable, Equatable {
        public var rule: String
        public var matched: Int
    }

    public var schemaVersion = 1
    public var transactions = 0
    public var bySource = Sources()
    public var ignored = 0
    public var uncategorized = 0
    public var transferPairs = 0
    public var unpairedTransfers: [UnpairedLeg] = []
    public var overridesApplied = 0
    public var unknownOverrideIDs: [String] = []
    public var learnedTrainedOn = 0
    public var learnedApplied = 0
    /// How many transactions each rule matched, in rule order.
    public var rules: [RuleUse] = []
    public var warnings: [String] = []

    public init() {}
}
