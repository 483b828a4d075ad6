/// The emergency fund tracked as a goal over time (seed 004's emergency fund bucket with its
/// `monthsToTarget`): where it stood at each month end, and how far the target is at the pace it
/// actually moved, beside the plan's months to target (which assume the bucket's allotment is saved).
/// Amounts in the base currency; the fund and its target are the plan's (`PlanBasis`).
public struct EmergencyFundTrack: Codable, Sendable, Equatable {
    /// The fund at this month end (the emergency fund bucket's `currentAmount`).
    public var balance: String
    /// Its target (the bucket's `targetAmount`).
    public var target: String
    /// balance ÷ target to 4 decimals (above 1 once the target is passed); nil when the target is 0.
    public var progress: Double?
    /// The fund and its target at each of the last 12 month ends the data reaches, oldest first,
    /// this month last.
    public var months: [EmergencyFundPoint]
    /// The pace: the fund's change over the last `paceMonths` month ends ÷ `paceMonths`, rounded half
    /// to even; nil in the data's first month.
    public var pace: String?
    /// 3, or fewer when the data starts later.
    public var paceMonths: Int?
    /// ⌈(target − balance) ÷ pace⌉; 0 when the target is reached; nil when the pace is not above 0
    /// (the target is not reached at this pace) or unknown.
    public var monthsToTarget: Int?
    /// The month the target is reached at this pace (this month + monthsToTarget); nil with it.
    public var targetMonth: String?

    public init(
        balance: String, target: String, progress: Double?, months: [EmergencyFundPoint], pace: String?,
        paceMonths: Int?, monthsToTarget: Int?, targetMonth: String?
    ) {
        self.balance = balance
        self.target = target
        self.progress = progress
        self.months = months
        self.pace = pace
        self.paceMonths = paceMonths
        self.monthsToTarget = monthsToTarget
        self.targetMonth = targetMonth
    }
}

/// The emergency fund at one month end.
public struct EmergencyFundPoint: Codable, Sendable, Equatable {
    /// `2026-10`.
    public var month: String
    public var balance: String
    public var target: String

    public init(month: String, balance: String, target: String) {
        self.month = month
        self.balance = balance
        self.target = target
    }
}
