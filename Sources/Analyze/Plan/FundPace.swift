import Ledger

/// How fast the emergency fund is moving, and how long its target is at that pace.
///
/// - The pace is the fund's average monthly change over the last `months` month ends: (the fund
///   now − the fund `months` month ends before) ÷ `months`, rounded half to even to the minor unit.
///   Three months, as the target's average spending and the plan's averages: long enough that one
///   month's timing (a bill paid a day early) does not decide it, short enough to follow a change
///   of habit. With fewer month ends in the data it is taken over what there is; in the data's
///   first month there is none.
/// - Months to target: 0 once the fund reaches its target, else ⌈(target − fund) ÷ pace⌉ when the
///   pace is above 0, and none when it is 0 or below: the target is not reached at this pace.
public struct FundPace: Sendable, Equatable {
    /// The month ends the pace is averaged over.
    public static let months = 3

    /// Minor units a month; nil without an earlier month end.
    public var pace: Int64?
    /// The month ends it is averaged over (3, or fewer near the data's start); nil with no pace.
    public var paceMonths: Int?
    /// nil when the pace is not above 0 (or unknown) and the target is not reached.
    public var monthsToTarget: Int?

    /// `balances`: the fund at consecutive month ends, oldest first, this month last.
    public init(balances: [Int64], target: Int64) {
        let now = balances.last ?? 0
        let span = min(Self.months, balances.count - 1)
        if span > 0 {
            let change = Int128(now) - Int128(balances[balances.count - 1 - span])
            pace = Int64(clamping: change.dividedRoundingHalfToEven(by: Int128(span)))
            paceMonths = span
        }
        let need = Int128(target) - Int128(now)
        if need <= 0 {
            monthsToTarget = 0
        } else if let pace, pace > 0 {
            monthsToTarget = Int(clamping: (need + Int128(pace) - 1) / Int128(pace))
        }
    }
}
