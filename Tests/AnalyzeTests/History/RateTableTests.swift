import Ledger
import Testing

@testable import Analyze

@Suite("Exchange rates")
struct RateTableTests {
    @Test func conversionRoundsHalfToEvenOnce() throws {
        let half = try #require(ExchangeRate("0.5"))
        // 0.05 EUR × 0.5 = 0.025 GBP -> 2.5 pence -> 2 (even); 0.15 × 0.5 = 7.5 pence -> 8.
        #expect(half.convert(5, from: .eur, to: .gbp) == 2)
        #expect(half.convert(15, from: .eur, to: .gbp) == 8)
        #expect(half.convert(-5, from: .eur, to: .gbp) == -2)
        #expect(half.convert(-15, from: .eur, to: .gbp) == -8)
        // 10.00 EUR × 0.8547 = 8.547 GBP -> 8.55.
        #expect(try #require(ExchangeRate("0.8547")).convert(1000, from: .eur, to: .gbp) == 855)
        // 1000 JPY (no decimals) × 0.0052 = 5.20 GBP.
        let yen = try #require(Currency(code: "JPY"))
        #expect(try #require(ExchangeRate("0.0052")).convert(1000, from: yen, to: .gbp) == 520)
        // 1.00 GBP × 1.234 into KWD (three decimals) = 1.234 KWD.
        let dinar = try #require(Currency(code: "KWD"))
        #expect(try #require(ExchangeRate("1.234")).convert(100, from: .gbp, to: dinar) == 1234)
        // Ten fraction digits are exact: 123.45 USD × 0.7912345678 = 97.6779074949... -> 97.68.
        #expect(try #require(ExchangeRate("0.7912345678")).convert(12345, from: .usd, to: .gbp) == 9768)
    }

    @Test func rateTextIsExact() {
        #expect(ExchangeRate("1.1734")?.description == "1.1734")
        #expect(ExchangeRate("0.0000000001")?.description == "0.0000000001")
        #expect(ExchangeRate("0.00000000001") == nil)
        #expect(ExchangeRate("-1.2") == nil)
        #expect(ExchangeRate("0") == nil)
        #expect(ExchangeRate("1e3") == nil)
        #expect(ExchangeRate("1.2.3") == nil)
    }

    @Test func theRateInForceIsTheLatestAtOrBeforeTheDate() throws {
        let text = "date,currency,rate\n2026-07-01,EUR,0.86\n2026-01-01,EUR,0.85\n2026-01-01,GBP,1\n"
        let table = try RateTable.parse(text, path: "rates.csv", base: .gbp)
        func day(_ iso: String) throws -> Int { try #require(CivilDate(iso: iso)).dayNumber }
        #expect(table.toBase(1000, .eur, onDay: try day("2025-12-31")) == nil)
        #expect(table.toBase(1000, .eur, onDay: try day("2026-01-01")) == 850)
        #expect(table.toBase(1000, .eur, onDay: try day("2026-06-30")) == 850)
        #expect(table.toBase(1000, .eur, onDay: try day("2026-07-01")) == 860)
        #expect(table.toBase(1000, .gbp, onDay: try day("2020-01-01")) == 1000)
        #expect(table.toBase(1000, .usd, onDay: try day("2026-07-01")) == nil)
    }

    @Test(arguments: [
        (
            "date,currency,rate\n2026-01-01,EURO,0.85\n",
            "rates.csv:2:12: error: 'EURO' is not a three-letter ISO 4217 currency code"
        ),
        (
            "date,currency,rate\n2026-13-01,EUR,0.85\n",
            "rates.csv:2:1: error: '2026-13-01' is not a date in YYYY-MM-DD form"
        ),
        (
            "date,currency,rate\n2026-01-01,EUR,0,85\n",
            "rates.csv:2:1: error: expected 3 cells (date,currency,rate), found 4"
        ),
        (
            "date,currency,rate\n2026-01-01,EUR,1.23456789012\n",
            "rates.csv:2:16: error: rate '1.23456789012' must be a positive decimal with at most 10 fraction digits, "
                + "such as 1.1734"
        ),
        (
            "day,currency,rate\n",
            "rates.csv:1:1: error: the header must be 'date,currency,rate', not 'day,currency,rate'"
        ),
        (
            "date,currency,rate\n2026-01-01,EUR,0.85\n\n2026-01-01,EUR,0.86\n",
            "rates.csv:4:1: error: a second rate for EUR on 2026-01-01 (the first is on line 2)"
        ),
    ])
    func badRowsNameTheirPlace(text: String, message: String) {
        #expect(throws: WorkspaceTableError.self) { try RateTable.parse(text, path: "rates.csv", base: .gbp) }
        do {
            _ = try RateTable.parse(text, path: "rates.csv", base: .gbp)
        } catch {
            #expect(error.description == message)
        }
    }
}
