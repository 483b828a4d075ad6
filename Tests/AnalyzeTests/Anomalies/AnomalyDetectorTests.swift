import Ledger
import Testing

@testable import Analyze

@Suite("Anomaly detection over a year")
struct AnomalyDetectorTests {
    typealias Data = AnomalyTestData

    /// A year (2025) of ordinary household money on one GBP account: salary, rent, a gym, two
    /// subscriptions, two supermarkets with ±15% noise, a homeware shop at 77.90, 78.20 or 78.50 and
    /// small furniture buys of 24-136. Noise comes from a fixed linear congruential generator, so the data never changes.
    static func cleanYear() -> [AnomalyCandidate] {
        var state: UInt64 = 20_251_231
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(UInt64(1) << 53)
        }
        func noisy(_ centre: Double, _ spread: Double) -> Int64 {
            -Int64((centre * (1 + spread * (2 * unit() - 1))).rounded())
        }
        var rows: [AnomalyCandidate] = []
        func add(_ date: CivilDate, _ amount: Int64, _ payee: String, _ category: String) {
            rows.append(
                AnomalyCandidate(
                    id: "c\(rows.count)", date: date, account: "current", payee: payee, category: category,
                    amount: amount, currency: "GBP"))
        }
        for month in 1...12 {
            let ym = YearMonth(year: 2025, month: month)!
            func day(_ d: Int) -> CivilDate { CivilDate(year: 2025, month: month, day: min(d, ym.dayCount))! }
            add(day(1), -95_000, "LANDLORD", "Housing:Rent")
            add(day(1), -3_500, "PUREGYM", "Health:Gym")
            add(day(3), -1_199, "SPOTIFY", "Subscriptions")
            add(day(15), -1_099, "NETFLIX", "Subscriptions")
            add(day(25), 250_000, "ACME LTD", "Income:Salary")
            add(day(10), [-7_820, -7_790, -7_850][month % 3], "HOMEWARE CO", "Home:Furnishings")
            add(day(8), noisy(8_000, 0.7), "IKEA", "Home:Furniture")
            add(day(21), noisy(8_000, 0.7), "DUNELM", "Home:Furniture")
            for d in stride(from: 2, through: ym.dayCount, by: 4) {
                add(day(d), noisy(6_000, 0.15), "TESCO", "Food:Groceries")
            }
            for d in stride(from: 6, through: ym.dayCount, by: 7) {
                add(day(d), noisy(3_500, 0.15), "LIDL", "Food:Groceries")
            }
        }
        return rows
    }

    /// The detector's input for `month`, built the way the analysis stage does: histories from the
    /// transactions dated before the month, expenses only, at most 24 per payee.
    static func input(_ month: YearMonth, from rows: [AnomalyCandidate]) -> AnomalyInput {
        let before = rows.filter { $0.date < month.firstDay }
        let current = rows.filter { month.contains($0.date) }
        var histories: [String: CandidateHistory] = [:]
        for candidate in current {
            let payee = before.filter { $0.payee == candidate.payee && $0.amount < 0 }.map(\.amount).suffix(24)
            let category = before.filter { $0.category == candidate.category && $0.amount < 0 }.map(\.amount)
            histories[candidate.id] = CandidateHistory(payeeAmounts: Array(payee), categoryAmounts: category)
        }
        var categories: [CategoryMonth] = []
        for category in Set(current.filter { $0.amount < 0 }.map(\.category)).sorted() {
            func total(_ m: YearMonth) -> Int64 {
                -rows.filter { $0.category == category && $0.amount < 0 && m.contains($0.date) }.reduce(0) {
                    $0 + $1.amount
                }
            }
            let previous = (1...12).reversed().map { month.adding(months: -$0) }.filter { $0.year == 2025 }.map(total)
            categories.append(CategoryMonth(category: category, total: total(month), previousTotals: previous))
        }
        return AnomalyInput(
            month: month, currency: .gbp, candidates: current, histories: histories,
            accountCurrencies: ["current": Set(before.map(\.currency))], categories: categories)
    }

    @Test func cleanYearRaisesNothingAtHalfOrAbove() {
        let rows = Self.cleanYear()
        let detector = AnomalyDetector()
        var seen = 0
        for month in 2...12 {
            let found = detector.detect(Self.input(YearMonth(year: 2025, month: month)!, from: rows))
            seen += found.count
            for anomaly in found {
                #expect(anomaly.risk < 0.5, "\(anomaly.reason)")
                #expect(!["ACME LTD", "LANDLORD"].contains(anomaly.payee))
                #expect(!["Income:Salary", "Housing:Rent"].contains(anomaly.category))
            }
        }
        // The year is ordinary through and through: nothing at all is reported.
        #expect(seen == 0)
    }

    @Test func plantedAnomaliesAreFoundAndRankedFirst() throws {
        var rows = Self.cleanYear()
        func plant(_ id: String, _ iso: String, _ amount: Int64, _ payee: String, _ category: String) {
            rows.append(Data.candidate(id, iso, amount, payee: payee, category: category))
        }
        plant("sofa", "2025-12-06", -240_000, "SOFOLOGY LTD", "Home:Furniture")
        plant("lamp", "2025-12-12", -95_000, "HOMEWARE CO", "Home:Furnishings")
        plant("tv-1", "2025-12-18", -49_999, "CURRYS", "Electronics")
        plant("tv-2", "2025-12-19", -49_999, "CURRYS", "Electronics")
        let found = AnomalyDetector().detect(Self.input(YearMonth(year: 2025, month: 12)!, from: rows))

        // Unusual for its category and a large first payment: only the stronger finding is kept.
        #expect(found.filter { $0.transactionIDs == ["sofa"] }.count == 1)
        let sofa = try #require(found.first { $0.transactionIDs == ["sofa"] })
        #expect(sofa.kind == .newPayeeLargeAmount)
        #expect(sofa.risk >= 0.7)
        let lamp = try #require(found.first { $0.transactionIDs == ["lamp"] })
        #expect(lamp.kind == .unusualAmount)
        #expect(lamp.risk >= 0.7)
        // January to November: four 77.90, three 78.20, four 78.50; the median is 78.20, the MAD 0.30, so the
        // scale is the floor 7.82 and z = (950 − 78.20) / 7.82 = 111.5; 950 / 78.20 = 12.1.
        #expect(lamp.reason == "£950.00 at HOMEWARE CO is 12× the usual £78.20 for this payee")
        #expect(lamp.risk == 1)
        let double = try #require(found.first { $0.kind == .doubleCharge })
        #expect(double.transactionIDs == ["tv-1", "tv-2"])
        #expect(double.risk >= 0.7)
        // The furniture month is a spike as well; nothing about salary or rent.
        #expect(found.contains { $0.kind == .categorySpike && $0.category == "Home:Furniture" })
        #expect(!found.contains { ["ACME LTD", "LANDLORD"].contains($0.payee) })
        #expect(found.map(\.risk) == found.map(\.risk).sorted(by: >))
    }

    @Test func rankingBreaksTiesByDateThenId() {
        let a = Anomaly(
            kind: .doubleCharge, date: Data.date("2026-03-05"), payee: "A", category: "", amount: -1, risk: 0.8,
            reason: "", transactionIDs: ["b"])
        let b = Anomaly(
            kind: .doubleCharge, date: Data.date("2026-03-04"), payee: "B", category: "", amount: -1, risk: 0.8,
            reason: "", transactionIDs: ["z"])
        let c = Anomaly(
            kind: .doubleCharge, date: Data.date("2026-03-05"), payee: "C", category: "", amount: -1, risk: 0.8,
            reason: "", transactionIDs: ["a"])
        let d = Anomaly(
            kind: .unusualAmount, date: Data.date("2026-03-09"), payee: "D", category: "", amount: -1, risk: 0.9,
            reason: "", transactionIDs: ["q"])
        #expect([a, b, c, d].sorted(by: AnomalyDetector.ranksBefore).map(\.payee) == ["D", "B", "C", "A"])
    }
}
