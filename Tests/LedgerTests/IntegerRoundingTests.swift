import Ledger
import Testing

/// Half to even, worked by hand: 5/2 = 2.5 → 2, 7/2 = 3.5 → 4, −5/2 → −2, −7/2 → −4, 52/12 =
/// 4.33 → 4, 10/4 = 2.5 → 2, −11/4 = −2.75 → −3, and a divisor below zero turns the sign.
@Suite struct IntegerRoundingTests {
    @Test(arguments: [
        (Int64(5), Int64(2), Int64(2)), (7, 2, 4), (-5, 2, -2), (-7, 2, -4), (52, 12, 4), (10, 4, 2), (-11, 4, -3),
        (11, 4, 3), (6, 3, 2), (0, 7, 0), (5, -2, -2), (7, -2, -4),
    ])
    func halfToEven(numerator: Int64, divisor: Int64, expected: Int64) {
        #expect(numerator.dividedRoundingHalfToEven(by: divisor) == expected)
        #expect(Int128(numerator).dividedRoundingHalfToEven(by: Int128(divisor)) == Int128(expected))
    }
}
