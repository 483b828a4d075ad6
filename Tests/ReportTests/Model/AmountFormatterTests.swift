import Ledger
import Report
import Testing

@Suite struct AmountFormatterTests {
    static func money(_ minorUnits: Int64, _ code: String) -> Money {
        Money(minorUnits: minorUnits, currency: Currency(code: code)!)
    }

    @Test(arguments: [
        (Int64(123_450), "GBP", "£1,234.50"),
        (-123_450, "GBP", "\u{2212}£1,234.50"),
        (0, "GBP", "£0.00"),
        (5, "EUR", "€0.05"),
        (-5, "USD", "\u{2212}$0.05"),
        (100_000_000_000, "USD", "$1,000,000,000.00"),
        (99_999, "EUR", "€999.99"),
        (100_000, "EUR", "€1,000.00"),
        (1_234_567, "KWD", "1,234.567 KWD"),
        (-1_234_567, "KWD", "\u{2212}1,234.567 KWD"),
        (1, "KWD", "0.001 KWD"),
        (1_234_567, "JPY", "¥1,234,567"),
        (123_456, "XYZ", "1,234.56 XYZ"),
        (Int64.max, "CHF", "92,233,720,368,547,758.07 CHF"),
        (Int64.min, "CHF", "\u{2212}92,233,720,368,547,758.08 CHF"),
    ])
    func formatsAmounts(minorUnits: Int64, code: String, expected: String) {
        #expect(AmountFormatter.string(Self.money(minorUnits, code)) == expected)
    }

    @Test(arguments: [
        (Int64(12_000), "GBP", "+£120.00"),
        (-4_510, "GBP", "\u{2212}£45.10"),
        (0, "GBP", "£0.00"),
        (1, "KWD", "+0.001 KWD"),
    ])
    func signsChanges(minorUnits: Int64, code: String, expected: String) {
        #expect(AmountFormatter.signedString(Self.money(minorUnits, code)) == expected)
    }

    @Test func minusIsTheRealMinusSign() {
        let text = AmountFormatter.string(Self.money(-1, "GBP"))
        #expect(text.unicodeScalars.first?.value == 0x2212)
        #expect(!text.contains("-"))
    }

    @Test(arguments: [
        (0.0, "£0"), (850.0, "£850"), (1500.0, "£1.5k"), (-2000.0, "\u{2212}£2k"),
        (12_000.0, "£12k"), (2_250_000.0, "£2.3M"), (-0.2, "£0"),
    ])
    func compactsAxisLabels(value: Double, expected: String) {
        #expect(AmountFormatter.compactString(value, currency: .gbp) == expected)
    }

    @Test func compactLabelsOfCodeCurrenciesEndWithTheCode() {
        #expect(AmountFormatter.compactString(3000, currency: Currency(code: "KWD")!) == "3k KWD")
    }
}
