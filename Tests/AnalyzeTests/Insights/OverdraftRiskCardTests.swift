import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// `overdraftRisk` over `PlannerTests.history`: each month the current account pays rent 1500.00
/// on the 1st, groceries 450.00 on the 3rd, utilities 150.00 on the 5th, cinema 200.00 on the 8th,
/// dining 300.00 on the 12th and 600.00 on the 15th, and is paid 5000.00 on the 28th: all monthly
/// series by March, so nothing is usual spending. From a balance B at the end of March, April runs
/// B − 1500 (1st) … B − 3200 from the 15th to the 27th, then B + 1800 from the 28th.
@Suite("The overdraft risk card")
struct OverdraftRiskCardTests {
    static func analysis(currentOpening: Int64) throws -> MonthAnalysis {
        try MonthAnalyzer(history: PlannerTests.history(currentOpening: currentOpening)).analysis(
            for: PlannerTests.march)
    }

    /// Opening −5400.00 + 3 × 1800.00: 0.00 at the end of March. Lowest −3200.00 on 15 April, all
    /// of April's 3200.00 out, so material; April ends at 1800.00: a warning. The saver holds
    /// 12000.00 (the liquid total, less the current account's 0.00), enough to cover it.
    @Test func aDipBeforePaydayIsAWarning() throws {
        let analysis = try Self.analysis(currentOpening: -540_000)
        let entry = try #require(analysis.cashFlow?.accounts?.first)
        #expect(analysis.cashFlow?.accounts?.map(\.account) == ["current"])
        #expect(entry.month == "2026-04")
        #expect(entry.balance == "0.00")
        #expect(entry.expectedIn == "5000.00")
        #expect(entry.expectedOut == "3200.00")
        #expect(entry.usualSpending == "0.00")
        #expect(entry.lowestBalance == "-3200.00")
        #expect(entry.lowestDate == "2026-04-15")
        #expect(entry.projectedBalance == "1800.00")
        #expect(entry.payments.map(\.date).first == "2026-04-01")
        #expect(entry.attention == true)
        let card = try #require(analysis.insights?.first { $0.type == "overdraftRisk" })
        #expect(card.severity == "warning")
        #expect(card.metric == InsightMetric(value: "3200.00", unit: "GBP"))
        #expect(
            card.message
                == "Current may go £3,200.00 overdrawn around 15 April 2026: it ended March 2026 with £0.00; "
                + "PHousing:Rent (£1,500.00) leaves on 1 April 2026; PIncome:Salary (£5,000.00) comes in on "
                + "28 April 2026. Your other liquid accounts hold £12,000.00: moving some of it in before then "
                + "avoids the overdraft.")
    }

    /// Opening −10000.00: −4600.00 at the end of March, lowest −7800.00, and April still ends at
    /// −2800.00: critical.
    @Test func stillOverdrawnAtTheMonthsEndIsCritical() throws {
        let analysis = try Self.analysis(currentOpening: -1_000_000)
        let card = try #require(analysis.insights?.first { $0.type == "overdraftRisk" })
        #expect(card.severity == "critical")
        #expect(card.metric == InsightMetric(value: "7800.00", unit: "GBP"))
        #expect(analysis.cashFlow?.accounts?.first?.projectedBalance == "-2800.00")
    }

    /// Opening 1000.00: 6400.00 at the end of March, never below 3200.00 in April: quiet, no warning.
    @Test func quietWhenTheAccountStaysInCredit() throws {
        let analysis = try Self.analysis(currentOpening: 100_000)
        #expect(analysis.insights?.contains { $0.type == "overdraftRisk" } == false)
        #expect(analysis.insightsOmitted?.contains { $0.type == "overdraftRisk" } == false)
        let entry = try #require(analysis.cashFlow?.accounts?.first)
        #expect(entry.lowestBalance == "3200.00")
        #expect(entry.warning == nil)
        #expect(entry.attention == nil)
    }
}
