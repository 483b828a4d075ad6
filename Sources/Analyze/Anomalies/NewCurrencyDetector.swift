import Ledger

/// Flags the first transactions in a currency an account has never used: a card used abroad, or by
/// someone else.
///
/// One anomaly per account and new currency, listing all the month's transactions in it. An account
/// with no prior currencies is new itself, and everything on it would be "new", so it is skipped.
public struct NewCurrencyDetector: Sendable, Equatable {
    public init() {}

    /// The new currencies among `candidates` (the month's transactions), given each account's prior
    /// currency codes in `seen`.
    public func detect(_ candidates: [AnomalyCandidate], seen: [String: Set<String>], money: MoneyPhrase) -> [Anomaly] {
        struct Key: Hashable {
            var account: String
            var currency: String
        }
        var groups: [Key: [AnomalyCandidate]] = [:]
        for candidate in candidates {
            guard let known = seen[candidate.account], !known.isEmpty, !known.contains(candidate.currency) else {
                continue
            }
            groups[Key(account: candidate.account, currency: candidate.currency), default: []].append(candidate)
        }
        return groups.map { key, group in
            let ordered = group.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
            let first = ordered[0]
            let total = ordered.reduce(Int64(0)) { $0 + $1.amount }
            let count = ordered.count == 1 ? "1 transaction" : "\(ordered.count) transactions"
            let reason =
                "First use of \(key.currency) on account \(key.account): \(count), "
                + "\(money.format(total)) in total, starting at \(first.payee)"
            return Anomaly(
                kind: .newCurrency, date: first.date, payee: first.payee, category: first.category, amount: total,
                risk: RiskScore.rounded(RiskScore.newCurrency), reason: reason, transactionIDs: ordered.map(\.id))
        }
    }
}
