import Ledger

/// Flags the same amount taken twice by the same payee on the same account within a couple of days.
///
/// Repeats closer than `windowDays` are chained, so three identical charges on consecutive days are
/// one anomaly listing all three. Amounts under `minimumAmount` are left alone: two coffees or two bus
/// fares of the same price are ordinary. Only money out is checked.
public struct DoubleChargeDetector: Sendable, Equatable {
    /// The most days between two charges that still look like one charge taken twice.
    public static let windowDays = 2
    /// The least amount (minor units, 10.00) worth flagging.
    public static let minimumAmount: Int64 = 1_000

    public init() {}

    /// The double charges among `candidates` whose latest charge falls in `month`.
    ///
    /// Pass the month's transactions, and the last `windowDays` of the month before if a charge
    /// repeated across the month's start should be caught.
    public func detect(_ candidates: [AnomalyCandidate], in month: YearMonth, money: MoneyPhrase) -> [Anomaly] {
        struct Key: Hashable {
            var account: String
            var payee: String
            var amount: Int64
        }
        var groups: [Key: [AnomalyCandidate]] = [:]
        for candidate in candidates where candidate.amount <= -Self.minimumAmount {
            groups[Key(account: candidate.account, payee: candidate.payee, amount: candidate.amount), default: []]
                .append(candidate)
        }
        var anomalies: [Anomaly] = []
        for (_, group) in groups where group.count > 1 {
            let ordered = group.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
            var cluster: [AnomalyCandidate] = [ordered[0]]
            for candidate in ordered.dropFirst() {
                if cluster[cluster.count - 1].date.days(to: candidate.date) <= Self.windowDays {
                    cluster.append(candidate)
                } else {
                    if let anomaly = anomaly(for: cluster, in: month, money: money) { anomalies.append(anomaly) }
                    cluster = [candidate]
                }
            }
            if let anomaly = anomaly(for: cluster, in: month, money: money) { anomalies.append(anomaly) }
        }
        return anomalies
    }

    private func anomaly(for cluster: [AnomalyCandidate], in month: YearMonth, money: MoneyPhrase) -> Anomaly? {
        guard cluster.count > 1, let first = cluster.first, let last = cluster.last, month.contains(last.date)
        else { return nil }
        let times = cluster.count == 2 ? "twice" : "\(cluster.count) times"
        let span = first.date.days(to: last.date)
        let when =
            span == 0
            ? "on \(first.date)" : "within \(span == 1 ? "1 day" : "\(span) days") (\(first.date) to \(last.date))"
        return Anomaly(
            kind: .doubleCharge, date: last.date, payee: last.payee, category: last.category, amount: last.amount,
            risk: RiskScore.rounded(RiskScore.doubleCharge),
            reason: "\(money.magnitude(last.amount)) at \(last.payee) was charged \(times) \(when)",
            transactionIDs: cluster.map(\.id))
    }
}
