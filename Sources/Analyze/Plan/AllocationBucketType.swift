/// Seed 004's four allocation buckets, in the order the plan lists them.
public enum AllocationBucketType: String, Sendable, CaseIterable {
    case essentialSpending
    case emergencyFund
    case discretionarySpending
    case investments
}
