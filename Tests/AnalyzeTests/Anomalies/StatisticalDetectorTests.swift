import Testing

@testable import Analyze

@Suite("Statistical detector")
struct StatisticalDetectorTests {
    typealias Data = AnomalyTestData
    let detector = StatisticalDetector()

    @Test func largeChargeAgainstThePayeesOwnHistory() throws {
        // Sorted 76.50 77.00 78.20 79.00 79.90 80.10: median 78.60; deviations 2.10 1.60 0.40 0.40 1.30 1.50,
        // MAD 1.40, 1.4826 × 1.40 = 2.08 < the floor 10% × 78.60 = 7.86; z = (950 − 78.60) / 7.86 = 110.9.
        let history: [Int64] = [-7_820, -7_650, -8_010, -7_900, -7_700, -7_990]
        let candidate = Data.candidate("t9", "2025-12-06", -95_000, payee: "SOFOLOGY LTD")
        let anomaly = try #require(
            detector.evaluate(candidate, payeeHistory: history, categoryHistory: [], money: Data.money))
        #expect(anomaly.kind == .unusualAmount)
        #expect(anomaly.risk == 1)
        #expect(anomaly.reason == "£950.00 at SOFOLOGY LTD is 12× the usual £78.60 for this payee")
        #expect(anomaly.transactionIDs == ["t9"])
        #expect(anomaly.amount == -95_000)
    }

    @Test func noisyHistoryUsesTheMedianAbsoluteDeviation() throws {
        // Sorted 48 52 59 60 61 68 72: median 60; deviations 0 1 1 8 8 12 12, MAD 8.00,
        // scale 1.4826 × 8 = 11.861 (above the 6.00 floor).
        let history: [Int64] = [-6_000, -4_800, -7_200, -5_200, -6_800, -6_100, -5_900]
        // 105 − 60 = 45: z = 45 / 11.861 = 3.794; risk 1 − 2^(−2.794 / 2.5) = 0.539.
        let high = try #require(
            detector.evaluate(
                Data.candidate("a", "2025-06-01", -10_500, payee: "TESCO"), payeeHistory: history, categoryHistory: [],
                money: Data.money))
        #expect(high.risk == 0.54)
        #expect(high.reason == "£105.00 at TESCO is 75% above the usual £60.00 for this payee")
        // 100 − 60 = 40: z = 3.37, under the 3.5 threshold.
        #expect(
            detector.evaluate(
                Data.candidate("b", "2025-06-01", -10_000), payeeHistory: history, categoryHistory: [],
                money: Data.money) == nil)
    }

    @Test func identicalHistoryScoresAChangeButNotTheSameAmount() throws {
        // MAD 0: scale floored at 10% × 50.00 = 5.00; 100.00 is z = 50 / 5 = 10, risk 1 − 2^(−9/2.5) = 0.9175.
        let history = [Int64](repeating: -5_000, count: 6)
        let changed = try #require(
            detector.evaluate(
                Data.candidate("a", "2025-06-01", -10_000), payeeHistory: history, categoryHistory: [],
                money: Data.money))
        #expect(changed.risk == 0.92)
        #expect(changed.reason == "£100.00 at SHOP is 2× the usual £50.00 for this payee")
        #expect(
            detector.evaluate(
                Data.candidate("b", "2025-06-01", -5_000), payeeHistory: history, categoryHistory: [],
                money: Data.money) == nil)
    }

    @Test func incomeAndSmallerAmountsAreNotChecked() {
        let history = [Int64](repeating: -5_000, count: 6)
        #expect(
            detector.evaluate(
                Data.candidate("a", "2025-06-01", 95_000), payeeHistory: history, categoryHistory: [],
                money: Data.money) == nil)
        #expect(
            detector.evaluate(
                Data.candidate("b", "2025-06-01", -500), payeeHistory: history, categoryHistory: [],
                money: Data.money) == nil)
    }

    @Test func newPayeeIsMeasuredAgainstItsCategory() throws {
        // 20.00 … 110.00 in steps of 10: median 65.00; deviations 5 5 15 15 25 25 35 35 45 45, MAD 25.00,
        // scale 37.065; 300 − 65 = 235: z = 6.340, risk 1 − 2^(−5.340 / 2.5) = 0.7725.
        let category: [Int64] = (2...11).map { -Int64($0) * 1_000 }
        let candidate = Data.candidate("s", "2025-12-02", -30_000, payee: "NEW SHOP", category: "Home:Furniture")
        let anomaly = try #require(
            detector.evaluate(candidate, payeeHistory: [], categoryHistory: category, money: Data.money))
        #expect(anomaly.risk == 0.77)
        #expect(anomaly.reason == "£300.00 at NEW SHOP is 4.6× the usual £65.00 for Home:Furniture")
    }

    @Test func tooLittleHistoryIsNotJudged() {
        let candidate = Data.candidate("a", "2025-06-01", -95_000)
        // Three payee amounts: not enough, and the payee is not new, so the category does not stand in.
        #expect(
            detector.evaluate(
                candidate, payeeHistory: [-5_000, -5_000, -5_000], categoryHistory: Array(repeating: -5_000, count: 20),
                money: Data.money) == nil)
        // A new payee in a category with seven amounts.
        #expect(
            detector.evaluate(
                candidate, payeeHistory: [], categoryHistory: Array(repeating: -5_000, count: 7), money: Data.money)
                == nil)
    }
}
