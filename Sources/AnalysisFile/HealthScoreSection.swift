/// Seed 003's Financial Health Score of the month.
public struct HealthScoreSection: Codable, Sendable, Equatable {
    /// 0...100: the weighted sum of the components' scores, rounded half up to an integer.
    public var score: Int
    /// `Excellent` (80-100), `Good` (60-79), `Fair` (40-59) or `Needs Attention` (0-39).
    public var grade: String
    /// All five components, those without data included (with `score` nil and weight 0).
    public var components: [HealthComponentEntry]
    /// Says which components had no data and how their weight was shared out; nil when all had data.
    public var note: String?
    /// The score of the month before and of the same month a year earlier, where the data has them.
    public var previousScore: Int?
    public var yearAgoScore: Int?

    public init(
        score: Int, grade: String, components: [HealthComponentEntry], note: String?, previousScore: Int? = nil,
        yearAgoScore: Int? = nil
    ) {
        self.score = score
        self.grade = grade
        self.components = components
        self.note = note
        self.previousScore = previousScore
        self.yearAgoScore = yearAgoScore
    }
}

/// One component of the health score.
public struct HealthComponentEntry: Codable, Sendable, Equatable {
    /// `savingsRate`, `budgetAdherence`, `recurringRatio`, `emergencyFund` or `cashFlow`.
    public var name: String
    /// The measured value (a percent, a share, months of spending, or the net), nil without data.
    public var value: Double?
    /// What `value` is in: `percent`, `months` or the base currency's code.
    public var unit: String
    /// 0...100, rounded to two decimals; nil without data.
    public var score: Double?
    /// The weight used: seed 003's weight, or its share of the weights of the components with data.
    public var weight: Double
    /// Why a component has no data.
    public var reason: String?

    public init(name: String, value: Double?, unit: String, score: Double?, weight: Double, reason: String?) {
        self.name = name
        self.value = value
        self.unit = unit
        self.score = score
        self.weight = weight
        self.reason = reason
    }
}

/// Something concrete to do, with the monthly money it is worth and the figures behind it.
public struct RecommendationEntry: Codable, Sendable, Equatable {
    /// `reviewSubscription`, `raiseBudget`, `lowerBudget`, `reduceCategory` or `useSurplus`.
    public var kind: String
    public var message: String
    /// Per month, in the base currency (`0.00` for advice that saves nothing, such as a budget
    /// that is too low to be believed).
    public var potentialSaving: String
    /// Money the advice moves rather than saves (the surplus into the emergency fund), per month in
    /// the base currency; nil for advice that cuts spending.
    public var amountToMove: String?
    /// The figures the advice rests on, one sentence each.
    public var evidence: [String]
    public var transactionIds: [String]?
    /// The same transactions as references, in the same order: what a page labels them with.
    public var transactions: [TransactionReference]?

    public init(
        kind: String, message: String, potentialSaving: String, amountToMove: String? = nil, evidence: [String],
        transactionIds: [String]? = nil
    ) {
        self.kind = kind
        self.message = message
        self.potentialSaving = potentialSaving
        self.amountToMove = amountToMove
        self.evidence = evidence
        self.transactionIds = transactionIds
    }
}
