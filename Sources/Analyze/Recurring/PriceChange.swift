import Ledger

/// A step from one settled amount to another inside a recurring series (10.99 -> 12.99).
public struct PriceChange: Sendable, Equatable {
    /// The date of the first occurrence at the new amount.
    public var date: CivilDate
    /// The old amount, signed minor units.
    public var from: Int64
    /// The new amount, signed minor units.
    public var to: Int64

    public init(date: CivilDate, from: Int64, to: Int64) {
        self.date = date
        self.from = from
        self.to = to
    }
}
