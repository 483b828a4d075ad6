import Testing

@testable import Ledger

@Suite("Money parsing and formatting")
struct MoneyTests {
    @Test(arguments: [
        ("12.34", Int64(1234)),
        ("-12.34", -1234),
        ("+12.3", 1230),
        ("0012", 1200),
        ("-0.00", 0),
        ("(12.50)", -1250),
        ("1,234,567.89", 123_456_789),
        (" 7.5 ", 750),
        ("-00000000001500.0000", -150_000),
        (".5", 50),
    ])
    func parsesPointStyle(text: String, minorUnits: Int64) throws {
        #expect(try Money.parse(text, currency: .eur).minorUnits == minorUnits)
    }

    @Test func negativeZeroFormatsWithoutSign() throws {
        let zero = try Money.parse("-0.00", currency: .eur)
        #expect(zero.decimalString == "0.00")
        #expect(zero.isZero)
    }

    @Test func decimalCommaWithGrouping() throws {
        #expect(try Money.parse("1.234,56", currency: .eur, style: .comma).minorUnits == 123_456)
        #expect(try Money.parse("1 234,5", currency: .eur, style: .comma).minorUnits == 123_450)
        #expect(try Money.parse("-0,99", currency: .eur, style: .comma).minorUnits == -99)
    }

    @Test func threeDecimalCurrencies() throws {
        let jod = try #require(Currency(code: "JOD"))
        #expect(jod.exponent == 3)
        let amount = try Money.parse("93.21", currency: jod)
        #expect(amount.minorUnits == 93_210)
        #expect(amount.decimalString == "93.210")
        #expect(try Money.parse("4.750", currency: jod).minorUnits == 4_750)
    }

    @Test func zeroDecimalCurrencies() throws {
        let yen = try #require(Currency(code: "jpy"))
        #expect(yen.code == "JPY")
        #expect(try Money.parse("1500", currency: yen).decimalString == "1500")
        #expect(throws: MoneyParseError.tooManyDecimals(allowed: 0)) { try Money.parse("12.5", currency: yen) }
    }

    @Test func excessDigitsRejectedUnlessZeroOrRounding() throws {
        #expect(throws: MoneyParseError.tooManyDecimals(allowed: 2)) { try Money.parse("115.8331", currency: .usd) }
        #expect(try Money.parse("115.8300", currency: .usd).minorUnits == 11_583)
        // Half-even: 0.125 -> 0.12, 0.135 -> 0.14, 0.1251 -> 0.13, -197.1063 -> -197.11.
        #expect(try Money.parse("0.125", currency: .usd, excess: .roundHalfEven).minorUnits == 12)
        #expect(try Money.parse("0.135", currency: .usd, excess: .roundHalfEven).minorUnits == 14)
        #expect(try Money.parse("0.1251", currency: .usd, excess: .roundHalfEven).minorUnits == 13)
        #expect(try Money.parse("-197.1063", currency: .usd, excess: .roundHalfEven).minorUnits == -19_711)
    }

    @Test func overflowIsRejected() throws {
        // Int64.max is 9223372036854775807 minor units = 92233720368547758.07 EUR.
        #expect(try Money.parse("92233720368547758.07", currency: .eur).minorUnits == Int64.max)
        #expect(throws: MoneyParseError.overflow) { try Money.parse("92233720368547758.08", currency: .eur) }
        #expect(throws: MoneyParseError.overflow) { try Money.parse("99999999999999999999999", currency: .eur) }
        let big = Money(minorUnits: Int64.max, currency: .eur)
        #expect(big.adding(Money(minorUnits: 1, currency: .eur)) == nil)
        #expect(Money(minorUnits: Int64.min, currency: .eur).negated == nil)
    }

    @Test(arguments: ["", "abc", "12.3.4", "1-2", "--5", "(12", "12)", "1 2", "$5", "-", "."])
    func rejectsNonNumbers(text: String) {
        #expect(throws: MoneyParseError.self) { try Money.parse(text, currency: .eur) }
    }

    @Test func mixedCurrenciesDoNotAdd() {
        let a = Money(minorUnits: 100, currency: .eur)
        let b = Money(minorUnits: 100, currency: .usd)
        #expect(a.adding(b) == nil)
        #expect(a.adding(a)?.minorUnits == 200)
    }

    @Test func formatting() {
        #expect(Money(minorUnits: -123_450, currency: .eur).decimalString == "-1234.50")
        #expect(Money(minorUnits: -123_450, currency: .eur).groupedDecimalString == "-1,234.50")
        #expect(Money(minorUnits: 100_000_000, currency: .gbp).groupedDecimalString == "1,000,000.00")
        #expect(Money(minorUnits: 5, currency: .eur).decimalString == "0.05")
        #expect(Money(minorUnits: -5, currency: .eur).decimalString == "-0.05")
        #expect(Money(minorUnits: Int64.min, currency: .eur).decimalString == "-92233720368547758.08")
        #expect(Money(minorUnits: 123_450, currency: .gbp).displayString == "1,234.50 GBP")
    }
}

