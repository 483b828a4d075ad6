import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// One emergency fund: the plan's bucket, the `emergencyFund` card, the health score's component and
/// the surplus advice read the same figure and the same target (`EmergencyFund`).
@Suite("The emergency fund")
struct EmergencyFundTests {
    /// `PlannerTests.history(currentOpening: 1000.00)`: at the end of March 2026 the current account holds 1000.00 + 3 ×
    /// (5000.00 − 3200.00) = 6400.00 and the saver 12000.00, so the liquid balances are 18400.00 (the
    /// card is not liquid). A goal holds half the saver, 6000.00, so the fund is 18400.00 − 6000.00 =
    /// 12400.00; the 3-month average spending is 3200.00, and the fund covers 12400 ÷ 3200 = 3.875
    /// months (3.9 on the card, positive: 3 months or more).
    static func analysis(emergencyMonths: Int = 6) throws -> MonthAnalysis {
        let goal = GoalConfig(
            name: "House", target: PlannerTests.gbp(5_000_000), deadline: CivilDate(iso: "2030-12-31")!,
            holdings: [GoalConfig.Holding(account: "saver", percent: 50)])
        let settings = AnalysisSettings(plan: PlanConfig(emergencyMonths: emergencyMonths), goals: [goal])
        return try MonthAnalyzer(history: PlannerTests.history(currentOpening: 100_000), settings: settings).analysis(
            for: PlannerTests.march)
    }

    /// Target 6 × 3200.00 = 19200.00. The plan: the surplus of 1800.00 halves to 900.00 for the fund,
    /// ⌈(19200 − 12400) ÷ 900⌉ = ⌈7.56⌉ = 8 months. The score: 3.875 ÷ 6 × 100 = 64.58. The advice:
    /// March's net of 1800.00 all goes to the fund, which still needs 6800.00.
    @Test func theCardTheScoreThePlanAndTheAdviceAgree() throws {
        let analysis = try Self.analysis()
        let plan = try #require(analysis.plan)
        #expect(plan.basedOn.liquidBalances == "18400.00")
        #expect(plan.basedOn.heldForGoals == "6000.00")
        let bucket = plan.buckets[1]
        #expect(bucket.type == "emergencyFund")
        #expect(bucket.currentAmount == "12400.00")
        #expect(bucket.targetAmount == "19200.00")
        #expect(bucket.amount == "900.00")
        #expect(bucket.monthsToTarget == 8)

        let card = try #require(analysis.insights?.first { $0.type == "emergencyFund" })
        #expect(card.metric == InsightMetric(value: "3.9", unit: "months"))
        #expect(card.severity == "positive")
        #expect(
            card.message
                == "Your emergency fund of £12,400.00 (liquid balances of £18,400.00 less £6,000.00 held for goals) "
                + "covers 3.9 months of spending at the average of the last 3 months (£3,200.00), against a "
                + "6-month target of £19,200.00.")

        let component = try #require(analysis.healthScore?.components.first { $0.name == "emergencyFund" })
        #expect(component.value == 3.875)
        #expect(component.score == 64.58)

        let advice = try #require(analysis.recommendations?.first { $0.kind == "useSurplus" })
        #expect(
            advice.message
                == "Put £1,800.00 of this month's £1,800.00 surplus into the emergency fund: it holds £12,400.00 "
                + "of its 6-month target of £19,200.00.")
        #expect(advice.amountToMove == "1800.00")
    }

    /// `emergency_months = 3`: one target of 3 × 3200.00 = 9600.00 for all of them. The fund of
    /// 12400.00 is over it: the plan's bucket gets nothing (0 months to target), the score gives full
    /// marks (3.875 ÷ 3 > 1), the card quotes the 3-month target, and the surplus goes to the goal.
    @Test func oneTargetFromEmergencyMonths() throws {
        let analysis = try Self.analysis(emergencyMonths: 3)
        let bucket = try #require(analysis.plan?.buckets[1])
        #expect(bucket.targetAmount == "9600.00")
        #expect(bucket.amount == "0.00")
        #expect(bucket.monthsToTarget == 0)
        let card = try #require(analysis.insights?.first { $0.type == "emergencyFund" })
        #expect(card.message.hasSuffix("against a 3-month target of £9,600.00."))
        let component = try #require(analysis.healthScore?.components.first { $0.name == "emergencyFund" })
        #expect(component.score == 100)
        let advice = try #require(analysis.recommendations?.first { $0.kind == "useSurplus" })
        #expect(advice.message == "Move this month's £1,800.00 surplus to your goals (House).")
    }

    /// The fund never goes below 0: goals holding more than an overdrawn current account leaves.
    @Test func neverBelowZero() {
        let fund = EmergencyFund(liquid: 50_000, heldForGoals: 80_000, averageSpending: 100_000, targetMonths: 6)
        #expect(fund.balance == 0)
        #expect(fund.target == 600_000)
        #expect(fund.monthsCovered == 0)
        #expect(fund.need == 600_000)
    }
}
