/// What came before one candidate: the yardsticks its amount is measured against.
public struct CandidateHistory: Sendable, Equatable {
    /// The payee's prior expenses on any account, minor units of the base currency, most recent last
    /// (up to about 24). Empty means the payee is new.
    public var payeeAmounts: [Int64]
    /// The category's prior expenses, minor units of the base currency.
    public var categoryAmounts: [Int64]

    public init(payeeAmounts: [Int64], categoryAmounts: [Int64]) {
        self.payeeAmounts = payeeAmounts
        self.categoryAmounts = categoryAmounts
    }
}
