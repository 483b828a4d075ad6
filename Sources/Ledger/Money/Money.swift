/// An exact amount of money: integer minor units of one currency.
///
/// Never a `Double`: `0.1 + 0.2` must be `0.30` to the cent. Arithmetic is checked; an overflow
/// is an error the caller sees, not a wrapped value.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    /// The amount in minor units (cents for EUR, yen for JPY).
    public var minorUnits: Int64
    public var currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Zero in `currency`.
    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    public var isZero: Bool { minorUnits == 0 }
    public var isNegative: Bool { minorUnits < 0 }
    public var isPositive: Bool { minorUnits > 0 }

    /// The amount with its sign flipped; nil only for `Int64.min`, which has no positive twin.
    public var negated: Money? {
        let (value, overflow) = Int64(0).subtractingReportingOverflow(minorUnits)
        return overflow ? nil : Money(minorUnits: value, currency: currency)
    }

    /// The sum, or nil when the currencies differ or the result does not fit in 64 bits.
    public func adding(_ other: Money) -> Money? {
        guard other.currency == currency else { return nil }
        let (value, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        return overflow ? nil : Money(minorUnits: value, currency: currency)
    }

    /// The difference, or nil when the currencies differ or the result does not fit in 64 bits.
    public func subtracting(_ other: Money) -> Money? {
        guard other.currency == currency else { return nil }
        let (value, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        return overflow ? nil : Money(minorUnits: value, currency: currency)
    }

    /// The amount as a `Double` in major units, for ratios and charts only, never for sums.
    public var approximateValue: Double { Double(minorUnits) / Double(currency.scale) }

    public var description: String { "\(decimalString) \(currency.code)" }
}

/// A running total of many amounts in one currency that reports overflow instead of trapping.
public struct MoneyAccumulator: Sendable {
    public private(set) var total: Int64 = 0
    public private(set) var overflowed = false

    public init() {}

    public mutating func add(_ minorUnits: Int64) {
        let (value, overflow) = total.addingReportingOverflow(minorUnits)
        if overflow { overflowed = true } else { total = value }
    }
}
