import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The income cards on hand-built ledgers (see `SpendingCardsTests` for the builders).
@Suite("Insight cards: income")
struct IncomeCardsTests {
    typealias Row = SpendingCardsTests.Row

    static func facts(_ rows: [Row], _ month: String) -> InsightFacts { SpendingCardsTests.facts(rows, month) }

    // MARK: - incomeGrowth

    /// February income 1,000.00, then March: 1,100.00 is +10% exactly (neutral); 1,100.01 is over
    /// (positive); 900.00 is −10% exactly (neutral); 899.99 is under (warning); 1,500.00 is +50%.
    @Test(arguments: [
        (Int64(110_000), "10", InsightSeverity.neutral), (110_001, "10", .positive), (90_000, "-10", .neutral),
        (89_999, "-10", .warning), (150_000, "50", .positive),
    ])
    func incomeGrowthBands(march: Int64, percent: String, severity: InsightSeverity) throws {
        let rows: [Row] = [
            ("2026-02-25", 100_000, "ACME", "Income:Salary"), ("2026-03-25", march, "ACME", "Income:Salary"),
        ]
        let insight = try SpendingCardsTests.insight(IncomeGrowthCard().evaluate(Self.facts(rows, "2026-03")))
        #expect(insight.metric == InsightMetric(value: percent, unit: "percent"))
        #expect(insight.severity == severity)
        if march == 150_000 {
            #expect(insight.message == "You earned £1,500.00 this month, 50% more than last month's £1,000.00.")
        }
    }

