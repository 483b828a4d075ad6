import Ledger
import Testing

@testable import Analyze

@Suite("Goal progress")
struct GoalProgressTests {
    static let march = YearMonth(year: 2026, month: 3)!

    static func progress(target: Int64, deadline: String, series: [String: Int64]) -> GoalProgress {
        GoalProgress(target: target, deadline: CivilDate(iso: deadline)!, month: march) { series[$0.description] }
    }

    /// Seed 002: target 12000, current 3000, 3 months left (March → June) → (12000 − 3000) ÷ 3 = 3000.
    /// It grew 3000 − 0 over 3 months, 1000 a month, less than 3000: behind.
    @Test func seed002Example() {
        let p = Self.progress(
            target: 1_200_000, deadline: "2026-06-30", series: ["2025-12": 0, "2026-03": 300_000])
        #expect(p.current == 300_000)
        #expect(p.monthsLeft == 3)
        #expect(p.requiredMonthly == 300_000)
        #expect(p.daysRemaining == 91)  // 31 March → 30 June: April 30 + May 31 + June 30
        #expect(p.growth == 300_000)
        #expect(p.growthMonths == 3)
        #expect(p.status == .behind)
    }

    /// 10000.00 over 3 months is 3333.333…: rounded up to 3333.34.
    @Test func requiredMonthlyRoundsUp() {
        #expect(GoalProgress.requiredMonthly(target: 1_000_000, current: 0, monthsLeft: 3) == 333_334)
    }

    /// Grew 9000 over 3 months (3000 a month) against 3000 required: on track.
    @Test func onTrackWhenGrowthCoversTheRequiredAmount() {
        let p = Self.progress(
            target: 1_200_000, deadline: "2026-06-30", series: ["2025-12": -600_000, "2026-03": 300_000])
        #expect(p.status == .onTrack)
    }

    /// Only January and March: growth over the 2 months there are, 1000 a month; required 3000.
    @Test func growthUsesTheMonthsTheDataHas() {
        let p = Self.progress(
            target: 1_200_000, deadline: "2026-06-30", series: ["2026-01": 100_000, "2026-03": 300_000])
        #expect(p.growthMonths == 2)
        #expect(p.growth == 200_000)
        #expect(p.status == .behind)
    }

    @Test func anAchievedGoalNeedsNothing() {
        let p = Self.progress(target: 1_200_000, deadline: "2026-06-30", series: ["2026-03": 1_250_000])
        #expect(p.requiredMonthly == 0)
        #expect(p.status == .achieved)
    }

    /// Deadline January 2026, report March: monthsLeft = 2026×12+1 − (2026×12+3) = −2; overdue, all of
    /// the 9000 left is required now, and no days remain.
    @Test func aDeadlineInThePast() {
        let p = Self.progress(target: 1_200_000, deadline: "2026-01-31", series: ["2026-03": 300_000])
        #expect(p.monthsLeft == -2)
        #expect(p.status == .overdue)
        #expect(p.requiredMonthly == 900_000)
        #expect(p.daysRemaining == 0)
    }

    /// 9000 left at 2000 a month: ceil(4.5) = 5 months from March = August, 2 months after June.
    @Test func projectionAndSlip() {
        let result = GoalProgress.projection(
            target: 1_200_000, current: 300_000, allotted: 200_000, month: Self.march,
            deadline: CivilDate(iso: "2026-06-30")!)
        #expect(result?.completion == YearMonth(year: 2026, month: 8))
        #expect(result?.slip == 2)
        #expect(
            GoalProgress.projection(
                target: 1_200_000, current: 300_000, allotted: 0, month: Self.march,
                deadline: CivilDate(iso: "2026-06-30")!) == nil)
    }
}
