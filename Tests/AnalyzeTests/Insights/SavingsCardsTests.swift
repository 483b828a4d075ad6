import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The savings cards (`savingsRate`, `emergencyFund`, `savingsMomentum`) on hand-built months.
@Suite("Insight cards: savings")
struct SavingsCardsTests {
    static let january = YearMonth(year: 2026, month: 1)!

    static func oneMonth(income: Int64, expenses: Int64, opening: Int64 = 0) -> HouseholdMonths {
        HouseholdMonths(
            first: january, months: [HouseholdMonths.plainMonth(0, income: income, expenses: expenses)],
            opening: opening)
    }

    /// Income 1,000.00: spending 900.00 saves exactly 10% (warning, not critical); 800.00 saves
    /// exactly 20% (still warning); 790.00 saves 21% (positive); 901.00 saves 9.9%, under 10% but
    /// still saving: a warning (materiality).
    @Test(arguments: [
        (Int64(90_000), "10", "warning"), (80_000, "20", "warning"), (79_000, "21", "positive"),
        (90_100, "9.9", "warning"),
    ])
    func savingsRateBands(expenses: Int64, percent: String, severity: String) throws {
        let (card, _) = try Self.oneMonth(income: 100_000, expenses: expenses).card("savingsRate", 0)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: percent, unit: "percent"))
        #expect(entry.severity == severity)
        #expect(entry.category == "savings")
        #expect(entry.detail == [InsightPoint(label: "2026-01", value: percent)])
    }

    /// Materiality: under 10% is critical only for a material shortfall. Income 950.00 and 1,000.00
    /// spent is 50.00 short, 5% of the month's larger side exactly: critical (a rate of −5.3%);
    /// 999.99 spent is 49.99 short, 4.9990% of 999.99: a warning (also −5.3%).
    @Test(arguments: [(Int64(100_000), "critical"), (99_999, "warning")])
    func savingsRateIsCriticalForAMaterialShortfall(expenses: Int64, severity: String) throws {
        let (card, _) = try Self.oneMonth(income: 95_000, expenses: expenses).card("savingsRate", 0)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: "-5.3", unit: "percent"))
        #expect(entry.severity == severity)
    }

    @Test func savingsRateNeedsIncome() throws {
        let (card, reason) = try Self.oneMonth(income: 0, expenses: 50_000).card("savingsRate", 0)
        #expect(card == nil)
        #expect(reason == "no income this month")
    }

    /// A deficit: income 1,000.00, spending 1,500.00: rate −50%, critical, and the message says how
    /// much more was spent.
    @Test func savingsRateInDeficit() throws {
        let (card, _) = try Self.oneMonth(income: 100_000, expenses: 150_000).card("savingsRate", 0)
        let entry = try #require(card)
        #expect(entry.metric.value == "-50")
        #expect(entry.severity == "critical")
        #expect(entry.message.hasPrefix("You spent £500.00 more than you earned"))
    }

    /// Three months of income 2,000.00 and spending 1,500.00 (net 500.00 each), so the balance at
    /// the end of March is the opening balance + 1,500.00 and the 3-month average spending 1,500.00:
    /// opening 3,000.00 → 4,500.00 = 3.0 months (positive, the boundary); 1,400.00 → 2,900.00 = 1.9
    /// months (warning); 0.00 → 1,500.00 = exactly 1 month (warning); −100.00 → 1,400.00 = 0.9 months
    /// (critical).
    @Test(arguments: [
        (Int64(300_000), "3", "positive"), (140_000, "1.9", "warning"), (0, "1", "warning"),
        (-10_000, "0.9", "critical"),
    ])
    func emergencyFundBands(opening: Int64, months: String, severity: String) throws {
        let household = HouseholdMonths(
            first: Self.january,
            months: (0..<3).map { HouseholdMonths.plainMonth($0, income: 200_000, expenses: 150_000) },
            opening: opening)
        let (card, _) = try household.card("emergencyFund", 2)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: months, unit: "months"))
        #expect(entry.severity == severity)
    }

    /// A zero balance with spending covers 0 months: critical, not omitted.
    @Test func emergencyFundWithAZeroBalance() throws {
        // Opening 500.00, spend 1,500.00 with 1,000.00 of income: the balance ends at 0.00.
        let (card, _) = try Self.oneMonth(income: 100_000, expenses: 150_000, opening: 50_000).card(
            "emergencyFund", 0)
        let entry = try #require(card)
        #expect(entry.metric.value == "0")
        #expect(entry.severity == "critical")
    }

    /// Savings rates of 10%, 20% and 30% (average 20%) and then: 22.5% is +2.5 points (positive);
    /// exactly 22% is +2 points (neutral, the boundary); 17.5% is −2.5 points (warning). Rates of
    /// 50%, 55% and 65% (average 56.67%) and then 53%: −3.67 points, but 53% is a healthy rate
    /// (over 20%), so neutral; after 30%, 30% and 30%, 20% exactly is −10 points and a warning.
    /// The card's own reading (`CardFacts.ownCard`): `SavingsShortfallTests` tests the weighing.
    @Test(arguments: [
        ([Int64(90_000), 80_000, 70_000, 77_500], "2.5", "positive"),
        ([90_000, 80_000, 70_000, 78_000], "2", "neutral"),
        ([90_000, 80_000, 70_000, 82_500], "-2.5", "warning"), ([50_000, 45_000, 35_000, 47_000], "-3.7", "neutral"),
        ([70_000, 70_000, 70_000, 80_000], "-10", "warning"),
    ])
    func savingsMomentumBands(expenses: [Int64], points: String, severity: String) throws {
        let household = HouseholdMonths(
            first: Self.january,
            months: expenses.enumerated().map {
                HouseholdMonths.plainMonth($0.offset, income: 100_000, expenses: $0.element)
            })
        let (card, _) = try household.ownCard("savingsMomentum", 3)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: points, unit: "points"))
        #expect(entry.severity == severity)
    }

    @Test func savingsMomentumNeedsThreeEarlierMonths() throws {
        let household = HouseholdMonths(
            first: Self.january,
            months: (0..<3).map { HouseholdMonths.plainMonth($0, income: 100_000, expenses: 80_000) })
        let (card, reason) = try household.card("savingsMomentum", 2)
        #expect(card == nil)
        #expect(reason == "needs 3 earlier months with income")
    }
}
