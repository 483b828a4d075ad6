extension RateTable {
    /// `minorUnits` of `from` in minor units of `to` on `day`, through the base currency: each
    /// step rounds half to even once, and the step out of the base divides by the rate exactly in
    /// 128-bit integers. Nil when a rate is missing or the result does not fit in 64 bits.
    public func convert(_ minorUnits: Int64, from: Currency, to: Currency, onDay day: Int) -> Int64? {
        if from == to { return minorUnits }
        guard let inBase = toBase(minorUnits, from, onDay: day) else { return nil }
        if to == base { return inBase }
        guard let rate = rate(for: to, onDay: day) else { return nil }
        // to = inBase / 10^e(base) / (mantissa / 10^k) × 10^e(to)
        let numerator = Int128(inBase) * ExchangeRate.power(rate.fractionDigits + to.exponent)
        let denominator = Int128(rate.mantissa) * ExchangeRate.power(base.exponent)
        let result = ExchangeRate.dividedRoundingHalfToEven(numerator, denominator)
        guard result >= Int128(Int64.min), result <= Int128(Int64.max) else { return nil }
        return Int64(result)
    }
}
