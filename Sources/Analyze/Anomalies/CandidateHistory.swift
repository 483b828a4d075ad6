/// What came before one candidate: the yardsticks its amount is measured against.
public struct CandidateHistory: Sendable, Equatable {
    /// The payee's prior expenses on any account, minor units of the base currency, most recent last
    /// (up to about 24). Empty means the payee is new.
    public var payeeAmounts: [Int64]
    /// The category's prior expenses, minor units of the base currency.
    public var categoryAmounts: [Int64]
    /// What `categoryAmounts` are when they are not the candidate's own category's (`Shopping` for a
    /// new `Shopping:Furniture`, or `this account's spending`); nil for the category itself.
    public var categoryLabel: String?
    /// True when `categoryAmounts` are the account's spending: a yardstick for a new payee's 95th percentile,
    /// too broad for a median (whose typical amount is a coffee).
    public var categoryIsBroad: Bool {
        categoryLabel == CandidateHistory.accountSpending
    }

    public static let accountSpending = "this account's spending"

    public init(payeeAmounts: [Int64], categoryAmounts: [Int64], categoryLabel: String? = nil) {
        self.payeeAmounts = payeeAmounts
        self.categoryAmounts = categoryAmounts
        self.categoryLabel = categoryLabel
    }
}
