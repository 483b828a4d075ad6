import AnalysisFile
import Ledger
import Testing

@testable import Analyze

@Suite("Card testing")
struct CardTestingDetectorTests {
    typealias Data = AnomalyTestData

    static func detect(_ candidates: [AnomalyCandidate], known: Set<String> = []) -> [Anomaly] {
        CardTestingDetector().detect(candidates, isNew: { !known.contains($0.payee) }, money: Data.money)
    }

    /// Two 1.00 tries and a 249.99 charge at three merchants never seen before, on one day: a test
    /// (1.00 ≤ 2.00, and 249.99 ≥ 10 × 1.00) among 3 merchants. Burst 1 − 2^(−1/2) = 0.2929, test
    /// 0.75: 1 − 0.7071 × 0.25 = 0.8232 → 0.82, critical.
    @Test func twoTinyTriesAndALargerChargeAtThreeNewMerchants() throws {
        let found = Self.detect(
            [
                Data.candidate("t1", "2026-07-14", -100, payee: "XKQ DIGITAL", account: "card"),
                Data.candidate("t2", "2026-07-14", -100, payee: "PAYZ*MRKT", account: "card"),
                Data.candidate("t3", "2026-07-14", -24_999, payee: "ELECTRO VILNIUS", account: "card"),
                Data.candidate("t4", "2026-07-14", -2_000, payee: "TESCO", account: "card"),
            ], known: ["TESCO"])
        #expect(found.count == 1)
        let anomaly = try #require(found.first)
        #expect(anomaly.kind == .cardTesting)
        #expect(anomaly.risk == 0.82)
        #expect(RiskScore.severity(anomaly.risk) == "critical")
        #expect(anomaly.transactionIDs == ["t1", "t2", "t3"])
        #expect(anomaly.amount == -25_199)
        #expect(anomaly.date == Data.date("2026-07-14"))
        #expect(
            anomaly.reason
                == "tiny test charges then a larger one at 3 merchants never seen before on one day: £1.00 at "
                + "XKQ DIGITAL, £1.00 at PAYZ*MRKT, £249.99 at ELECTRO VILNIUS")
    }

    /// The same two 1.00 tries and 249.99 in dollars on a card that has only ever had pounds: burst
    /// 0.2929, test 0.75, foreign 0.5: 1 − 0.7071 × 0.25 × 0.5 = 0.9116 → 0.91. On a card that has
    /// had dollars before, the dollars are not news: 0.82 as above.
    @Test func foreignCurrencyChargesOnACardThatHasNoneAddToTheRisk() throws {
        let charges = [
            Data.candidate("t1", "2026-07-14", -100, payee: "XKQ DIGITAL", account: "card", currency: "USD"),
            Data.candidate("t2", "2026-07-14", -100, payee: "PAYZ*MRKT", account: "card", currency: "USD"),
            Data.candidate("t3", "2026-07-14", -24_999, payee: "ELECTRO VILNIUS", account: "card", currency: "USD"),
        ]
        func detect(_ seen: Set<String>) -> [Anomaly] {
            CardTestingDetector().detect(charges, isNew: { _ in true }, money: Data.money, seen: ["card": seen])
        }
        let foreign = try #require(detect(["GBP"]).first)
        #expect(foreign.risk == 0.91)
        #expect(
            foreign.reason
                == "tiny test charges then a larger one at 3 merchants never seen before on one day, in a currency "
                + "new to the account: £1.00 at XKQ DIGITAL, £1.00 at PAYZ*MRKT, £249.99 at ELECTRO VILNIUS")
        #expect(try #require(detect(["GBP", "USD"]).first).risk == 0.82)
    }

    /// What is not card testing: a tiny and a large charge at 2 new merchants; 3 new merchants
    /// without a tiny charge (a day out); a largest tiny of 2.00 with nothing from 20.00; the same
    /// charges over two days or two accounts; merchants seen before.
    @Test func ordinaryDaysAreQuiet() {
        #expect(
            Self.detect([
                Data.candidate("t1", "2026-07-14", -100, payee: "A"),
                Data.candidate("t2", "2026-07-14", -24_999, payee: "B"),
            ]).isEmpty)
        #expect(
            Self.detect([
                Data.candidate("t1", "2026-07-14", -350, payee: "CAFE"),
                Data.candidate("t2", "2026-07-14", -4_500, payee: "BOOKS"),
                Data.candidate("t3", "2026-07-14", -2_000, payee: "LUNCH"),
            ]).isEmpty)
        #expect(
            Self.detect([
                Data.candidate("t1", "2026-07-14", -200, payee: "A"),
                Data.candidate("t2", "2026-07-14", -150, payee: "B"),
                Data.candidate("t3", "2026-07-14", -1_999, payee: "C"),
            ]).isEmpty)
        #expect(
            Self.detect([
                Data.candidate("t1", "2026-07-14", -100, payee: "A"),
                Data.candidate("t2", "2026-07-14", -100, payee: "B"),
                Data.candidate("t3", "2026-07-15", -24_999, payee: "C"),
            ]).isEmpty)
        #expect(
            Self.detect([
                Data.candidate("t1", "2026-07-14", -100, payee: "A"),
                Data.candidate("t2", "2026-07-14", -100, payee: "B"),
                Data.candidate("t3", "2026-07-14", -24_999, payee: "C", account: "card"),
            ]).isEmpty)
        #expect(
            Self.detect(
                [
                    Data.candidate("t1", "2026-07-14", -100, payee: "A"),
                    Data.candidate("t2", "2026-07-14", -100, payee: "B"),
                    Data.candidate("t3", "2026-07-14", -24_999, payee: "C"),
                ], known: ["C"]
            ).isEmpty)
    }

    /// The boundary of "larger": with 2.00 the largest tiny charge, 20.00 is 10 × and fires.
    /// Five new merchants fire without a test: burst 1 − 2^(−3/2) = 0.6464 → 0.65, a warning.
    @Test func largerFromTenTimesAndABurstOfFive() throws {
        let tested = Self.detect([
            Data.candidate("t1", "2026-07-14", -200, payee: "A"), Data.candidate("t2", "2026-07-14", -150, payee: "B"),
            Data.candidate("t3", "2026-07-14", -2_000, payee: "C"),
        ])
        #expect(tested.map(\.risk) == [0.82])
        let burst = Self.detect(
            ["A", "B", "C", "D", "E"].enumerated().map {
                Data.candidate("t\($0.offset)", "2026-07-14", -3_000, payee: $0.element)
            })
        #expect(burst.map(\.risk) == [0.65])
        #expect(RiskScore.severity(0.65) == "warning")
        #expect(burst.first?.reason.hasPrefix("a burst of charges at 5 merchants never seen before on one day") == true)
    }

    /// On an account where new merchants are everyday: 5 of them on each of the first 20 days of
    /// July (100, an average of 100 ÷ 31 = 3.23 a day), and the tiny-tries day of above on the 25th
    /// (103 ÷ 31 = 3.32 a day): a day needs 3 × 3.32 = 9.97 new merchants to stand out, so neither
    /// the days of 5 nor the day of 3 fire.
    @Test func anAccountOfEverydayNewMerchantsNeedsACrowd() {
        var candidates: [AnomalyCandidate] = []
        for day in 1...20 {
            for shop in 0..<5 {
                let date = "2026-07-\(day < 10 ? "0" : "")\(day)"
                candidates.append(Data.candidate("d\(day)s\(shop)", date, -3_000, payee: "SHOP \(day)-\(shop)"))
            }
        }
        candidates += [
            Data.candidate("t1", "2026-07-25", -100, payee: "A"), Data.candidate("t2", "2026-07-25", -100, payee: "B"),
            Data.candidate("t3", "2026-07-25", -24_999, payee: "C"),
        ]
        #expect(Self.detect(candidates).isEmpty)
    }

    /// Through the month's analysis: January to May 2026 of rent, a salary and a weekly-ish shop,
    /// then on 14 May 1.00, 1.00 and 249.99 at three payees the account never paid. The payees' "new"
    /// comes from the ledger; the day is the one anomaly, critical at 0.82 (as above). Shopping has
    /// no history and the account only 10 earlier expenses (under the 20 a 95th percentile needs), so
    /// no other detector speaks.
    @Test func aCardTestingDayInTheMonthsAnalysis() throws {
        var months: [[HouseholdMonths.Row]] = (0..<5).map { _ in
            [
                (1, -150_000, "HOMELY LETTINGS", "Housing:Rent"), (10, -6_000, "TESCO", "Food:Groceries"),
                (28, 300_000, "ACME PAYROLL", "Income:Salary"),
            ]
        }
        months[4] += [
            (14, -100, "XKQ DIGITAL", "Shopping"), (14, -100, "PAYZ MRKT", "Shopping"),
            (14, -24_999, "ELECTRO VILNIUS", "Shopping"),
        ]
        let household = HouseholdMonths(first: YearMonth(year: 2026, month: 1)!, months: months)
        let anomalies = try #require(try household.analysis(4).anomalies)
        #expect(anomalies.map(\.kind) == ["cardTesting"])
        #expect(anomalies.first?.risk == 0.82)
        #expect(anomalies.first?.severity == "critical")
        #expect(anomalies.first?.transactionIds.count == 3)
        #expect(anomalies.first?.amount == "-251.99")
    }
}
