/// An exact exchange rate: `mantissa / 10^fractionDigits` units of the base currency for one unit
/// of another currency.
///
/// Rates are never floating point: a rate of `1.1734` is stored as 11734 and 4 digits, so that
/// converting an amount is one multiplication and one rounded division in 128-bit integers.
public struct ExchangeRate: Hashable, Sendable, CustomStringConvertible {
    /// The most fraction digits a rate may have.
    public static let maximumFractionDigits = 10

    public let mantissa: Int64
    public let fractionDigits: Int

    public init?(mantissa: Int64, fractionDigits: Int) {
        guard mantissa > 0, (0...ExchangeRate.maximumFractionDigits).contains(fractionDigits) else { return nil }
        self.mantissa = mantissa
        self.fractionDigits = fractionDigits
    }

    /// Parses `1.1734` (a plain positive decimal, point as the decimal mark, up to 10 fraction digits).
    public init?(_ text: some StringProtocol) {
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard !inFraction else { return nil }
                inFraction = true
                continue
            }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - 0x30))
            guard !overflow1, !overflow2 else { return nil }
            mantissa = sum
            digits += 1
            if inFraction { fractionDigits += 1 }
        }
        guard digits > 0 else { return nil }
        self.init(mantissa: mantissa, fractionDigits: fractionDigits)
    }

    public var description: String {
        guard fractionDigits > 0 else { return String(mantissa) }
        var text = String(mantissa)
        while text.count <= fractionDigits { text = "0" + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -fractionDigits))
        return text
    }

    /// `minorUnits` of `from` in minor units of `to`, rounded half to even once; nil when the result
    /// does not fit in 64 bits.
    public func convert(_ minorUnits: Int64, from: Currency, to: Currency) -> Int64? {
        // base = amount / 10^e(from) × mantissa / 10^k × 10^e(to)
        let numerator = Int128(minorUnits) * Int128(mantissa) * ExchangeRate.power(to.exponent)
        let denominator = ExchangeRate.power(from.exponent + fractionDigits)
        let result = ExchangeRate.dividedRoundingHalfToEven(numerator, denominator)
        guard result >= Int128(Int64.min), result <= Int128(Int64.max) else { return nil }
        return Int64(result)
    }

    /// 10 to the power `exponent`, for scaling minor units and rate mantissas.
    public static func power(_ exponent: Int) -> Int128 {
        var value: Int128 = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// `numerator / denominator` (denominator > 0) rounded to the nearest integer, ties to even.
    public static func dividedRoundingHalfToEven(_ numerator: Int128, _ denominator: Int128) -> Int128 {
        numerator.dividedRoundingHalfToEven(by: denominator)
    }
}
