import Ledger
import Testing

@testable import Analyze

@Suite("Category spikes")
struct CategorySpikeDetectorTests {
    typealias Data = AnomalyTestData
    let detector = CategorySpikeDetector()
    let month = YearMonth(year: 2026, month: 7)!
    /// Mean 400.00; squared deviations 0 + 400 + 400 + 100 + 100 + 0 = 1000 (pounds²), / 5 = 200,
    /// σ = 14.14, under the floor 10% × 400 = 40.00.
    let previous: [Int64] = [40_000, 42_000, 38_000, 41_000, 39_000, 40_000]

    @Test func totalFarAboveTheRecentMonths() throws {
        // (600 − 400) / 40 = 5σ: risk 1 − 2^(−4 / 2.5) = 0.67.
        let spike = CategoryMonth(category: "Food:Groceries", total: 60_000, previousTotals: previous)
        let anomaly = try #require(detector.evaluate(spike, month: month, money: Data.money))
        #expect(anomaly.kind == .categorySpike)
        #expect(anomaly.risk == 0.67)
        #expect(anomaly.amount == -60_000)
        #expect(anomaly.date == Data.date("2026-07-31"))
        #expect(anomaly.transactionIDs.isEmpty)
        #expect(
            anomaly.reason
                == "Food:Groceries spending of £600.00 is £200.00 above the usual £400.00 a month "
                + "(5.0 standard deviations, last 6 months)")
    }

    /// Materiality: the same 5σ rise of 200.00 is news in a month of 4,000.00 of expenses (5%
    /// exactly) and not in one of 4,000.01 (4.99999%).
    @Test(arguments: [(Int64(400_000), true), (400_001, false)])
    func aSpikeMustBeMaterialToTheMonth(monthExpenses: Int64, fires: Bool) {
        let spike = CategoryMonth(
            category: "Food:Groceries", total: 60_000, previousTotals: previous, monthExpenses: monthExpenses)
        #expect((detector.evaluate(spike, month: month, money: Data.money) != nil) == fires)
    }

    @Test func ordinaryMonthsAndShortHistoriesAreNotSpikes() {
        // (470 − 400) / 40 = 1.75σ.
        #expect(
            detector.evaluate(
                CategoryMonth(category: "Food", total: 47_000, previousTotals: previous), month: month,
                money: Data.money) == nil)
        #expect(
            detector.evaluate(
                CategoryMonth(category: "Food", total: 90_000, previousTotals: Array(previous.prefix(5))), month: month,
                money: Data.money) == nil)
    }

    @Test func onlyTheLastTwelveMonthsCount() throws {
        // The 1,000.00 month is the thirteenth back and is ignored: mean 400, σ floored at 40,
        // (500 − 400) / 40 = 2.5σ, risk 1 − 2^(−1.5 / 2.5) = 0.34. With it, σ would be 166 and no spike.
        let totals = [Int64(100_000)] + Array(repeating: 40_000, count: 12)
        let anomaly = try #require(
            detector.evaluate(
                CategoryMonth(category: "Food", total: 50_000, previousTotals: totals), month: month, money: Data.money)
        )
        #expect(anomaly.risk == 0.34)
    }

    /// Judged against the category's own spread. Meals out over six months: 55.00 (one meal),
    /// 90.00 (2), 120.00 (3), 60.00 (2), 30.00 (1), 75.00 (2). Mean 430 ÷ 6 = 71.67; squared
    /// deviations (pounds²) 277.78 + 336.11 + 2,336.11 + 136.11 + 1,736.11 + 11.11 = 4,833.33, ÷ 5 =
    /// 966.67, σ = 31.09. The busiest month had 3 meals; the dearest average was 55.00 (one meal).
    /// - 150.00 in 3 meals (50.00 each): z = (150 − 71.67) ÷ 31.09 = 2.52 > 2, but no more meals than
    ///   the busiest month and no dearer than 55.00 a meal: a busy month, no spike.
    /// - the same 150.00 in 4 meals: more than the window has seen: a spike, risk
    ///   1 − 2^(−1.52 ÷ 2.5) = 0.34.
    /// - 160.00 in 2 meals (80.00 each, dearer than 55.00): z = (160 − 71.67) ÷ 31.09 = 2.84, risk
    ///   1 − 2^(−1.84 ÷ 2.5) = 0.40.
    @Test func aBusyMonthOfUsualPurchasesIsNoSpike() throws {
        let totals: [Int64] = [5_500, 9_000, 12_000, 6_000, 3_000, 7_500]
        let counts = [1, 2, 3, 2, 1, 2]
        func month(_ total: Int64, _ count: Int) -> CategoryMonth {
            CategoryMonth(
                category: "Food:Dining", total: total, previousTotals: totals, count: count, previousCounts: counts)
        }
        #expect(detector.evaluate(month(15_000, 3), month: self.month, money: Data.money) == nil)
        let more = try #require(detector.evaluate(month(15_000, 4), month: self.month, money: Data.money))
        #expect(more.risk == 0.34)
        let dearer = try #require(detector.evaluate(month(16_000, 2), month: self.month, money: Data.money))
        #expect(dearer.risk == 0.40)
        #expect(
            dearer.reason
                == "Food:Dining spending of £160.00 is £88.33 above the usual £71.67 a month "
                + "(2.8 standard deviations, last 6 months)")
    }
}
