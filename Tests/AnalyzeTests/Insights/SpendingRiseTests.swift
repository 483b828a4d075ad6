import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// One rise said once, in proportion (`SpendingRise`).
@Suite("A rise in spending, said once")
struct SpendingRiseTests {
    /// January 2026 spends 500.00, February 750.00: +50% against last month (2.5 times its 20%
    /// threshold) and a daily pace of 750 × 31 ÷ (28 × 500) = 1.66 (3.3 times its 0.2 past 1).
    /// With 1,000.00 of income in February the household still saves 25%: both neutral. With 800.00
    /// it saves 6.25%: the pace, the stronger reading, warns; the change against last month is
    /// neutral and points to it.
    static func cards(februaryIncome: Int64) throws -> (change: InsightEntry, pace: InsightEntry) {
        let household = HouseholdMonths(
            first: YearMonth(year: 2026, month: 1)!,
            months: [
                HouseholdMonths.plainMonth(0, income: 100_000, expenses: 50_000),
                HouseholdMonths.plainMonth(1, income: februaryIncome, expenses: 75_000),
            ])
        let analysis = try household.analysis(1)
        return (
            try #require(analysis.insights?.first { $0.type == "monthOverMonthChange" }),
            try #require(analysis.insights?.first { $0.type == "spendingVelocity" })
        )
    }

    @Test func aRiseWhileSavingAQuarterIsNoWarning() throws {
        let (change, pace) = try Self.cards(februaryIncome: 100_000)
        #expect(change.severity == "neutral")
        #expect(
            change.message
                == "You spent £750.00 this month, 50% more than last month's £500.00; you still saved 25% of your income."
        )
        #expect(pace.severity == "neutral")
        #expect(pace.metric == InsightMetric(value: "1.66", unit: "ratio"))
    }

    @Test func theStrongestReadingSpeaks() throws {
        let (change, pace) = try Self.cards(februaryIncome: 80_000)
        #expect(pace.severity == "warning")
        #expect(change.severity == "neutral")
        #expect(
            change.message
                == "You spent £750.00 this month, 50% more than last month's £500.00; the rise is told under Spending pace."
        )
    }

    /// January 2025 to July 2026: a salary of 3,000.00, 2,000.00 of spending, and a tax of 1,400.00
    /// on 31 January and 31 July (a half-yearly series once paid three times, active in July 2026).
    /// July 2026 spends 3,400.00, 70% more than June's 2,000.00 (a warning on the figures), but
    /// without the tax the series expected it spent 2,000.00, 0% more: neutral, and said why. The
    /// daily pace (3,400 × 30 ÷ (31 × 2,000) = 1.65) is neutral for the same reason.
    @Test func aHalfYearlyTaxPaidAsExpectedIsNoRise() throws {
        let household = HouseholdMonths(
            first: YearMonth(year: 2025, month: 1)!,
            months: (0..<19).map { index in
                var rows = HouseholdMonths.plainMonth(index, income: 300_000, expenses: 200_000)
                if index % 6 == 0 { rows.append((31, -140_000, "HMRC SELF ASSESSMENT", "Taxes:Income")) }
                return rows
            })
        let (change, _) = try household.card("monthOverMonthChange", 18)
        let entry = try #require(change)
        #expect(entry.metric == InsightMetric(value: "70", unit: "percent"))
        #expect(entry.severity == "neutral")
        #expect(
            entry.message
                == "You spent £3,400.00 this month, 70% more than last month's £2,000.00; £1,400.00 of it was "
                + "quarterly, half-yearly or yearly payments the recurring list expected.")
        #expect(try #require(try household.card("spendingVelocity", 18).0).severity == "neutral")
    }
}
