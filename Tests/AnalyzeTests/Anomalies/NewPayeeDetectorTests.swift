import Testing

@testable import Analyze

@Suite("New payee, large amount")
struct NewPayeeDetectorTests {
    typealias Data = AnomalyTestData
    let detector = NewPayeeDetector()
    /// 41 amounts 20.00, 23.25, … 150.00; the 95th percentile sits at rank 0.95 × 40 = 38: 20 + 38 × 3.25 = 143.50.
    let furniture: [Int64] = (0...40).map { -(2_000 + 325 * Int64($0)) }

    @Test func sofaFromANewShop() throws {
        let sofa = Data.candidate("s1", "2025-12-06", -240_000, payee: "SOFOLOGY LTD", category: "Home:Furniture")
        let anomaly = try #require(
            detector.evaluate(sofa, payeeHistory: [], categoryHistory: furniture, money: Data.money))
        #expect(anomaly.kind == .newPayeeLargeAmount)
        // 2400 / 143.50 = 16.7: 1 − 2^(−15.7) rounds to 1.
        #expect(anomaly.risk == 1)
        #expect(
            anomaly.reason
                == "£2,400.00 at SOFOLOGY LTD, a new payee, is 17× the 95th percentile £143.50 of Home:Furniture")
    }

    @Test func riskIsHalfAtTwiceThePercentile() throws {
        let candidate = Data.candidate("x", "2025-12-06", -28_700, payee: "NEW", category: "Home:Furniture")
        let anomaly = try #require(
            detector.evaluate(candidate, payeeHistory: [], categoryHistory: furniture, money: Data.money))
        #expect(anomaly.risk == 0.5)
    }

    @Test func ordinaryAmountsKnownPayeesAndThinCategoriesAreNotFlagged() {
        let modest = Data.candidate("a", "2025-12-06", -14_000, payee: "NEW", category: "Home:Furniture")
        #expect(detector.evaluate(modest, payeeHistory: [], categoryHistory: furniture, money: Data.money) == nil)
        let sofa = Data.candidate("b", "2025-12-06", -240_000, payee: "IKEA", category: "Home:Furniture")
        #expect(detector.evaluate(sofa, payeeHistory: [-5_000], categoryHistory: furniture, money: Data.money) == nil)
        #expect(
            detector.evaluate(sofa, payeeHistory: [], categoryHistory: Array(furniture.prefix(19)), money: Data.money)
                == nil)
    }
}
