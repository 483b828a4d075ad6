/// `[plan]` and `[plan.buckets]` of `closebook.toml`: what the month's plan (allocation buckets,
/// goals, budget suggestions) is computed from, beyond the ledger.
public struct PlanConfig: Sendable, Equatable {
    /// The emergency fund's target, in months of average spending.
    public var emergencyMonths: Int
    /// The monthly income the plan divides; nil means the average of the last 3 months.
    public var monthlyIncome: Money?
    /// What goals may get each month; nil means what the allocation leaves for them.
    public var goalsBudget: Money?
    /// How much flexible goals get, in percent of what they need (50...150; seed 002's slider).
    public var flexPercent: Int
    /// Category (or category prefix) to spending bucket, overriding the default lists.
    public var buckets: [CategoryPath: SpendingBucket]

    public init(
        emergencyMonths: Int = 6, monthlyIncome: Money? = nil, goalsBudget: Money? = nil, flexPercent: Int = 100,
        buckets: [CategoryPath: SpendingBucket] = [:]
    ) {
        self.emergencyMonths = emergencyMonths
        self.monthlyIncome = monthlyIncome
        self.goalsBudget = goalsBudget
        self.flexPercent = flexPercent
        self.buckets = buckets
    }
}

/// The allocation bucket a spending category counts in.
public enum SpendingBucket: String, Sendable, CaseIterable {
    case essential
    case discretionary
}
