/// The one rounding rule for money: a quotient rounded to the nearest integer, ties to even, in
/// integer arithmetic throughout, so 52/12 of a weekly amount, a cross rate or a share lands on
/// the same minor unit on every machine. The analysis, the rate tables and the exports all use it.
extension Int128 {
    /// `self / divisor` rounded half to even; `divisor` must not be zero.
    public func dividedRoundingHalfToEven(by divisor: Int128) -> Int128 {
        var quotient = self / divisor
        let remainder = self % divisor
        guard remainder != 0 else { return quotient }
        let twice = remainder.magnitude * 2
        if twice > divisor.magnitude || (twice == divisor.magnitude && quotient % 2 != 0) {
            quotient += (self < 0) == (divisor < 0) ? 1 : -1
        }
        return quotient
    }
}

extension Int64 {
    /// `self / divisor` rounded half to even; `divisor` must not be zero.
    public func dividedRoundingHalfToEven(by divisor: Int64) -> Int64 {
        Int64(Int128(self).dividedRoundingHalfToEven(by: Int128(divisor)))
    }
}
