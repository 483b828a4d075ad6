/// Flags an expense far above the payee's usual amounts, by a robust z-score.
///
/// `z = (|amount| − median) / scale` with `scale = 1.4826 × MAD` (the median absolute deviation, made
/// comparable to a standard deviation for normal data) over the payee's prior expenses, or over the
/// category's when the payee is new. The median and MAD shrug off the odd big purchase in the history,
/// which a mean and standard deviation would not.
///
/// A payee that always charges the same has a MAD of 0; the scale is then floored at
/// `relativeFloor` of the median (and `absoluteFloor` minor units), so a different amount still
/// scores (50.00 six times, then 100.00: z = 50 / 5 = 10) while the same amount scores 0. The floor
/// also keeps a small change to a steady price from looking alarming (10.99 to 12.99: z = 2.00 / 1.10 = 1.8).
///
/// Only money out is checked, and only amounts above the usual: a salary is not an anomaly, and
/// paying less than usual is not a risk.
///
/// One reading beyond the seed, for a month-end report over real shops: many payees are bimodal (a
/// supermarket visited for a weekly shop and for midweek top-ups), so their median and MAD describe
/// the small visits and every big shop would score. Against the payee's own history an amount must
/// therefore also exceed `aboveLargestFactor` × the largest of the prior amounts: what the payee
/// has charged before is not unusual.
public struct StatisticalDetector: Sendable, Equatable {
    /// Prior amounts a payee needs before its own history is the yardstick: with fewer, a shop whose
    /// purchases vary widely has a median and MAD that chance can squeeze (five purchases of 50-60 at
    /// a shop that sells 20-120).
    public static let minimumPayeeHistory = 6
    /// Prior amounts a category needs to stand in for a new payee.
    public static let minimumCategoryHistory = 8
    /// 1 / Φ⁻¹(3/4): the MAD of normal data times this is its standard deviation.
    public static let madToStandardDeviation = 1.4826
    /// The z from which an amount is reported; `RiskScore.deviation(z: 3.5)` is 0.5.
    public static let threshold = 3.5
    /// The least scale as a share of the median.
    public static let relativeFloor = 0.10
    /// The least scale in minor units (one pound, euro or dollar).
    public static let absoluteFloor = 100.0
    /// Against a payee's own history, an amount must exceed its largest prior amount by this factor.
    public static let aboveLargestFactor = 1.25

    public init() {}

    /// The anomaly for `candidate`, or nil when it is income, ordinary, or there is too little history.
    ///
    /// `payeeHistory` and `categoryHistory` are prior expense amounts (either sign; magnitudes are used).
    public func evaluate(
        _ candidate: AnomalyCandidate, payeeHistory: [Int64], categoryHistory: [Int64], money: MoneyPhrase,
        yardstick categoryName: String? = nil
    ) -> Anomaly? {
        guard candidate.amount < 0 else { return nil }
        let history: [Int64]
        let yardstick: String
        if payeeHistory.count >= Self.minimumPayeeHistory {
            history = payeeHistory
            yardstick = "this payee"
        } else if payeeHistory.isEmpty, categoryHistory.count >= Self.minimumCategoryHistory {
            history = categoryHistory
            yardstick = categoryName ?? candidate.category
        } else {
            return nil
        }
        let amount = Double(candidate.amount.magnitude)
        // Most amounts are ordinary: they are turned away here, before the history is sorted.
        if yardstick == "this payee" {
            let largest = payeeHistory.lazy.map { Double($0.magnitude) }.max() ?? 0
            guard amount > Self.aboveLargestFactor * largest else { return nil }
        } else if !Self.mayBeUnusual(amount, history) {
            return nil
        }
        let statistics = SampleStatistics(magnitudes: history)
        let median = statistics.median
        guard median > 0, amount > median else { return nil }
        let scale = max(
            Self.madToStandardDeviation * statistics.medianAbsoluteDeviation, Self.relativeFloor * median,
            Self.absoluteFloor)
        let z = (amount - median) / scale
        guard z >= Self.threshold else { return nil }
        let usual = Int64(median.rounded(.toNearestOrEven))
        let reason =
            "\(money.magnitude(candidate.amount)) at \(candidate.payee) is \(RatioText.comparison(amount, to: median)) "
            + "the usual \(money.format(usual)) for \(yardstick)"
        return Anomaly(
            kind: .unusualAmount, date: candidate.date, payee: candidate.payee, category: candidate.category,
            amount: candidate.amount, risk: RiskScore.rounded(RiskScore.deviation(z: z)), reason: reason,
            transactionIDs: [candidate.id])
    }

    /// False when `amount` cannot reach the threshold against `history`, without sorting it.
    ///
    /// The scale is at least `relativeFloor` of the median, so a z of `threshold` needs
    /// `amount ≥ (1 + threshold × relativeFloor) × median` (1.35 × median). The median is at
    /// least the lower middle value, so it is at most `bound` only when at least half the values,
    /// rounded up, are: with fewer, the amount is ordinary. The bound is set a little above
    /// `amount / 1.35` so that rounding can only let an amount through, never turn one away.
    static func mayBeUnusual(_ amount: Double, _ history: [Int64]) -> Bool {
        let bound = amount / (1 + threshold * relativeFloor) * (1 + 1e-9)
        var atMost = 0
        for value in history where Double(value.magnitude) <= bound { atMost += 1 }
        return atMost >= (history.count + 1) / 2
    }
}
