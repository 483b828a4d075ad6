import Testing

@testable import Analyze

/// The annual return of flows worked out by hand: each case is built from a known yearly rate
/// compounded over whole 365-day years, so the rate is the answer.
@Suite("Money-weighted annual return (XIRR)")
struct MoneyWeightedReturnTests {
    typealias Flow = MoneyWeightedReturn.Flow

    static func rate(_ flows: [(Int, Int64)]) -> MoneyWeightedReturn.Outcome {
        MoneyWeightedReturn(flows: flows.map { Flow(day: $0.0, amount: $0.1) }).outcome
    }

    /// 1000.00 paid in, worth 1100.00 a year later: 10%.
    @Test func oneContributionWorth1100AYearLater() {
        #expect(Self.rate([(0, -100_000), (365, 110_000)]) == .rate(0.1))
    }

    /// 1000.00 now and 1000.00 a year later, at 10%: 1000 × 1.1² + 1000 × 1.1 = 2310.00 after two years.
    @Test func twoContributions() {
        #expect(Self.rate([(0, -100_000), (365, -100_000), (730, 231_000)]) == .rate(0.1))
    }

    /// 1000.00 worth 900.00 a year later: −10%.
    @Test func aLoss() {
        #expect(Self.rate([(0, -100_000), (365, 90_000)]) == .rate(-0.1))
    }

    /// 1000.00 grows to 1100.00, 550.00 is taken out, the 550.00 left grows to 605.00: 10%.
    @Test func aWithdrawal() {
        #expect(Self.rate([(0, -100_000), (365, 55_000), (730, 60_500)]) == .rate(0.1))
    }

    /// 1% in 89 days is (1.01)^(365/89) − 1 = 4.1652...% a year (Actual/365), to six decimals.
    @Test func aShortPeriodIsAnnualised() throws {
        guard case .rate(let value) = Self.rate([(0, -100_000), (89, 101_000)]) else {
            Issue.record("no rate")
            return
        }
        #expect(abs(value - 0.041652) < 0.000_001)
    }

    /// Under 89 days there is no yearly rate.
    @Test func underThreeMonthsHasNoRate() {
        #expect(Self.rate([(0, -100_000), (88, 101_000)]) == .tooShort(days: 88))
    }

    /// Everything lost: no rate above −100% balances the flows.
    @Test func everythingLostHasNoRate() {
        #expect(Self.rate([(0, -100_000), (365, 0)]) == .noSolution)
    }

    /// 1000.00 worth 10.00 two years later is −90% a year (0.1² = 0.01). Newton's first step from
    /// 10% lands below −100%, so bisection finds it.
    @Test func bisectionWhenNewtonLeavesTheDomain() {
        #expect(MoneyWeightedReturn.newton([0, 2], [-100_000, 1_000]) == nil)
        #expect(Self.rate([(0, -100_000), (730, 1_000)]) == .rate(-0.9))
    }
}
