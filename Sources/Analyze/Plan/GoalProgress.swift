import Ledger

/// Where a goal stands at a month end (seed 002's required monthly amount), in the goal's currency.
public struct GoalProgress: Sendable, Equatable {
    public enum Status: String, Sendable {
        /// current ≥ target.
        case achieved
        /// The deadline's month has come and the target is not reached.
        case overdue
        /// `current` grew by at least the required amount a month over the last 3 months.
        case onTrack
        case behind
    }

    public var target: Int64
    /// Σ over its accounts of balance × percent, converted to the goal's currency.
    public var current: Int64
    public var monthsLeft: Int
    /// Days from the month end to the deadline, 0 once it is past.
    public var daysRemaining: Int
    public var requiredMonthly: Int64
    /// Growth of `current` over the last `growthMonths` months (up to 3), nil in the first month.
    public var growth: Int64?
    public var growthMonths: Int
    public var status: Status

    /// A deadline fewer days away than this is near: the page marks it (with `daysRemaining`).
    public static let nearDeadlineDays = 60

    /// Not achieved, the deadline not passed, and fewer than `nearDeadlineDays` days to it.
    public var deadlineNear: Bool {
        status != .achieved && daysRemaining > 0 && daysRemaining < GoalProgress.nearDeadlineDays
    }

    /// `current` at the end of `month` and the months before it come from `currentAt` (nil for months
    /// before the data).
    public init(target: Int64, deadline: CivilDate, month: YearMonth, currentAt: (YearMonth) -> Int64?) {
        self.target = target
        let current = currentAt(month) ?? 0
        self.current = current
        monthsLeft = GoalProgress.monthsLeft(deadline: deadline, month: month)
        daysRemaining = max(month.lastDay.days(to: deadline), 0)
        requiredMonthly = GoalProgress.requiredMonthly(target: target, current: current, monthsLeft: monthsLeft)
        var growth: Int64?
        var growthMonths = 0
        for back in stride(from: 3, through: 1, by: -1) {
            if let earlier = currentAt(month.adding(months: -back)) {
                growth = current - earlier
                growthMonths = back
                break
            }
        }
        self.growth = growth
        self.growthMonths = growthMonths
        status = GoalProgress.status(
            target: target, current: current, monthsLeft: monthsLeft, required: requiredMonthly, growth: growth,
            growthMonths: growthMonths)
    }

    /// (deadline year × 12 + deadline month) − (report year × 12 + report month).
    public static func monthsLeft(deadline: CivilDate, month: YearMonth) -> Int {
        month.months(to: deadline.yearMonth)
    }

    /// (target − current) ÷ monthsLeft rounded up to the minor unit; 0 when achieved; all of what is
    /// left when the deadline's month has come (monthsLeft ≤ 0).
    public static func requiredMonthly(target: Int64, current: Int64, monthsLeft: Int) -> Int64 {
        let remaining = target - current
        guard remaining > 0 else { return 0 }
        guard monthsLeft > 0 else { return remaining }
        let months = Int64(monthsLeft)
        return (remaining + months - 1) / months
    }

    /// achieved, overdue, onTrack (average monthly growth ≥ required, compared exactly as
    /// growth ≥ required × months), else behind (also with no earlier month to compare with).
    public static func status(
        target: Int64, current: Int64, monthsLeft: Int, required: Int64, growth: Int64?, growthMonths: Int
    ) -> Status {
        if current >= target { return .achieved }
        if monthsLeft <= 0 { return .overdue }
        guard let growth, growthMonths > 0 else { return .behind }
        return Int128(growth) >= Int128(required) * Int128(growthMonths) ? .onTrack : .behind
    }

    /// At `allotted` a month from the end of `month`: the month the target is reached, and how many
    /// months after the deadline's month that is (0 when on time); nil when nothing is allotted.
    public static func projection(
        target: Int64, current: Int64, allotted: Int64, month: YearMonth, deadline: CivilDate
    ) -> (completion: YearMonth, slip: Int)? {
        let remaining = target - current
        guard remaining > 0, allotted > 0 else { return nil }
        let months = Int((remaining + allotted - 1) / allotted)
        let completion = month.adding(months: months)
        return (completion, max(deadline.yearMonth.months(to: completion), 0))
    }
}
