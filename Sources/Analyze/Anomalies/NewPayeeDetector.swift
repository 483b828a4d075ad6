/// Flags a first payment to a payee that is larger than nearly everything else in its category.
///
/// "Nearly everything" is the category's 95th percentile of prior expenses, which needs
/// `minimumCategoryHistory` amounts to mean something (with fewer it is just the largest one). The
/// risk grows with the ratio to that percentile (`RiskScore.newPayee`). Only money out is checked.
public struct NewPayeeDetector: Sendable, Equatable {
    /// The share of the category's prior amounts a new payee's amount must exceed.
    public static let percentile = 0.95
    /// Prior expenses a category needs before its 95th percentile is a yardstick.
    public static let minimumCategoryHistory = 20

    public init() {}

    /// The anomaly for `candidate`, or nil unless it is a first-time payee above the percentile.
    ///
    /// `payeeHistory` is the payee's prior expenses (empty means a new payee); `categoryHistory` the
    /// category's (either sign; magnitudes are used).
    /// `yardstick` names the history when it is not the candidate's own category (the caller may
    /// stand in the parent category, or the account's spending, for a category too new to have 20 amounts).
    public func evaluate(
        _ candidate: AnomalyCandidate, payeeHistory: [Int64], categoryHistory: [Int64], money: MoneyPhrase,
        yardstick: String? = nil
    ) -> Anomaly? {
        guard candidate.amount < 0, payeeHistory.isEmpty, categoryHistory.count >= Self.minimumCategoryHistory
        else { return nil }
        let amount = Double(candidate.amount.magnitude)
        guard Self.mayExceedPercentile(amount, categoryHistory) else { return nil }
        let threshold = SampleStatistics(magnitudes: categoryHistory).percentile(Self.percentile)
        guard threshold > 0, amount > threshold else { return nil }
        let percentileText = money.format(Int64(threshold.rounded(.toNearestOrEven)))
        let reason =
            "\(money.magnitude(candidate.amount)) at \(candidate.payee), a new payee, is "
            + "\(RatioText.comparison(amount, to: threshold)) the 95th percentile \(percentileText) of \(yardstick ?? candidate.category)"
        return Anomaly(
            kind: .newPayeeLargeAmount, date: candidate.date, payee: candidate.payee, category: candidate.category,
            amount: candidate.amount, risk: RiskScore.rounded(RiskScore.newPayee(ratio: amount / threshold)),
            reason: reason, transactionIDs: [candidate.id])
    }

    /// False when `amount` cannot be above the percentile of `history`, without sorting it: the
    /// percentile is at least the sorted value at its lower rank, so an amount above it has more
    /// values below it than that rank. Most first payments are ordinary and are turned away here.
    static func mayExceedPercentile(_ amount: Double, _ history: [Int64]) -> Bool {
        let lower = Int((percentile * Double(history.count - 1)).rounded(.down))
        var below = 0
        for value in history where Double(value.magnitude) < amount { below += 1 }
        return below > lower
    }
}
