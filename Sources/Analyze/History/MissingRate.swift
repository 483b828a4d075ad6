import Ledger

/// Amounts of one currency that could not be converted into the base currency in one month,
/// because `rates.csv` has no rate in force on their dates.
public struct MissingRate: Sendable, Equatable {
    public var currency: Currency
    /// The first date that needed a rate.
    public var from: CivilDate
    public var count: Int
    /// Sum of the amounts' magnitudes, in minor units of `currency`.
    public var amount: Int128

    public init(currency: Currency, from: CivilDate, count: Int = 0, amount: Int128 = 0) {
        self.currency = currency
        self.from = from
        self.count = count
        self.amount = amount
    }
}
