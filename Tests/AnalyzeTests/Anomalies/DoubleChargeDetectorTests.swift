import Ledger
import Testing

@testable import Analyze

@Suite("Double charges")
struct DoubleChargeDetectorTests {
    typealias Data = AnomalyTestData
    let detector = DoubleChargeDetector()
    let march = YearMonth(year: 2026, month: 3)!

    @Test func sameAmountTwiceWithinTwoDaysIsOneAnomaly() throws {
        let candidates = [
            Data.candidate("t1", "2026-03-03", -4_999, payee: "AMAZON"),
            Data.candidate("t2", "2026-03-04", -4_999, payee: "AMAZON"),
            Data.candidate("t3", "2026-03-04", -1_250, payee: "AMAZON"),
        ]
        let found = detector.detect(candidates, in: march, money: Data.money)
        #expect(found.count == 1)
        let anomaly = try #require(found.first)
        #expect(anomaly.kind == .doubleCharge)
        #expect(anomaly.transactionIDs == ["t1", "t2"])
        #expect(anomaly.date == Data.date("2026-03-04"))
        #expect(anomaly.risk == 0.8)
        #expect(anomaly.reason == "£49.99 at AMAZON was charged twice within 1 day (2026-03-03 to 2026-03-04)")
    }

    @Test func threeInARowAreChained() throws {
        let candidates = ["2026-03-01", "2026-03-02", "2026-03-03"].enumerated().map {
            Data.candidate("t\($0.offset)", $0.element, -2_000, payee: "PARKING CO")
        }
        let anomaly = try #require(detector.detect(candidates, in: march, money: Data.money).first)
        #expect(anomaly.transactionIDs == ["t0", "t1", "t2"])
        #expect(anomaly.reason == "£20.00 at PARKING CO was charged 3 times within 2 days (2026-03-01 to 2026-03-03)")
    }

    @Test func sameDayChargesSayTheDay() throws {
        let candidates = [
            Data.candidate("t1", "2026-03-03", -12_000, payee: "HOTEL"),
            Data.candidate("t2", "2026-03-03", -12_000, payee: "HOTEL"),
        ]
        let anomaly = try #require(detector.detect(candidates, in: march, money: Data.money).first)
        #expect(anomaly.reason == "£120.00 at HOTEL was charged twice on 2026-03-03")
    }

    @Test func notDoubleCharges() {
        // Three days apart; two accounts; a small amount; income.
        let candidates = [
            Data.candidate("a1", "2026-03-03", -4_999, payee: "AMAZON"),
            Data.candidate("a2", "2026-03-06", -4_999, payee: "AMAZON"),
            Data.candidate("b1", "2026-03-10", -3_000, payee: "SHELL", account: "current"),
            Data.candidate("b2", "2026-03-10", -3_000, payee: "SHELL", account: "card"),
            Data.candidate("c1", "2026-03-12", -320, payee: "COFFEE"),
            Data.candidate("c2", "2026-03-12", -320, payee: "COFFEE"),
            Data.candidate("d1", "2026-03-20", 5_000, payee: "FRIEND"),
            Data.candidate("d2", "2026-03-20", 5_000, payee: "FRIEND"),
        ]
        #expect(detector.detect(candidates, in: march, money: Data.money).isEmpty)
    }

    @Test func belongsToTheMonthOfTheLaterCharge() {
        let candidates = [
            Data.candidate("t1", "2026-02-28", -4_999, payee: "AMAZON"),
            Data.candidate("t2", "2026-03-01", -4_999, payee: "AMAZON"),
        ]
        #expect(detector.detect(candidates, in: march, money: Data.money).map(\.transactionIDs) == [["t1", "t2"]])
        #expect(detector.detect(candidates, in: YearMonth(year: 2026, month: 2)!, money: Data.money).isEmpty)
    }
}
