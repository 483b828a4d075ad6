/// Flags card testing: a stolen card number tried with tiny charges at merchants never seen before,
/// then spent with a larger one, all on one day (seed 000's pattern anomalies).
///
/// Each charge alone is ordinary (1.00 is below every yardstick, and a new merchant's 249.99 may be
/// below its category's 95th percentile), so the pattern is judged on the day: per account and day,
/// the money out at payees with no earlier expense on that account ("new merchants"):
/// - a **test**: at least one tiny charge (at most `tinyAmount` minor units, 2.00) and one at least
///   `largerFactor` (10) times the largest tiny one, at new merchants;
/// - a **burst**: the number of distinct new merchants.
///
/// A day fires with a test among at least `minimumMerchants` (3) new merchants, or with a burst of
/// `burstMerchants` (5) new merchants without one (a day out in a new town has two or three), and in
/// both cases with at least `crowdFactor` (3) times the account's average of new-merchant charges
/// per day of the month: on an account where new merchants are everyday (a business card, a
/// household whose every shop has a branch number), a day of them is ordinary. The
/// risk combines the evidence as independent doubts, `1 − (1 − burst)(1 − test)(1 − foreign)`: burst =
/// `RiskScore.saturating(merchants − 2, half: 2)` (3 → 0.29, 5 → 0.65), test = `testEvidence` 0.75
/// when there is one, else 0, foreign = `foreignEvidence` 0.5 when one of the day's charges is in a
/// currency the account never had before the month (seed 000's "foreign-currency merchants on a
/// card that has none"), else 0. Two 1.00 tries and a 249.99 at three new merchants score
/// 1 − 0.71 × 0.25 = 0.82: critical; in dollars on a pound card, 1 − 0.71 × 0.25 × 0.5 = 0.91.
public struct CardTestingDetector: Sendable, Equatable {
    /// The largest charge that counts as a tiny test, in minor units of the base currency.
    public static let tinyAmount: Int64 = 200
    /// A charge at least this many times the largest tiny one is the spend the test prepared.
    public static let largerFactor: Int64 = 10
    /// New merchants on one day needed with a test.
    public static let minimumMerchants = 3
    /// New merchants on one day that fire without a test.
    public static let burstMerchants = 5
    /// The merchants beyond 2 at which a burst's evidence is 0.5.
    public static let burstHalf = 2.0
    /// The evidence of tiny tries followed by a larger charge.
    public static let testEvidence = 0.75
    /// The evidence of charges in a currency the account has never used.
    public static let foreignEvidence = 0.5
    /// How many times the account's average of new-merchant charges per day a day must hold.
    public static let crowdFactor = 3.0

    public init() {}

    /// The card-testing days among `candidates` (the month's, in ledger order) whose payee is new:
    /// `isNew(candidate)` is true when the payee had no expense before it on its account; `seen` holds
    /// each account's currency codes before the month (an account with none is new: nothing on it is
    /// foreign).
    public func detect(
        _ candidates: [AnomalyCandidate], isNew: (AnomalyCandidate) -> Bool, money: MoneyPhrase,
        seen: [String: Set<String>] = [:]
    ) -> [Anomaly] {
        var days: [String: [AnomalyCandidate]] = [:]
        var order: [String] = []
        var perAccount: [String: Int] = [:]
        for candidate in candidates where candidate.amount < 0 && isNew(candidate) {
            let key = candidate.account + "\u{1F}" + candidate.date.isoString
            if days[key] == nil { order.append(key) }
            days[key, default: []].append(candidate)
            perAccount[candidate.account, default: 0] += 1
        }
        return order.compactMap { key in
            guard let charges = days[key], let first = charges.first else { return nil }
            let usual = Double(perAccount[first.account] ?? 0) / Double(first.date.yearMonth.dayCount)
            let foreign = charges.contains {
                guard let known = seen[$0.account], !known.isEmpty else { return false }
                return !known.contains($0.currency)
            }
            return evaluate(charges, usualPerDay: usual, money: money, foreign: foreign)
        }
    }

    /// The anomaly for one account's charges at new merchants on one day, or nil; `usualPerDay` is
    /// the account's average of such charges per day of the month.
    func evaluate(
        _ charges: [AnomalyCandidate], usualPerDay: Double, money: MoneyPhrase, foreign: Bool = false
    ) -> Anomaly? {
        guard let first = charges.first else { return nil }
        let merchants = Set(charges.map(\.payee)).count
        guard Double(merchants) >= Self.crowdFactor * usualPerDay else { return nil }
        let tiny = charges.filter { $0.amount.magnitude <= UInt64(Self.tinyAmount) }
        let largestTiny = tiny.map(\.amount.magnitude).max() ?? 0
        let hasTest =
            !tiny.isEmpty && charges.contains { $0.amount.magnitude >= UInt64(Self.largerFactor) * largestTiny }
        guard (hasTest && merchants >= Self.minimumMerchants) || merchants >= Self.burstMerchants else {
            return nil
        }
        let burst = RiskScore.saturating(Double(merchants - 2), half: Self.burstHalf)
        let test = hasTest ? Self.testEvidence : 0
        let risk = 1 - (1 - burst) * (1 - test) * (1 - (foreign ? Self.foreignEvidence : 0))
        let total = charges.reduce(Int64(0)) { $0 + $1.amount }
        let list = charges.map { "\(money.magnitude($0.amount)) at \($0.payee)" }.joined(separator: ", ")
        let pattern = hasTest ? "tiny test charges then a larger one" : "a burst of charges"
        let reason =
            "\(pattern) at \(merchants) merchants never seen before on one day"
            + "\(foreign ? ", in a currency new to the account" : ""): \(list)"
        return Anomaly(
            kind: .cardTesting, date: first.date, payee: charges.map(\.payee).joined(separator: ", "), category: "",
            amount: total, risk: RiskScore.rounded(risk), reason: reason, transactionIDs: charges.map(\.id))
    }
}
