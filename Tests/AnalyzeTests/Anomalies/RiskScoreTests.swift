import Testing

@testable import Analyze

@Suite("Risk score")
struct RiskScoreTests {
    @Test func deviationIsHalfAtThreeAndAHalf() {
        // 1 − 2^(−(z − 1) / 2.5)
        #expect(RiskScore.deviation(z: 1) == 0)
        #expect(RiskScore.deviation(z: 0.5) == 0)
        #expect(RiskScore.deviation(z: 3.5) == 0.5)  // 1 − 2^−1
        #expect(RiskScore.deviation(z: 6) == 0.75)  // 1 − 2^−2
        #expect(RiskScore.rounded(RiskScore.deviation(z: 8)) == 0.86)  // 1 − 2^−2.8 = 0.8564
        #expect(RiskScore.deviation(z: 8) >= 0.8)
    }

    @Test func severityIsCriticalFromEightTenths() {
        #expect(RiskScore.severity(0.8) == "critical")
        #expect(RiskScore.severity(0.86) == "critical")
        #expect(RiskScore.severity(RiskScore.doubleCharge) == "critical")
        #expect(RiskScore.severity(0.79) == "warning")
        #expect(RiskScore.severity(RiskScore.newCurrency) == "warning")
    }

    @Test func newPayeeGrowsWithTheRatioToThePercentile() {
        #expect(RiskScore.newPayee(ratio: 1) == 0)
        #expect(RiskScore.newPayee(ratio: 2) == 0.5)
        #expect(RiskScore.newPayee(ratio: 3) == 0.75)
    }

    @Test func priceChangeCountsOnlyAgainstTheCustomer() {
        // 10.99 -> 12.99: 200 / 1099 = 0.18198; 1 − 2^(−0.18198 / 0.5) = 0.2230
        #expect(RiskScore.rounded(RiskScore.priceChange(from: -1099, to: -1299)) == 0.22)
        // Cheaper: good news.
        #expect(RiskScore.priceChange(from: -1099, to: -899) == 0.1)
        // A salary 4% smaller: 1 − 2^(−0.04 / 0.5) = 0.0539
        #expect(RiskScore.rounded(RiskScore.priceChange(from: 250_000, to: 240_000)) == 0.05)
        #expect(RiskScore.priceChange(from: 250_000, to: 260_000) == 0.1)
    }

    @Test func roundedClampsToTwoDecimals() {
        #expect(RiskScore.rounded(1.2) == 1)
        #expect(RiskScore.rounded(-0.3) == 0)
        #expect(RiskScore.rounded(0.123) == 0.12)
        #expect(RiskScore.rounded(.infinity) == 1)
    }
}
