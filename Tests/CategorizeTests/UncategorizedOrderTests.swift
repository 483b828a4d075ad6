import Categorize
import Ledger
import Testing

@Suite struct UncategorizedOrderTests {
    func order(_ transactions: [Transaction]) -> [String] {
        Fixture.categorize("", transactions).outcome.uncategorized.map(\.transaction.id.rawValue)
    }

    let usual = [
        Fixture.transaction("c", date: "2026-10-02", amount: "-5.00", payee: "QQ ONE"),
        Fixture.transaction("b", date: "2026-10-01", amount: "5.00", payee: "QQ TWO"),
        Fixture.transaction("a", date: "2026-10-01", amount: "-5.00", payee: "QQ THREE"),
        Fixture.transaction("d", date: "2026-10-03", amount: "12.00", payee: "QQ FOUR"),
        Fixture.transaction("e", date: "2026-10-01", amount: "-0.50", payee: "QQ FIVE"),
    ]

    /// Most money first, then oldest, then by id (amounts and dates close: 64-bit keys).
    @Test func mostMoneyThenOldestThenID() {
        #expect(order(usual) == ["d", "a", "b", "c", "e"])
    }

    /// The same order when amounts and dates are too far apart to share 64 bits.
    @Test func farApartAmountsAndDates() {
        let far =
            usual + [
                Fixture.transaction("f", date: "0001-01-01", amount: "-9000000000000000.00", payee: "QQ SIX"),
                Fixture.transaction("g", date: "9999-12-31", amount: "1.00", payee: "QQ SEVEN"),
            ]
        #expect(order(far) == ["f", "d", "a", "b", "c", "g", "e"])
    }
}
