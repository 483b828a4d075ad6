import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The cash-flow cards (`netCashFlow`, `bestMonth`, `worstMonth`, `projectedBalance`) on hand-built
/// months.
@Suite("Insight cards: cash flow")
struct CashFlowCardsTests {
    static let january = YearMonth(year: 2026, month: 1)!

    /// Months of income 1,000.00 and the given spending, so each month nets 1,000.00 − spending.
    static func household(expenses: [Int64], income: Int64 = 100_000, opening: Int64 = 0) -> HouseholdMonths {
        HouseholdMonths(
            first: january,
            months: expenses.enumerated().map {
                HouseholdMonths.plainMonth($0.offset, income: income, expenses: $0.element)
            }, opening: opening)
    }

    /// Nets of 500.00, 200.00 and then `net`: the average over the 3 months is
    /// (500.00 + 200.00 + net) / 3. A deficit of 100.00 is 9.1% of the month's 1,100.00 of expenses:
    /// critical (average 200.00); a deficit of 40.00 is 3.8% of 1,040.00: a warning (average
    /// 220.00); a surplus of 300.00 positive (average 333.33), exactly 0 neutral (average 233.33).
    /// The card's own reading (`CardFacts.ownCard`): `SavingsShortfallTests` tests the weighing.
    @Test(arguments: [
        (
            Int64(104_000), "-40.00", "warning",
            "You spent £40.00 more than you took in this month, against an average of £220.00 a month over the last 3 months."
        ),
        (
            110_000, "-100.00", "critical",
            "You spent £100.00 more than you took in this month, against an average of £200.00 a month over the last 3 months."
        ),
        (
            70_000, "300.00", "positive",
            "You took in £300.00 more than you spent this month, against an average of £333.33 a month over the last 3 months."
        ),
        (
            100_000, "0.00", "neutral",
            "You spent exactly what you took in this month, against an average of £233.33 a month over the last 3 months."
        ),
    ])
    func netCashFlowSigns(lastExpenses: Int64, net: String, severity: String, message: String) throws {
        let (card, _) = try Self.household(expenses: [50_000, 80_000, lastExpenses]).ownCard("netCashFlow", 2)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: net, unit: "GBP"))
        #expect(entry.severity == severity)
        #expect(entry.category == "cashFlow")
        #expect(entry.message == message)
        #expect(entry.detail?.map(\.value) == ["500.00", "200.00", net])
    }

    /// Only one month: no average to compare with, and no income at all is a deficit.
    @Test func netCashFlowOnlyOneMonthWithoutIncome() throws {
        let (card, _) = try Self.household(expenses: [30_000], income: 0).card("netCashFlow", 0)
        let entry = try #require(card)
        #expect(entry.message == "You spent £300.00 more than you took in this month.")
        #expect(entry.severity == "critical")
    }

    /// A month without transactions between two others.
    @Test func netCashFlowNeedsTransactions() throws {
        var household = Self.household(expenses: [50_000, 50_000, 50_000])
        household.months[1] = []
        let (card, reason) = try household.card("netCashFlow", 1)
        #expect(card == nil)
        #expect(reason == "no transactions this month")
    }

    /// Nets 500.00, 700.00, 700.00, −100.00: the best is 700.00, and of the tied February and March
    /// the later, March.
    @Test func bestMonthTakesTheLatestOfATie() throws {
        let (card, _) = try Self.household(expenses: [50_000, 30_000, 30_000, 110_000]).card("bestMonth", 3)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: "700.00", unit: "GBP"))
        #expect(entry.severity == "positive")
        #expect(
            entry.message == "Your best month of the last 4 was March 2026: you took in £700.00 more than you spent.")
        #expect(entry.detail?.count == 4)
    }

    /// Thirteen months, the first one the best by far (net 900.00): the window of the last 12
    /// leaves it out, and the best is December's 400.00.
    @Test func bestMonthLooksAtTwelveMonths() throws {
        var expenses = [Int64](repeating: 80_000, count: 13)
        expenses[0] = 10_000
        expenses[11] = 60_000
        let (card, _) = try Self.household(expenses: expenses).card("bestMonth", 12)
        let entry = try #require(card)
        #expect(entry.metric.value == "400.00")
        #expect(entry.message.contains("December 2026"))
        #expect(entry.detail?.count == 12)
    }

    @Test(arguments: ["bestMonth", "worstMonth"])
    func bestAndWorstNeedTwoMonths(type: String) throws {
        let (card, reason) = try Self.household(expenses: [50_000]).card(type, 0)
        #expect(card == nil)
        #expect(reason == "needs 2 months of history")
    }

    /// The worst month in February is 2 months before April (still recent: warning); in January it
    /// is 3 months before (neutral, the boundary).
    @Test(arguments: [
        ([Int64(90_000), 130_000, 80_000, 70_000], "February 2026", "warning"),
        ([130_000, 90_000, 80_000, 70_000], "January 2026", "neutral"),
    ])
    func worstMonthRecency(expenses: [Int64], name: String, severity: String) throws {
        let (card, _) = try Self.household(expenses: expenses).card("worstMonth", 3)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: "-300.00", unit: "GBP"))
        #expect(entry.severity == severity)
        #expect(
            entry.message == "Your weakest month of the last 4 was \(name): you spent £300.00 more than you took in.")
    }

    /// Income 1,000.00 a month; nets 400.00, 600.00, 100.00 and 500.00 (average 400.00). March, 100.00,
    /// is the weakest, recent and well below the average, but still a surplus: neutral.
    @Test func aWeakestMonthInSurplusIsNoWarning() throws {
        let (card, _) = try Self.household(expenses: [60_000, 40_000, 90_000, 50_000]).card("worstMonth", 3)
        let entry = try #require(card)
        #expect(entry.severity == "neutral")
        #expect(
            entry.message == "Your weakest month of the last 4 was March 2026: you took in £100.00 more than you spent."
        )
    }

    /// Salary 2,000.00 on the 28th and rent 1,000.00 on the 1st recur (groceries of 500.00 at a new
    /// shop each month do not): recurring net +1,000.00 a month. Three months net 500.00 each, so the
    /// current account ends March at opening + 1,500.00; April has 30 days, so the projection adds
    /// 1,000.00 × 30 / 30 = 1,000.00. Opening 0 → 2,500.00 (positive); −2,500.00 → exactly 0
    /// (neutral); −4,000.00 → −1,500.00 (critical). Materiality against the month's larger side,
    /// its 2,000.00 of income: −2,600.00 → −100.00 (5% exactly) critical; −2,599.99 → −99.99 a
    /// warning.
    @Test(arguments: [
        (Int64(0), "2500.00", "positive"), (-250_000, "0.00", "neutral"), (-400_000, "-1500.00", "critical"),
        (-260_000, "-100.00", "critical"), (-259_999, "-99.99", "warning"),
    ])
    func projectedBalanceSigns(opening: Int64, projected: String, severity: String) throws {
        let household = Self.household(expenses: [150_000, 150_000, 150_000], income: 200_000, opening: opening)
        let (card, _) = try household.card("projectedBalance", 2)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: projected, unit: "GBP"))
        #expect(entry.severity == severity)
    }

    /// The same household in April: next month, May, has 31 days: 1,000.00 × 31 / 30 = 1,033.333…,
    /// rounded to 1,033.33; the balance at the end of April is 4 × 500.00 = 2,000.00, so 3,033.33.
    @Test func projectedBalanceScalesByNextMonthsDays() throws {
        let household = Self.household(expenses: [150_000, 150_000, 150_000, 150_000], income: 200_000)
        let (card, _) = try household.card("projectedBalance", 3)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: "3033.33", unit: "GBP"))
        #expect(
            entry.message
                == "Your liquid balances of £2,000.00 should be about £3,033.33 at the end of May 2026, with "
                + "£2,000.00 of recurring income and £1,000.00 of recurring payments a month.")
    }

    /// An account without an opening balance has no known balance.
    @Test func projectedBalanceNeedsALiquidBalance() throws {
        let ledger = MultiAccountLedger(
            first: Self.january, holdings: [("current", .checking, nil)],
            rows: [("current", "2026-01-05", -1_000, "SHOP", "Food:Groceries")])
        let (card, reason) = try ledger.card("projectedBalance", "2026-01")
        #expect(card == nil)
        #expect(reason == "no liquid account balance known")
    }
}
