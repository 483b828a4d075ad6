import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// Quarterly and yearly budgets: a pot for their calendar period, judged on the money out of the
/// period so far by the budget cards, the health score and the suggestions.
@Suite("Budget periods")
struct BudgetPeriodTests {
    static let january = YearMonth(year: 2026, month: 1)!

    /// January to March 2026: salary 2000.00, rent 1000.00 and groceries 500.00 each month, and
    /// insurance of 300.00, 200.00 and 130.00 (630.00 in all) with a budget of `pence` a `period`.
    static func household(_ pence: Int64, _ period: BudgetPeriod) -> HouseholdMonths {
        let insurance: [Int64] = [30_000, 20_000, 13_000]
        return HouseholdMonths(
            first: january,
            months: (0..<3).map {
                HouseholdMonths.plainMonth($0, income: 200_000, expenses: 150_000) + [
                    (15, -insurance[$0], "INSURER \($0)", "Bills:Insurance")
                ]
            },
            opening: 300_000, budgets: ["Bills:Insurance": pence], budgetPeriods: ["Bills:Insurance": period])
    }

    @Test func periodsAreCalendarQuartersAndYears() {
        let may = YearMonth(year: 2026, month: 5)!
        #expect(BudgetPeriod.quarterly.firstMonth(of: may) == YearMonth(year: 2026, month: 4)!)
        #expect(BudgetPeriod.yearly.firstMonth(of: may) == Self.january)
        #expect(BudgetPeriod.monthly.firstMonth(of: may) == may)
        #expect(BudgetPeriod.quarterly.isLastMonth(YearMonth(year: 2026, month: 6)!))
        #expect(!BudgetPeriod.yearly.isLastMonth(YearMonth(year: 2026, month: 11)!))
    }

    /// Yearly 600.00: no single month is over (300, 200, 130), but the year so far is by March:
    /// 630.00 − 600.00 = 30.00 over. The score's budget adherence is then 0 of 1 kept.
    @Test func aYearlyBudgetIsOverWhenTheYearSoFarIs() throws {
        let household = Self.household(60_000, .yearly)
        let (card, _) = try household.card("budgetOverspend", 2)
        let entry = try #require(card)
        #expect(
            entry.message == "You went over 1 budget: Bills:Insurance by £30.00 (£630.00 of £600.00 this year).")
        #expect(entry.metric.value == "30.00")
        let adherence = try #require(
            try household.analysis(2).healthScore?.components.first { $0.name == "budgetAdherence" })
        #expect(adherence.score == 0)
        // February: 500.00 of 600.00 so far, kept.
        #expect(try household.card("budgetOverspend", 1).0 == nil)
        let february = try #require(
            try household.analysis(1).healthScore?.components.first { $0.name == "budgetAdherence" })
        #expect(february.score == 100)
    }

    /// Yearly 400.00 with insurance of 300.00 in January, 200.00 in February and `march` in March:
    /// February is 100.00 over. A March with nothing spent against it is not news again; a March
    /// that adds 5.00 lists the budget, 105.00 over, but only the 5.00 it made weighs in the
    /// severity: 5.00 of 400.00 is 1.25%, under the warning's 2% (the whole 105.00 would have been
    /// 26% of the budget and 5% of the month's 2,000.00 of money in: critical).
    static func blownInFebruary(march: Int64?) -> HouseholdMonths {
        let insurance: [Int64?] = [30_000, 20_000, march]
        return HouseholdMonths(
            first: january,
            months: (0..<3).map { index in
                HouseholdMonths.plainMonth(index, income: 200_000, expenses: 150_000)
                    + (insurance[index].map { [(15, -$0, "INSURER \(index)", "Bills:Insurance")] } ?? [])
            },
            opening: 300_000, budgets: ["Bills:Insurance": 40_000], budgetPeriods: ["Bills:Insurance": .yearly])
    }

    @Test func aBlownYearlyBudgetIsNewsOnlyInAMonthThatSpendsAgainstIt() throws {
        let february = try #require(try Self.blownInFebruary(march: nil).card("budgetOverspend", 1).0)
        #expect(february.metric.value == "100.00")
        #expect(february.severity == "critical")
        #expect(try Self.blownInFebruary(march: nil).card("budgetOverspend", 2).0 == nil)
        let march = try #require(try Self.blownInFebruary(march: 500).card("budgetOverspend", 2).0)
        #expect(
            march.message == "You went over 1 budget: Bills:Insurance by £105.00 (£505.00 of £400.00 this year).")
        #expect(march.metric.value == "105.00")
        #expect(march.severity == "neutral")
    }

    /// February, yearly 600.00: 500.00 spent over January and February (31 + 28 = 59 days); March
    /// (31 days) at that pace is 50000 × 31 ÷ 59 = 26271.19 → 262.71, on top of the 500.00 the year
    /// has spent: 762.71, over the 600.00.
    @Test func aYearlyBudgetProjectsOnWhatTheYearHasSpent() throws {
        let (card, _) = try Self.household(60_000, .yearly).card("projectedOverspend", 1)
        let entry = try #require(card)
        #expect(entry.detail == [InsightPoint(label: "Bills:Insurance", value: "762.71")])
        #expect(entry.metric.value == "162.71")
    }

    /// Quarterly 1000.00: not judged in January (30% used, but two months of the quarter remain);
    /// at the end of March the quarter used 630.00: 63%, under 80%.
    @Test func aQuarterlyBudgetIsUnderusedOnlyAtTheQuartersEnd() throws {
        let household = Self.household(100_000, .quarterly)
        #expect(try household.card("budgetUnderutilized", 0).0 == nil)
        let (card, _) = try household.card("budgetUnderutilized", 2)
        let entry = try #require(card)
        #expect(entry.message == "You used under 80% of 1 budget: Bills:Insurance 63% of £1,000.00.")
    }

    /// The category table leaves a yearly budget out (600.00 beside one month's 130.00 is not room
    /// left), and the suggestion shows it as 600.00 ÷ 12 = 50.00 a month beside the monthly median
    /// (200.00 of 300.00, 200.00 and 130.00).
    @Test func theTableAndTheSuggestionsSpreadAYearlyBudget() throws {
        let analysis = try Self.household(60_000, .yearly).analysis(2)
        let row = try #require(analysis.categories.first { $0.category == "Bills:Insurance" })
        #expect(row.budget == nil)
        let suggestion = try #require(analysis.plan?.budgetSuggestions.first { $0.category == "Bills:Insurance" })
        #expect(suggestion.budget == "50.00")
        #expect(suggestion.median == "200.00")
        #expect(suggestion.note?.hasPrefix("the yearly budget of £600.00 is £50.00 a month (÷ 12)") == true)
    }
}
