import Ledger
import Testing

@testable import Import

/// OFX amounts: decimal point or comma, signs, zero padding, and rounding of excess decimals.
@Suite struct OFXAmountTests {
    static func parse(_ text: String, _ code: String) -> Result<(money: Money, rounded: Bool), OFXAmount.Failure> {
        let currency = Currency(code: code)!
        return Array(text.utf8).withUnsafeBufferPointer { OFXAmount.parse($0, currency: currency) }
    }

    @Test(arguments: [
        ("-200,00", "USD", "-200.00"),
        ("200,29", "USD", "200.29"),
        ("+1.05", "USD", "1.05"),
        ("120", "CAD", "120.00"),
        ("4212.3", "USD", "4212.30"),
        (".5", "USD", "0.50"),
        ("  -7 ", "USD", "-7.00"),
        ("-0.00", "USD", "0.00"),
        // The ofxparse forms, all 1006.60 in magnitude.
        ("-1006,60", "USD", "-1006.60"),
        ("-1.006,60", "USD", "-1006.60"),
        ("-1,006.60", "USD", "-1006.60"),
        ("+1,006.60", "USD", "1006.60"),
        ("+1 006,60", "USD", "1006.60"),
        ("1 006.60", "USD", "1006.60"),
        // OFX allows a comma as the decimal mark and no grouping, so a lone comma is decimal.
        ("1,000", "USD", "1.00"),
        // Zero padding, and extra digits that are zeros: exact, not rounded.
        ("-00000000001500.0000", "USD", "-1500.00"),
        ("100.00", "JPY", "100"),
        ("1.250", "KWD", "1.250"),
    ])
    func readsExactly(text: String, code: String, expected: String) throws {
        let value = try Self.parse(text, code).get()
        #expect(value.money == money(expected, code))
        #expect(!value.rounded)
    }

    @Test(arguments: [
        ("+00000000000115.8331", "USD", "115.83"),
        ("-00000000000197.1063", "USD", "-197.11"),
        ("0.125", "USD", "0.12"),  // half to even: 2 stays
        ("0.135", "USD", "0.14"),  // half to even: 3 goes up
        ("-0.125", "USD", "-0.12"),
        ("0.1251", "USD", "0.13"),  // more than half
        ("12.5", "JPY", "12"),
        ("13.5", "JPY", "14"),
        ("1.2345", "KWD", "1.234"),
    ])
    func roundsHalfToEven(text: String, code: String, expected: String) throws {
        let value = try Self.parse(text, code).get()
        #expect(value.money == money(expected, code))
        #expect(value.rounded)
    }

    @Test(arguments: ["$120", "1.2.3", "1,2,3", "12-3", "", "-", "null", "1e5", "--1", "1 2", "0x10"])
    func rejectsWhatIsNotANumber(text: String) {
        #expect(throws: OFXAmount.Failure.notANumber) { try Self.parse(text, "USD").get() }
    }

    @Test(arguments: ["99999999999999999999.00", "-9223372036854775808.00", "92233720368547758.08"])
    func rejectsWhatDoesNotFit(text: String) {
        #expect(throws: OFXAmount.Failure.tooLarge) { try Self.parse(text, "USD").get() }
    }

    @Test func readsTheLargestAmountThatFits() throws {
        let value = try Self.parse("92233720368547758.07", "USD").get()
        #expect(value.money.minorUnits == Int64.max)
    }
}
