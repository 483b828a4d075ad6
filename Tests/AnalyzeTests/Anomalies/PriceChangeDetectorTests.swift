import Ledger
import Testing

@testable import Analyze

@Suite("Price changes")
struct PriceChangeDetectorTests {
    typealias Data = AnomalyTestData

    static func netflix(asOf: String) -> RecurringSeries? {
        var rows: [Occurrence] = ["2025-07-15", "2025-08-15", "2025-09-15", "2025-10-15", "2025-11-15", "2025-12-15"]
            .enumerated().map { Occurrence(index: $0.offset + 1, date: Data.date($0.element), amount: -1099) }
        rows += [
            Occurrence(index: 7, date: Data.date("2026-01-15"), amount: -1299),
            Occurrence(index: 8, date: Data.date("2026-02-15"), amount: -1299),
        ]
        let asOf = Data.date(asOf)
        return RecurringDetector().detect(rows.filter { $0.date <= asOf }[...], asOf: asOf)
    }

    @Test func reportedInTheMonthOfTheChangeOnly() throws {
        let detector = PriceChangeDetector()
        let january = try #require(Self.netflix(asOf: "2026-01-31"))
        let latest = try #require(january.occurrences.last)
        let anomaly = try #require(
            detector.evaluate(
                january, payee: "NETFLIX", category: "Subscriptions",
                latestID: "n\(latest)", month: YearMonth(year: 2026, month: 1)!,
                money: Data.money))
        #expect(anomaly.kind == .priceChange)
        #expect(anomaly.amount == -1299)
        #expect(anomaly.date == Data.date("2026-01-15"))
        #expect(anomaly.transactionIDs == ["n7"])
        // 200 / 1099 = +18.2%: 1 − 2^(−0.182 / 0.5) = 0.22
        #expect(anomaly.risk == 0.22)
        #expect(anomaly.reason == "NETFLIX now takes £12.99 instead of £10.99 (+18%) since 2026-01-15")

        let february = try #require(Self.netflix(asOf: "2026-02-28"))
        #expect(
            detector.evaluate(
                february, payee: "NETFLIX", category: "Subscriptions", latestID: "n8",
                month: YearMonth(year: 2026, month: 2)!, money: Data.money) == nil)
    }
}
