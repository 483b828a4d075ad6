/// One bucket of the plan against what happened (seed 004's bucket balance): amounts in the base
/// currency.
public struct PlanActualEntry: Codable, Sendable, Equatable {
    /// essentialSpending, emergencyFund, discretionarySpending or investments.
    public var type: String
    /// What the plan made at the end of the month before allotted; left out in the data's first month.
    public var planned: String?
    /// Spending buckets: the month's money out in their categories. The emergency fund: how much it
    /// grew (less when negative). Investments: how much the goals' holdings grew. Left out where
    /// there is nothing to measure (no month before, no goals).
    public var actual: String?
    /// The month in progress only, spending buckets only: the sum of what is left of the budgets
    /// whose categories are in the bucket (a budget over counts what it is over, negative).
    public var left: String?

    public init(type: String, planned: String?, actual: String?, left: String? = nil) {
        self.type = type
        self.planned = planned
        self.actual = actual
        self.left = left
    }
}
