import Ledger
import Testing

@testable import Analyze

/// Seed 003's Financial Health Score on hand-built months.
@Suite("The Financial Health Score")
struct HealthScoreTests {
    static let january = YearMonth(year: 2026, month: 1)!

    /// Three months of salary 2,000.00 (28th), rent 1,000.00 (1st) and groceries 500.00 at a new
    /// shop each month; opening balance 3,000.00. At the end of March:
    /// - savings rate 500 / 2000 = 25% → min(25 / 20 × 100, 100) = 100;
    /// - budgets Food:Groceries 600.00 (kept) and Housing:Rent 900.00 (over) → 1 of 2 = 50;
    /// - recurring: the rent, 1,000.00 a month, is the only outgoing series → (1 − 1000/2000) × 100 = 50;
    /// - emergency fund: 4,500.00 / 1,500.00 = 3 months of a 6-month target → 50;
    /// - cash flow: net 500.00 > 0 → 100.
    /// Score = 100×0.30 + 50×0.25 + 50×0.20 + 50×0.15 + 100×0.10 = 30 + 12.5 + 10 + 7.5 + 10 = 70: Good.
    static func household(budgets: [String: Int64]) -> HouseholdMonths {
        HouseholdMonths(
            first: january,
            months: (0..<3).map { HouseholdMonths.plainMonth($0, income: 200_000, expenses: 150_000) },
            opening: 300_000, budgets: budgets)
    }

    @Test func allFiveComponents() throws {
        let analysis = try Self.household(budgets: ["Food:Groceries": 60_000, "Housing:Rent": 90_000]).analysis(2)
        let health = try #require(analysis.healthScore)
        #expect(health.score == 70)
        #expect(health.grade == "Good")
        #expect(health.note == nil)
        let byName = Dictionary(uniqueKeysWithValues: health.components.map { ($0.name, $0) })
        #expect(byName["savingsRate"]?.score == 100)
        #expect(byName["savingsRate"]?.value == 25)
        #expect(byName["budgetAdherence"]?.score == 50)
        #expect(byName["recurringRatio"]?.score == 50)
        #expect(byName["emergencyFund"]?.score == 50)
        #expect(byName["emergencyFund"]?.value == 3)
        #expect(byName["cashFlow"]?.score == 100)
        #expect(health.components.map(\.weight) == [0.30, 0.25, 0.20, 0.15, 0.10])
        // February, for comparison: savings 100; budgets 1 of 2 → 50; the rent has been paid only
        // twice, so no series yet and the recurring ratio scores 100; 4,000.00 ÷ 1,500.00 = 2.67
        // months of 6 → 44.44; cash flow 100. 30 + 12.5 + 20 + 6.67 + 10 = 79.17 → 79.
        #expect(health.previousScore == 79)
        #expect(health.yearAgoScore == nil)
    }

    /// Without budgets the other four weights (0.75 in all) are scaled up: 0.4, 0.2667, 0.2, 0.1333,
    /// and the score is 100×0.4 + 50×0.26667 + 50×0.2 + 100×0.13333 = 40 + 13.33 + 10 + 13.33 = 76.67
    /// → 77, Good.
    @Test func noBudgetsSharesTheirWeightOut() throws {
        let health = try #require(try Self.household(budgets: [:]).analysis(2).healthScore)
        #expect(health.score == 77)
        #expect(health.components.map(\.weight) == [0.4, 0, 0.2667, 0.2, 0.1333])
        let budget = try #require(health.components.first { $0.name == "budgetAdherence" })
        #expect(budget.score == nil)
        #expect(budget.reason == "no budgets set")
        #expect(health.note?.contains("budgetAdherence") == true)
    }

    /// A month with no income: no savings rate and no recurring ratio. One month of spending 300.00
    /// from an opening balance of 900.00: emergency fund 600.00 / 300.00 = 2 months of 6 → 33.33;
    /// cash flow −300.00 → 0; weights 0.15 / 0.25 = 0.6 and 0.4 → 20 → Needs Attention.
    @Test func noIncome() throws {
        let household = HouseholdMonths(
            first: Self.january, months: [HouseholdMonths.plainMonth(0, income: 0, expenses: 30_000)],
            opening: 90_000)
        let health = try #require(try household.analysis(0).healthScore)
        #expect(health.score == 20)
        #expect(health.grade == "Needs Attention")
        #expect(health.components.map(\.weight) == [0, 0, 0, 0.6, 0.4])
    }

    /// `[plan] emergency_months = 3` makes the same 3 months full marks: 30 + 12.5 + 10 + 15 + 10 = 77.5 → 78.
    @Test func emergencyTargetIsConfigurable() throws {
        var household = Self.household(budgets: ["Food:Groceries": 60_000, "Housing:Rent": 90_000])
        household.emergencyMonths = 3
        let health = try #require(try household.analysis(2).healthScore)
        #expect(health.score == 78)
    }

    @Test(arguments: [
        (100, "Excellent"), (80, "Excellent"), (79, "Good"), (60, "Good"), (59, "Fair"), (40, "Fair"),
        (39, "Needs Attention"), (0, "Needs Attention"),
    ])
    func grades(score: Int, grade: String) {
        #expect(HealthScore.grade(score) == grade)
    }

    /// A month inside the data with no transaction of its own has no score.
    @Test func noTransactionsNoScore() throws {
        let household = HouseholdMonths(
            first: Self.january,
            months: [
                HouseholdMonths.plainMonth(0, income: 100_000, expenses: 50_000), [],
                HouseholdMonths.plainMonth(2, income: 100_000, expenses: 50_000),
            ])
        #expect(try household.analysis(1).healthScore == nil)
    }
}
