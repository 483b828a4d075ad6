import Ledger
import Testing

@testable import Analyze

@Suite("Money in reasons")
struct MoneyTextTests {
    @Test func symbolsForPoundsEurosAndDollarsCodesOtherwise() {
        #expect(MoneyText(currency: .gbp).format(95_000) == "£950.00")
        #expect(MoneyText(currency: .eur).format(120_050) == "€1,200.50")
        #expect(MoneyText(currency: .usd).format(-300) == "-$3.00")
        #expect(MoneyText(currency: Currency(code: "JPY")!).format(1_200) == "1,200 JPY")
        #expect(MoneyText(currency: Currency(code: "CHF")!).format(-1_234) == "-12.34 CHF")
        #expect(MoneyText(currency: .gbp).magnitude(-7_820) == "£78.20")
    }
}
