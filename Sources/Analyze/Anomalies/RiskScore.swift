import Foundation

/// How strongly an anomaly deserves a look: 0 (not at all) to 1, from the evidence each detector has.
///
/// One shape for all graded evidence, `saturating(x, half:) = 1 − 2^(−x / half)`: 0 with no evidence,
/// 0.5 at `half`, and every further `half` halves the remaining doubt (0.75, 0.875, …). Each detector
/// measures its evidence in its own unit:
///
/// | detector | evidence x | half | examples |
/// |---|---|---|---|
/// | unusual amount, category spike | z − 1 (a z of 1 is ordinary noise) | 2.5 | z 3.5 → 0.50, z 5 → 0.67, z 8 → 0.86 |
/// | new payee, large amount | amount / 95th percentile − 1 | 1 | 2× → 0.50, 3× → 0.75, 16× → 1.00 |
/// | price change (dearer expense, smaller income) | relative change | 0.5 | +18% → 0.22, +50% → 0.50 |
/// | card testing, burst | new merchants on the day − 2 | 2 | 3 → 0.29, 5 → 0.65 |
///
/// Card testing combines its burst with the fixed evidence of tiny tries before a larger charge
/// (0.75) as independent doubts, `1 − (1 − burst)(1 − test)`: 3 merchants with a test → 0.82.
///
/// Evidence that is a yes or a no gets a fixed score: a double charge 0.8 (money taken twice is
/// usually a mistake worth a call to the bank), a new currency 0.6 (worth a look, often a holiday), a
/// price change in the customer's favour 0.1. Scores are rounded to two decimals at the end, so that
/// the report and the tests see the same number.
public enum RiskScore: Sendable, Equatable {
    /// A z-score this far above 0 is ordinary; evidence starts beyond it.
    public static let ordinaryZ = 1.0
    /// z − `ordinaryZ` at which a deviation scores 0.5 (so z = 3.5).
    public static let zHalf = 2.5
    /// The ratio to the category's 95th percentile, minus 1, at which a new payee scores 0.5.
    public static let newPayeeHalf = 1.0
    /// The relative price change at which a change against the customer scores 0.5.
    public static let priceChangeHalf = 0.5
    public static let doubleCharge = 0.8
    public static let newCurrency = 0.6
    public static let favourablePriceChange = 0.1
    /// A risk at or above this reads as critical, below as a warning (a double charge is critical).
    public static let critical = 0.8

    /// `critical` or `warning`: the severity the analysis file gives an anomaly of this risk.
    public static func severity(_ risk: Double) -> String {
        risk >= critical ? "critical" : "warning"
    }

    /// `1 − 2^(−evidence / half)`, 0 for no or negative evidence.
    public static func saturating(_ evidence: Double, half: Double) -> Double {
        guard evidence > 0, half > 0 else { return 0 }
        return 1 - exp2(-evidence / half)
    }

    /// The risk of an amount or a total `z` robust (or plain) standard deviations from the usual.
    public static func deviation(z: Double) -> Double {
        saturating(z - ordinaryZ, half: zHalf)
    }

    /// The risk of a new payee's amount that is `ratio` times its category's 95th percentile.
    public static func newPayee(ratio: Double) -> Double {
        saturating(ratio - 1, half: newPayeeHalf)
    }

    /// The risk of a recurring amount going from `from` to `to` (signed minor units).
    ///
    /// Dearer expenses and smaller incomes are graded by the relative change; the other direction is
    /// good news and scores `favourablePriceChange`.
    public static func priceChange(from: Int64, to: Int64) -> Double {
        guard from != 0 else { return favourablePriceChange }
        // Signed amounts: a dearer expense and a smaller income both make `to − from` negative.
        let change = Double(to - from) / Double(from.magnitude)
        return change < 0 ? saturating(-change, half: priceChangeHalf) : favourablePriceChange
    }

    /// `risk` clamped to 0...1 and rounded to two decimals.
    public static func rounded(_ risk: Double) -> Double {
        guard risk.isFinite else { return risk > 0 ? 1 : 0 }
        return (min(max(risk, 0), 1) * 100).rounded() / 100
    }
}
