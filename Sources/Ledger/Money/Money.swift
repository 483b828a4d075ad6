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

/// A running total of many amounts in one currency, summed in 128 bits.
///
/// A month of a large inbox can pass `Int64.max` minor units part way (amounts of both signs in
/// any order) and still end in range; 128 bits hold the sum of more than 10^19 amounts of
/// `Int64.max` each, so no realistic inbox overflows them. `total` is the sum as `Int64`, and
/// `overflowed` says the final sum does not fit one: the caller names the account and month.
public struct MoneyAccumulator: Sendable {
    /// The exact sum.
    public private(set) var wideTotal: Int128 = 0

    public init() {}

    public mutating func add(_ minorUnits: Int64) {
        wideTotal &+= Int128(minorUnits)
    }

    /// The sum as `Int64`, or nil when it does not fit.
    public var exactTotal: Int64? { Int64(exactly: wideTotal) }

    /// The sum as `Int64`, clamped to its range when `overflowed`.
    public var total: Int64 {
        exactTotal ?? (wideTotal < 0 ? Int64.min : Int64.max)
    }

    /// True when the sum does not fit `Int64` minor units.
    public var overflowed: Bool { exactTotal == nil }
}
