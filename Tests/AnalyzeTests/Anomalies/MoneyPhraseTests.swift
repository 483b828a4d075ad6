import Ledger
import Testing

@testable import Analyze

@Suite("Money in reasons")
struct MoneyPhraseTests {
    /// Sentences write money as the page's tables do (`AmountFormatter`): the real minus sign, and
    /// a symbol for pounds, euros, dollars and yen.
    @Test func symbolsForPoundsEurosDollarsAndYenCodesOtherwise() {
        #expect(MoneyPhrase(currency: .gbp).format(95_000) == "£950.00")
        #expect(MoneyPhrase(currency: .eur).format(120_050) == "€1,200.50")
        #expect(MoneyPhrase(currency: .usd).format(-300) == "\u{2212}$3.00")
        #expect(MoneyPhrase(currency: Currency(code: "JPY")!).format(1_200) == "¥1,200")
        #expect(MoneyPhrase(currency: Currency(code: "CHF")!).format(-1_234) == "\u{2212}12.34 CHF")
        #expect(MoneyPhrase(currency: .gbp).magnitude(-7_820) == "£78.20")
    }
}
