extension Int64 {
    /// `self / divisor` rounded half to even, the one rounding rule for money in the analysis.
    ///
    /// Integer arithmetic throughout, so 52/12 of a weekly amount lands on the same minor unit on
    /// every machine. `divisor` must be positive.
    func dividedRoundingHalfToEven(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        let remainder = self % divisor
        let twice = remainder.magnitude * 2
        if twice < divisor.magnitude { return quotient }
        let away = self < 0 ? quotient - 1 : quotient + 1
        if twice > divisor.magnitude { return away }
        return quotient % 2 == 0 ? quotient : away
    }
}
