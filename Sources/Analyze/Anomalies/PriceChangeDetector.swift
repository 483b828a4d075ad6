import Ledger

/// Reports a recurring payment whose latest price change happened in the month.
///
/// The change itself comes from `RecurringDetector`; this only decides whether it is news this month
/// and how much it matters (`RiskScore.priceChange`). Only a payment that now costs more is reported,
/// and only by at least `minimumRise`: a salary rise is good news, not a risk, and a rent or bill
/// indexed by a few percent is the ordinary course of things (the recurring list still shows every
/// price change).
public struct PriceChangeDetector: Sendable, Equatable {
    /// The least rise, as a share of the old price, that is reported.
    public static let minimumRise = 0.05

    public init() {}

    /// The anomaly for `series` (of `payee`, in `category`) when its latest price change is in `month`;
    /// it names the series' latest occurrence, `latestID`, when that is at or after the change.
    public func evaluate(
        _ series: RecurringSeries, payee: String, category: String, latestID: String, month: YearMonth,
        money: MoneyPhrase
    ) -> Anomaly? {
        guard let change = series.priceChanges.last, month.contains(change.date), change.from < 0, change.to < 0,
            Double(change.to.magnitude) >= (1 + Self.minimumRise) * Double(change.from.magnitude)
        else { return nil }
        let percent = Int((Double(change.to.magnitude) / Double(change.from.magnitude) * 100 - 100).rounded())
        let signed = percent >= 0 ? "+\(percent)%" : "\(percent)%"
        let reason =
            "\(payee) now takes \(money.magnitude(change.to)) instead of \(money.magnitude(change.from)) "
            + "(\(signed)) since \(change.date)"
        let ids = series.lastDate >= change.date && !series.occurrences.isEmpty ? [latestID] : []
        return Anomaly(
            kind: .priceChange, date: change.date, payee: payee, category: category, amount: change.to,
            risk: RiskScore.rounded(RiskScore.priceChange(from: change.from, to: change.to)), reason: reason,
            transactionIDs: ids)
    }
}
