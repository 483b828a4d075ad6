import Ledger
import Testing

@testable import Analyze

/// What was paid in and what the market did, with values worked out by hand.
@Suite("Growth split")
struct GrowthSplitTests {
    typealias Dated = GrowthSplit.Dated

    static func on(_ iso: String, _ pence: Int64) -> Dated { Dated(date: CivilDate(iso: iso)!, amount: pence) }

    /// Opened empty on 2025-01-01, 1000.00 paid in that day, valued 1100.00 a year later (365 days):
    /// 1000.00 paid in, 100.00 from the market, 10% a year.
    @Test func openedEmptyThenOneContribution() {
        let split = GrowthSplit(
            start: Self.on("2025-01-01", 0), startsAtOpening: true, end: Self.on("2026-01-01", 110_000),
            contributions: [Self.on("2025-01-01", 100_000)])
        #expect(split.paidIn == 100_000)
        #expect(split.withdrawn == 0)
        #expect(split.netContributions == 100_000)
        #expect(split.marketGrowth == 10_000)
        #expect(split.contributionCount == 1)
        #expect(split.annualReturn == .rate(0.1))
    }

    /// Valued 1000.00 on 2025-01-01; 50.00 arrives that same day (inside the value), 1000.00 a year
    /// later, 80.00 after the last valuation; valued 2310.00 on 2027-01-01. Paid in: 1000.00 only;
    /// market: 2310 − 1000 − 1000 = 310.00; 10% a year.
    @Test func startsAtTheFirstValuation() {
        let split = GrowthSplit(
            start: Self.on("2025-01-01", 100_000), startsAtOpening: false, end: Self.on("2027-01-01", 231_000),
            contributions: [
                Self.on("2025-01-01", 5_000), Self.on("2026-01-01", 100_000), Self.on("2027-01-02", 8_000),
            ])
        #expect(split.paidIn == 100_000)
        #expect(split.contributionCount == 1)
        #expect(split.marketGrowth == 31_000)
        #expect(split.annualReturn == .rate(0.1))
    }

    /// Valued 1000.00, 550.00 taken out a year later, worth 605.00 a year after: net contributions
    /// −550.00, market 605 − 1000 + 550 = 155.00, 10% a year.
    @Test func aWithdrawal() {
        let split = GrowthSplit(
            start: Self.on("2025-01-01", 100_000), startsAtOpening: false, end: Self.on("2027-01-01", 60_500),
            contributions: [Self.on("2026-01-01", -55_000)])
        #expect(split.paidIn == 0)
        #expect(split.withdrawn == 55_000)
        #expect(split.netContributions == -55_000)
        #expect(split.marketGrowth == 15_500)
        #expect(split.annualReturn == .rate(0.1))
    }

    /// Valued 1000.00, then 900.00 a year later with nothing paid in: the market lost 100.00, −10%.
    @Test func aLoss() {
        let split = GrowthSplit(
            start: Self.on("2025-01-01", 100_000), startsAtOpening: false, end: Self.on("2026-01-01", 90_000),
            contributions: [])
        #expect(split.marketGrowth == -10_000)
        #expect(split.annualReturn == .rate(-0.1))
    }
}
