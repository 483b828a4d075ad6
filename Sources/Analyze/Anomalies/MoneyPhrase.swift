import Ledger

/// Money as a reason sentence shows it: `£950.00`, `€1,200.50`, `-$3.00`, `1,200 JPY`.
///
/// The three symbols people read without thinking go in front; every other currency keeps its code
/// behind the number, because `kr` or `Fr.` would be ambiguous. (The analysis file's exact decimal
/// strings are another matter, with another type.)
public struct MoneyPhrase: Sendable, Equatable {
    public var currency: Currency

    public init(currency: Currency) {
        self.currency = currency
    }

    public func format(_ minorUnits: Int64) -> String {
        let magnitude = Money(minorUnits: minorUnits, currency: currency).groupedDecimalString
        let symbol: String? =
            switch currency.code {
            case "GBP": "£"
            case "EUR": "€"
            case "USD": "$"
            default: nil
            }
        guard let symbol else { return "\(magnitude) \(currency.code)" }
        return magnitude.hasPrefix("-") ? "-\(symbol)\(magnitude.dropFirst())" : "\(symbol)\(magnitude)"
    }

    /// The amount without its sign, for sentences that already say which way the money went.
    public func magnitude(_ minorUnits: Int64) -> String {
        format(minorUnits == Int64.min ? Int64.max : abs(minorUnits))
    }
}
