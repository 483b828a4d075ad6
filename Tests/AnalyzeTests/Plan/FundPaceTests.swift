import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The emergency fund tracked as a goal: its month ends, its pace and the months to its target.
@Suite("The emergency fund over time")
struct FundPaceTests {
    /// Pace over the last 3 month ends: (1800 − 1500) ÷ 3 = 100 a month; the target needs
    /// 5000 − 1800 = 3200 more: 32 months. The older month ends (1000, 1500) do not count.
    @Test func paceOfTheLastThreeMonths() {
        let pace = FundPace(balances: [1000, 1500, 900, 1200, 1800], target: 5000)
        #expect(pace.pace == 100)
        #expect(pace.paceMonths == 3)
        #expect(pace.monthsToTarget == 32)
    }

    /// A fund that fell (2000 to 1700 over 3 months: −100 a month) never reaches its target at this
    /// pace, and neither does one standing still.
    @Test func notAtThisPace() {
        let falling = FundPace(balances: [2000, 1900, 1800, 1700], target: 5000)
        #expect(falling.pace == -100)
        #expect(falling.monthsToTarget == nil)
        let still = FundPace(balances: [1700, 1700, 1700, 1700], target: 5000)
        #expect(still.pace == 0)
        #expect(still.monthsToTarget == nil)
    }

    /// 100 over 3 months is 33.33, rounded to 33; 200 − 100 = 100 more at 33 a month is ⌈3.03⌉ = 4
    /// months. 5 over 2 months is 2.5, half to even 2. A fund at or over its target is 0 months away,
    /// with or without a pace; the data's first month has no pace.
    @Test func roundingAndEdges() {
        let thirds = FundPace(balances: [0, 0, 0, 100], target: 200)
        #expect(thirds.pace == 33)
        #expect(thirds.monthsToTarget == 4)
        let twoMonths = FundPace(balances: [0, 0, 5], target: 5)
        #expect(twoMonths.pace == 2)
        #expect(twoMonths.paceMonths == 2)
        #expect(twoMonths.monthsToTarget == 0)
        let first = FundPace(balances: [6000], target: 5000)
        #expect(first.pace == nil)
        #expect(first.paceMonths == nil)
        #expect(first.monthsToTarget == 0)
        #expect(FundPace(balances: [4000], target: 5000).monthsToTarget == nil)
    }

    /// `EmergencyFundTests.analysis()`: the current account opens at 1000.00 and gains 1800.00 a
    /// month; the saver holds 12000.00, half of it for the goal. The fund at each month end is
    /// current + 12000.00 − 6000.00: January 2800 + 6000 = 8800.00, February 10600.00, March
    /// 12400.00. The target at each month end is 6 × the average spending the data has by then
    /// (3200.00 every month): 19200.00. The data starts in January, so the pace is over 2 months:
    /// (12400 − 8800) ÷ 2 = 1800.00; the 6800.00 still needed takes ⌈3.78⌉ = 4 months, to July 2026.
    /// Progress 12400 ÷ 19200 = 0.64583 → 0.6458.
    @Test func trackFromALedger() throws {
        let track = try #require(try EmergencyFundTests.analysis().plan?.emergencyFund)
        #expect(track.balance == "12400.00")
        #expect(track.target == "19200.00")
        #expect(track.progress == 0.6458)
        #expect(
            track.months == [
                EmergencyFundPoint(month: "2026-01", balance: "8800.00", target: "19200.00"),
                EmergencyFundPoint(month: "2026-02", balance: "10600.00", target: "19200.00"),
                EmergencyFundPoint(month: "2026-03", balance: "12400.00", target: "19200.00"),
            ])
        #expect(track.pace == "1800.00")
        #expect(track.paceMonths == 2)
        #expect(track.monthsToTarget == 4)
        #expect(track.targetMonth == "2026-07")
    }
}