@Suite("Money accumulator")
struct MoneyAccumulatorTests {
    @Test("sums in 128 bits: a total that passes Int64.max part way and comes back is exact")
    func sumsPastInt64() {
        var sum = MoneyAccumulator()
        sum.add(Int64.max)
        sum.add(Int64.max)
        sum.add(-Int64.max)
        sum.add(-5)
        #expect(!sum.overflowed)
        #expect(sum.total == Int64.max - 5)
        #expect(sum.exactTotal == Int64.max - 5)
    }

    @Test("a final sum beyond Int64 is exact in wideTotal and reported as overflowed")
    func finalOverflow() {
        var sum = MoneyAccumulator()
        for _ in 0..<4 { sum.add(Int64.max) }
        #expect(sum.overflowed)
        #expect(sum.exactTotal == nil)
        #expect(sum.wideTotal == Int128(Int64.max) * 4)
        #expect(sum.total == Int64.max)
    }
}

@Suite("ISO 4217 codes")
struct CurrencyCodeTests {
    @Test("codes ISO 4217 lists are accepted with their minor units; others are not")
    func isoCodes() {
        #expect(Currency(isoCode: "eur") == Currency(code: "EUR", exponent: 2))
        #expect(Currency(isoCode: "JPY")?.exponent == 0)
        #expect(Currency(isoCode: "KWD")?.exponent == 3)
        #expect(Currency(isoCode: "CLF")?.exponent == 4)
        #expect(Currency(isoCode: "HRK")?.exponent == 2)
        for code in ["XYZ", "QQQ", "ABC", "XAU", "EURO", "E1R", ""] {
            #expect(Currency(isoCode: code) == nil, "\(code)")
        }
    }

    /// The bytes writers append without a `String`, zero-padded as the text forms are.
    @Test func appendedDigitsArePaddedAsText() throws {
        let dinar = try #require(Currency(code: "KWD"))
        let yen = try #require(Currency(code: "JPY"))
        let cases: [(Money, String)] = [
            (Money(minorUnits: 5, currency: .eur), "0.05"),
            (Money(minorUnits: -100, currency: .eur), "-1.00"),
            (Money(minorUnits: 7, currency: dinar), "0.007"),
            (Money(minorUnits: 1_234_567, currency: dinar), "1234.567"),
            (Money(minorUnits: 0, currency: yen), "0"),
            (Money(minorUnits: Int64.min, currency: .eur), "-92233720368547758.08"),
        ]
        for (money, text) in cases {
            var bytes: [UInt8] = Array("x".utf8)
            money.appendDecimalString(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x" + text)
        }
        var date: [UInt8] = []
        try #require(CivilDate(year: 987, month: 3, day: 4)).appendISOString(to: &date)
        #expect(String(decoding: date, as: UTF8.self) == "0987-03-04")
    }

    /// Grouped and plain texts, worked out by hand: groups of three from the point, the sign on
    /// negatives only, every minor digit kept.
    @Test func groupedAndPlainTexts() throws {
        let dinar = try #require(Currency(code: "KWD"))
        let yen = try #require(Currency(code: "JPY"))
        let cases: [(Money, grouped: String, plain: String)] = [
            (Money(minorUnits: 0, currency: .eur), "0.00", "0.00"),
            (Money(minorUnits: -5, currency: .eur), "-0.05", "-0.05"),
            (Money(minorUnits: 99_999, currency: .eur), "999.99", "999.99"),
            (Money(minorUnits: 100_000, currency: .eur), "1,000.00", "1000.00"),
            (Money(minorUnits: -123_456_789, currency: .eur), "-1,234,567.89", "-1234567.89"),
            (Money(minorUnits: 100_000, currency: yen), "100,000", "100000"),
            (Money(minorUnits: -999, currency: yen), "-999", "-999"),
            (Money(minorUnits: 1_234_567, currency: dinar), "1,234.567", "1234.567"),
            (Money(minorUnits: Int64.min, currency: .eur), "-92,233,720,368,547,758.08", "-92233720368547758.08"),
        ]
        for (money, grouped, plain) in cases {
            #expect(money.groupedDecimalString == grouped)
            #expect(money.decimalString == plain)
        }
        #expect(Money(minorUnits: -123_456, currency: .eur).displayString == "-1,234.56 EUR")
    }
}
