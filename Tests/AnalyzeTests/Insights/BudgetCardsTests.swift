import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The budget cards on hand-built ledgers (see `SpendingCardsTests` for the builders). A budget
/// covers its category and every category below it.
@Suite("Insight cards: budget")
struct BudgetCardsTests {
    typealias Row = SpendingCardsTests.Row

    static func facts(_ rows: [Row], _ month: String, budgets: [String: Int64]) -> InsightFacts {
        SpendingCardsTests.facts(rows, month, budgets: budgets)
    }

    // MARK: - budgetOverspend

    /// Budgets Food 400.00, Housing:Rent 1,500.00, Bills 100.00. March: Food 350.00 + 100.00 =
    /// 450.00 (over by 50.00); rent 1,500.00 exactly (not over); Bills:Phone 120.00 (over by 20.00).
    /// 70.00 over in all: 14% of the 500.00 budgeted and 70 ÷ 2,070 = 3.4% of the month's money
    /// out, critical.
    @Test func budgetOverspendListsEachBudgetOver() throws {
        let rows: [Row] = [
            ("2026-03-01", -150_000, "LANDLORD", "Housing:Rent"), ("2026-03-03", -35_000, "TESCO", "Food:Groceries"),
            ("2026-03-05", -10_000, "PIZZA", "Food:Dining"), ("2026-03-07", -12_000, "VODAFONE", "Bills:Phone"),
        ]
        let budgets: [String: Int64] = ["Food": 40_000, "Housing:Rent": 150_000, "Bills": 10_000]
        let insight = try SpendingCardsTests.insight(
            BudgetOverspendCard().evaluate(Self.facts(rows, "2026-03", budgets: budgets)))
        #expect(insight.severity == .critical)
        #expect(insight.metric == InsightMetric(value: "70.00", unit: "GBP"))
        #expect(
            insight.detail == [
                InsightPoint(label: "Bills", value: "20.00"), InsightPoint(label: "Food", value: "50.00"),
            ])
        #expect(
            insight.message
                == "You went over 2 budgets, by £70.00 in all: Bills by £20.00 (£120.00 of £100.00), Food by £50.00 "
                + "(£450.00 of £400.00).")
    }

    /// Exactly at every budget: quiet. No budgets, or no transactions: omitted.
    @Test func budgetOverspendQuietAndOmitted() {
        let rows: [Row] = [("2026-03-03", -40_000, "TESCO", "Food:Groceries")]
        #expect(BudgetOverspendCard().evaluate(Self.facts(rows, "2026-03", budgets: ["Food": 40_000])) == .quiet)
        #expect(BudgetOverspendCard().evaluate(Self.facts(rows, "2026-03", budgets: [:])) == .omitted("no budgets set"))
        #expect(
            BudgetOverspendCard().evaluate(Self.facts(rows, "2026-04", budgets: ["Food": 40_000]))
                == .omitted("no transactions this month"))
        // 399.99 against 400.00 of spending is over by 0.01.
        let zero = BudgetOverspendCard().evaluate(Self.facts(rows, "2026-03", budgets: ["Food": 39_999]))
        #expect(
            (try? SpendingCardsTests.insight(zero))?.message
                == "You went over 1 budget: Food by £0.01 (£400.00 of £399.99).")
    }

    /// Materiality: a £200.00 dining budget and a £3,000.00 salary (the month's larger side; money
    /// out is the dining alone). 200.07 is 0.07 over: 0.035% of the budget, neutral. 203.99 is
    /// 1.995% (neutral), 204.00 exactly 2% (warning). 220.00 is 10% of the budget but 20 ÷ 3,000 =
    /// 0.67% of the month: warning. With a £2,000.00 salary 20 ÷ 2,000 = 1% exactly: critical.
    @Test(arguments: [
        (Int64(20_007), Int64(300_000), InsightSeverity.neutral), (20_399, 300_000, .neutral),
        (20_400, 300_000, .warning), (22_000, 300_000, .warning), (22_000, 200_000, .critical),
    ])
    func budgetOverspendSeverityWeighsTheMoney(spent: Int64, income: Int64, severity: InsightSeverity) throws {
        let rows: [Row] = [
            ("2026-03-05", -spent, "PIZZA", "Food:Dining"), ("2026-03-28", income, "ACME", "Income:Salary"),
        ]
        let insight = try SpendingCardsTests.insight(
            BudgetOverspendCard().evaluate(Self.facts(rows, "2026-03", budgets: ["Food:Dining": 20_000])))
        #expect(insight.severity == severity)
        #expect(insight.metric.value == MoneyText.format(spent - 20_000, .gbp))
    }

    /// The rule itself: 0.07 over 200.00 in a month of 3,000.00 is neutral; a budget of 0 spent
    /// against is wholly over (critical when the month is small enough).
    @Test func budgetOverspendSeverityRule() {
        #expect(BudgetOverspendCard.severity(excess: 7, budget: 20_000, scale: 300_000) == .neutral)
        #expect(BudgetOverspendCard.severity(excess: 5_000, budget: 0, scale: 300_000) == .critical)
        #expect(BudgetOverspendCard.severity(excess: 2_000, budget: 0, scale: 300_000) == .warning)
    }

    // MARK: - projectedOverspend

    /// Dining budget 300.00, March closed (the data reaches April 1st). Over January (31 days),
    /// February (28) and March (31) = 90 days, April has 30: the projection is the 3 months' dining
    /// × 30 ÷ 90. 320 + 280 + 300 = 900.00 → 300.00 exactly (quiet); 400 + 280 + 300 = 980.00 →
    /// 326.666… → 326.67 (warning, 26.67 over).
    @Test(arguments: [(Int64(32_000), nil as String?), (40_000, "326.67")])
    func projectedOverspendFromTheLastThreeMonths(january: Int64, projected: String?) throws {
        let rows: [Row] = [
            ("2026-01-10", -january, "PIZZA", "Food:Dining"), ("2026-02-10", -28_000, "PIZZA", "Food:Dining"),
            ("2026-03-10", -30_000, "PIZZA", "Food:Dining"), ("2026-04-01", 300_000, "ACME", "Income:Salary"),
        ]
        let outcome = ProjectedOverspendCard().evaluate(Self.facts(rows, "2026-03", budgets: ["Food:Dining": 30_000]))
        guard let projected else {
            #expect(outcome == .quiet)
            return
        }
        let insight = try SpendingCardsTests.insight(outcome)
        #expect(insight.severity == .warning)
        #expect(insight.metric == InsightMetric(value: "26.67", unit: "GBP"))
        #expect(insight.detail == [InsightPoint(label: "Food:Dining", value: projected)])
        #expect(
            insight.message
                == "At the pace of the last 3 months, Food:Dining would reach £326.67 next month against its £300.00 "
                + "budget.")
    }

    /// A budget already over this month is the other card's: groceries 150.00 against 100.00 is not
    /// projected, however fast it goes. With one month of data the burn is that month's: February
    /// (28 days) 90.00 of a 100.00 budget → 90 × 31 ÷ 28 = 99.642… → 99.64 for March (quiet).
    @Test func projectedOverspendSkipsBudgetsAlreadyOver() {
        let over: [Row] = [
            ("2026-03-10", -15_000, "TESCO", "Food:Groceries"), ("2026-04-01", 1_000, "BANK", "Income:Interest"),
        ]
        #expect(
            ProjectedOverspendCard().evaluate(Self.facts(over, "2026-03", budgets: ["Food:Groceries": 10_000]))
                == .quiet)
        let one: [Row] = [
            ("2026-02-10", -9_000, "TESCO", "Food:Groceries"), ("2026-03-01", 1_000, "BANK", "Income:Interest"),
        ]
        #expect(
            ProjectedOverspendCard().evaluate(Self.facts(one, "2026-02", budgets: ["Food:Groceries": 10_000])) == .quiet
        )
    }

    /// The month in progress: the data ends on 10 April with 150.00 of dining against 300.00: 150 ×
    /// 30 ÷ 10 = 450.00 by the month's end (warning, 150.00 over). 100.00 by the 10th projects to
    /// exactly 300.00 (quiet).
    @Test func projectedOverspendInTheMonthInProgress() throws {
        let rows: [Row] = [
            ("2026-03-10", -10_000, "PIZZA", "Food:Dining"), ("2026-04-10", -15_000, "PIZZA", "Food:Dining"),
        ]
        let insight = try SpendingCardsTests.insight(
            ProjectedOverspendCard().evaluate(Self.facts(rows, "2026-04", budgets: ["Food:Dining": 30_000])))
        #expect(insight.metric.value == "150.00")
        #expect(insight.detail == [InsightPoint(label: "Food:Dining", value: "450.00")])
        #expect(
            insight.message
                == "At this month's pace so far, Food:Dining would reach £450.00 this month against its £300.00 budget."
        )
        let exact: [Row] = [("2026-04-10", -10_000, "PIZZA", "Food:Dining")]
        #expect(
            ProjectedOverspendCard().evaluate(Self.facts(exact, "2026-04", budgets: ["Food:Dining": 30_000])) == .quiet)
    }

    @Test func projectedOverspendOmitted() {
        let rows: [Row] = [("2026-03-10", -10_000, "PIZZA", "Food:Dining")]
        #expect(
            ProjectedOverspendCard().evaluate(Self.facts(rows, "2026-03", budgets: [:])) == .omitted("no budgets set"))
        #expect(
            ProjectedOverspendCard().evaluate(Self.facts(rows, "2026-02", budgets: ["Food": 1]))
                == .omitted("no transactions this month"))
    }

    // MARK: - budgetUnderutilized

    /// Budgets Food 500.00, Bills 100.00, Fun 0.00 (left out). March closed: Food 400.00 is 80%
    /// exactly (not under); Bills 50.00 is 50% (under): positive, 1 budget.
    @Test func budgetUnderutilizedAtTheBoundary() throws {
        let rows: [Row] = [
            ("2026-03-03", -40_000, "TESCO", "Food:Groceries"), ("2026-03-07", -5_000, "GAS", "Bills:Utilities"),
            ("2026-03-31", 300_000, "ACME", "Income:Salary"),
        ]
        let budgets: [String: Int64] = ["Food": 50_000, "Bills": 10_000, "Fun": 0]
        let insight = try SpendingCardsTests.insight(
            BudgetUnderutilizedCard().evaluate(Self.facts(rows, "2026-03", budgets: budgets)))
        #expect(insight.severity == .positive)
        #expect(insight.metric == InsightMetric(value: "1", unit: "count"))
        #expect(insight.detail == [InsightPoint(label: "Bills", value: "50")])
        #expect(insight.message == "You used under 80% of 1 budget: Bills 50% of £100.00.")
        // 399.99 of 500.00 is under.
        let under: [Row] = [("2026-03-03", -39_999, "TESCO", "Food:Groceries"), ("2026-03-31", 1, "BANK", nil)]
        let food = try SpendingCardsTests.insight(
            BudgetUnderutilizedCard().evaluate(Self.facts(under, "2026-03", budgets: ["Food": 50_000])))
        #expect(food.metric.value == "1")
    }

    /// The month in progress is judged only in its last 6 days: April (30 days) with data to the 24th
    /// has 6 days left (fires); to the 23rd, 7 left (quiet).
    @Test(arguments: [(24, true), (23, false)])
    func budgetUnderutilizedInTheMonthInProgress(day: Int, fires: Bool) {
        let rows: [Row] = [("2026-04-\(day)", -1_000, "TESCO", "Food:Groceries")]
        let outcome = BudgetUnderutilizedCard().evaluate(Self.facts(rows, "2026-04", budgets: ["Food": 50_000]))
        #expect((outcome != .quiet) == fires)
    }

    @Test func budgetUnderutilizedQuietAndOmitted() {
        let rows: [Row] = [("2026-03-03", -45_000, "TESCO", "Food:Groceries"), ("2026-03-31", 1, "BANK", nil)]
        #expect(BudgetUnderutilizedCard().evaluate(Self.facts(rows, "2026-03", budgets: ["Food": 50_000])) == .quiet)
        #expect(
            BudgetUnderutilizedCard().evaluate(Self.facts(rows, "2026-03", budgets: [:])) == .omitted("no budgets set"))
        #expect(
            BudgetUnderutilizedCard().evaluate(Self.facts(rows, "2026-02", budgets: ["Food": 50_000]))
                == .omitted("no transactions this month"))
    }

    @Test func theBudgetCards() {
        #expect(
            InsightEngine.budgetCards.map(\.type) == ["budgetOverspend", "projectedOverspend", "budgetUnderutilized"])
        #expect(InsightEngine.budgetCards.allSatisfy { $0.category == .budget })
    }
}
