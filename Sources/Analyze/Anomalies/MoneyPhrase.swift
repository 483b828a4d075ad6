import Ledger

/// Money as a reason sentence shows it: `£950.00`, `€1,200.50`, `−$3.00`, `¥1,200`: written as
/// the page's tables write it (`Money.phrase`). (The analysis file's exact decimal strings are
/// another matter, with another type.)
public struct MoneyPhrase: Sendable, Equatable {
    public var currency: Currency

    public init(currency: Currency) {
        self.currency = currency
    }

    public func format(_ minorUnits: Int64) -> String {
        Money(minorUnits: minorUnits, currency: currency).phrase
    }

    /// The amount without its sign, for sentences that already say which way the money went.
    public func magnitude(_ minorUnits: Int64) -> String {
        format(minorUnits == Int64.min ? Int64.max : abs(minorUnits))
    }
}
