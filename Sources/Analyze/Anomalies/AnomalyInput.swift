import Ledger

/// Everything the anomaly detectors need for one month, gathered by the caller from data dated on or
/// before the month's end.
public struct AnomalyInput: Sendable, Equatable {
    public var month: YearMonth
    /// The base currency, for the amounts in the reasons.
    public var currency: Currency
    /// The month's transactions; a few from the days before the month may be included so that a
    /// charge repeated across the month's start is caught (only anomalies dated in the month are kept).
    public var candidates: [AnomalyCandidate]
    /// Each candidate's history, by candidate id; a candidate without one is not measured.
    public var histories: [String: CandidateHistory]
    /// Each account's currency codes before the month.
    public var accountCurrencies: [String: Set<String>]
    /// The month's expense categories with their previous monthly totals.
    public var categories: [CategoryMonth]
    /// The recurring series of the month's end, with their payees.
    public var recurring: [RecurringPayee]

    public init(
        month: YearMonth, currency: Currency, candidates: [AnomalyCandidate],
        histories: [String: CandidateHistory] = [:], accountCurrencies: [String: Set<String>] = [:],
        categories: [CategoryMonth] = [], recurring: [RecurringPayee] = []
    ) {
        self.month = month
        self.currency = currency
        self.candidates = candidates
        self.histories = histories
        self.accountCurrencies = accountCurrencies
        self.categories = categories
        self.recurring = recurring
    }
}
