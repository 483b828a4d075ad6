import Testing

@testable import Analyze

@Suite("New currency")
struct NewCurrencyDetectorTests {
    typealias Data = AnomalyTestData

    @Test func firstDollarsOnACardAreOneAnomaly() throws {
        let candidates = [
            Data.candidate("t2", "2026-07-03", -5_860, payee: "NYC TAXI", account: "amex", currency: "USD"),
            Data.candidate("t1", "2026-07-02", -2_550, payee: "NYC DELI", account: "amex", currency: "USD"),
            Data.candidate("t3", "2026-07-05", -1_000, payee: "TESCO", account: "amex", currency: "GBP"),
            Data.candidate("t4", "2026-07-05", -1_000, payee: "SHOP", account: "brand-new", currency: "USD"),
        ]
        let found = NewCurrencyDetector().detect(
            candidates, seen: ["amex": ["GBP", "EUR"], "brand-new": []], money: Data.money)
        #expect(found.count == 1)
        let anomaly = try #require(found.first)
        #expect(anomaly.kind == .newCurrency)
        #expect(anomaly.transactionIDs == ["t1", "t2"])
        #expect(anomaly.amount == -8_410)  // -25.50 − 58.60
        #expect(anomaly.date == Data.date("2026-07-02"))
        #expect(anomaly.risk == 0.6)
        #expect(
            anomaly.reason
                == "First use of USD on account amex: 2 transactions, \u{2212}£84.10 in total, starting at NYC DELI")
    }
}