    @Test func incomeGrowthOmissions() {
        let one: [Row] = [("2026-03-25", 100_000, "ACME", "Income:Salary")]
        #expect(IncomeGrowthCard().evaluate(Self.facts(one, "2026-03")) == .omitted("needs 2 months of history"))
        let noIncome: [Row] = [("2026-02-10", -5_000, "SHOP", "Food:Groceries")] + one
        #expect(IncomeGrowthCard().evaluate(Self.facts(noIncome, "2026-03")) == .omitted("no income last month"))
        #expect(IncomeGrowthCard().evaluate(Self.facts(one, "2026-04")) == .omitted("no transactions this month"))
        // No income this month after a month with income: −100%, a warning.
        let stopped: [Row] = one + [("2026-04-10", -5_000, "SHOP", "Food:Groceries")]
        #expect(
            (try? SpendingCardsTests.insight(IncomeGrowthCard().evaluate(Self.facts(stopped, "2026-04"))))?.metric.value
                == "-100")
    }

    // MARK: - incomeVsExpenseRatio

    /// Expenses 2,000.00: income 3,000.00 is 1.5 exactly (positive); 2,999.99 is 1.499995 (neutral);
    /// 2,000.00 is 1 (neutral). Under 1 the shortfall is weighed against the 2,000.00 of expenses:
    /// 1,999.99 (0.01 short, 0.0005%) is a warning, 1,900.01 (99.99 short, 4.9995%) a warning,
    /// 1,900.00 (100.00 short, 5% exactly) critical; no income is 0 (critical). The card's own reading,
    /// before `SavingsShortfall` lets the savings rate tell a shortfall.
    @Test(arguments: [
        (Int64(300_000), "1.5", InsightSeverity.positive), (299_999, "1.5", .neutral), (200_000, "1", .neutral),
        (199_999, "1", .warning), (190_001, "0.95", .warning), (190_000, "0.95", .critical), (0, "0", .critical),
    ])
    func incomeVsExpenseRatioBands(income: Int64, ratio: String, severity: InsightSeverity) throws {
        var rows: [Row] = [("2026-03-01", -200_000, "LANDLORD", "Housing:Rent")]
        if income > 0 { rows.append(("2026-03-25", income, "ACME", "Income:Salary")) }
        let insight = try SpendingCardsTests.insight(IncomeVsExpenseRatioCard().reading(Self.facts(rows, "2026-03")))
        #expect(insight.metric == InsightMetric(value: ratio, unit: "ratio"))
        #expect(insight.severity == severity)
        if income == 300_000 {
            #expect(insight.message == "Your income of £3,000.00 was 1.50× your expenses of £2,000.00.")
        }
    }

    @Test func incomeVsExpenseRatioOmissions() {
        let rows: [Row] = [("2026-03-25", 100_000, "ACME", "Income:Salary")]
        #expect(IncomeVsExpenseRatioCard().evaluate(Self.facts(rows, "2026-03")) == .omitted("no spending this month"))
        #expect(
            IncomeVsExpenseRatioCard().evaluate(Self.facts([], "2026-03")) == .omitted("no transactions this month"))
    }

    // MARK: - incomeSourceBreakdown

    /// Salary 3,000.00, freelance 1,000.00 (800.00 + 200.00): 75% and 25% of 4,000.00. A refund
    /// under an expense category is not income.
    @Test func incomeSourceBreakdownShares() throws {
        let rows: [Row] = [
            ("2026-03-05", 80_000, "CLIENT A", "Income:Freelance"),
            ("2026-03-12", 20_000, "CLIENT B", "Income:Freelance"),
            ("2026-03-25", 300_000, "ACME", "Income:Salary"), ("2026-03-26", 5_000, "SHOP", "Food:Groceries"),
        ]
        let insight = try SpendingCardsTests.insight(IncomeSourceBreakdownCard().evaluate(Self.facts(rows, "2026-03")))
        #expect(insight.severity == .neutral)
        #expect(insight.metric == InsightMetric(value: "75", unit: "percent"))
        #expect(
            insight.detail == [
                InsightPoint(label: "Income:Salary", value: "75"), InsightPoint(label: "Income:Freelance", value: "25"),
            ])
        #expect(insight.message == "Income:Salary brought 75% of your £4,000.00 of income, from 2 sources.")
    }

    /// One source: 100%. Uncategorised money in is income and is listed as such.
    @Test func incomeSourceBreakdownUncategorised() throws {
        let rows: [Row] = [("2026-03-25", 50_000, "SOMEONE", nil)]
        let insight = try SpendingCardsTests.insight(IncomeSourceBreakdownCard().evaluate(Self.facts(rows, "2026-03")))
        #expect(insight.detail == [InsightPoint(label: "Uncategorized", value: "100")])
        #expect(insight.message.hasSuffix("from 1 source."))
    }

    @Test func incomeSourceBreakdownOmissions() {
        let rows: [Row] = [("2026-03-01", -200_000, "LANDLORD", "Housing:Rent")]
        #expect(IncomeSourceBreakdownCard().evaluate(Self.facts(rows, "2026-03")) == .omitted("no income this month"))
        #expect(
            IncomeSourceBreakdownCard().evaluate(Self.facts([], "2026-03")) == .omitted("no transactions this month"))
    }

    @Test func theIncomeCards() {
        #expect(
            InsightEngine.incomeCards.map(\.type) == ["incomeGrowth", "incomeVsExpenseRatio", "incomeSourceBreakdown"])
        #expect(InsightEngine.incomeCards.allSatisfy { $0.category == .income })
    }

    /// Lumpy income judged against its own spread: 2025's invoices alternate 4,000.00 and 2,000.00
    /// (mean 3,000.00, σ 1,000.00, 36,000.00 a year); 2026's alternate 3,200.00 and 1,600.00 (σ
    /// 800.00, 28,800.00): 20% less, past the −10% band. Pooled σ = √((1,000² + 800²) ÷ 2) = 905.54;
    /// two years differ by chance within 2 × 905.54 × √24 = 8,872.43, and the fall of 7,200.00 is
    /// within it: neutral. 2026 at 2,000.00 and 1,000.00 (18,000.00, −50%; pooled σ 790.57, swing
    /// 7,745.97) falls by 18,000.00, beyond it: a warning.
    @Test(arguments: [(Int64(320_000), Int64(160_000), "-20", "neutral"), (200_000, 100_000, "-50", "warning")])
    func lumpyIncomeGrowthIsJudgedAgainstItsSpread(
        high: Int64, low: Int64, percent: String, severity: String
    )
        throws
    {
        let household = HouseholdMonths(
            first: YearMonth(year: 2025, month: 1)!,
            months: (0..<24).map { index in
                let income: Int64 = index < 12 ? (index % 2 == 0 ? 400_000 : 200_000) : (index % 2 == 0 ? high : low)
                return HouseholdMonths.plainMonth(index, income: income, expenses: 100_000)
            })
        let entry = try #require(try household.card("incomeGrowth", 23).0)
        #expect(entry.metric == InsightMetric(value: percent, unit: "percent"))
        #expect(entry.severity == severity)
        if severity == "neutral" {
            #expect(
                entry.message
                    == "Your income comes in lumps: you earned £28,800.00 over the last 12 months, 20% less than the "
                    + "£36,000.00 of the 12 months before, within the £8,872.43 by which two years of such income "
                    + "differ by chance.")
        }
    }

    /// A month's fall judged against the income's own spread: January to December 2025 alternate
    /// 3,300.00 and 2,700.00 (mean 3,000.00, σ 300.00; not lumpy, a variation of 0.1). January 2026
    /// brings 2,400.00, 11.1% less than December's 2,700.00 (past −10%), but exactly 2σ under the
    /// mean: within the usual spread, neutral. 2,399.99 is outside it: a warning. A salary of
    /// 3,000.00 every month has no spread, so 2,600.00 (−13.3%) warns.
    @Test(arguments: [
        (Int64(330_000), Int64(240_000), "neutral"), (330_000, 239_999, "warning"), (300_000, 260_000, "warning"),
    ])
    func aFallWithinTheIncomesSpreadIsNoWarning(high: Int64, january: Int64, severity: String) throws {
        let household = HouseholdMonths(
            first: YearMonth(year: 2025, month: 1)!,
            months: (0..<13).map { index in
                let income = index == 12 ? january : index % 2 == 0 ? high : 600_000 - high
                return HouseholdMonths.plainMonth(index, income: income, expenses: 100_000)
            })
        let entry = try #require(try household.card("incomeGrowth", 12).0)
        #expect(entry.severity == severity)
        if severity == "neutral" {
            #expect(
                entry.message
                    == "You earned £2,400.00 this month, 11.1% less than last month's £2,700.00, within the usual "
                    + "spread of your income (£3,000.00 a month on average over the 12 months before).")
        }
    }
}
