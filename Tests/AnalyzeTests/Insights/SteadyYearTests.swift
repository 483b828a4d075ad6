import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// A clean, steady year: 12 ordinary months of the same salary, the same rent and bills, groceries
/// and dining that move by a few pounds, and two subscriptions. December should raise no alarm.
///
/// `journal()` and `settings()` are the ledger for every category's cards; each category asserts
/// its own cards below.
@Suite("Insight cards: a clean steady year")
struct SteadyYearTests {
    static let first = YearMonth(year: 2025, month: 1)!
    static let december = YearMonth(year: 2025, month: 12)!

    /// Each month `m` (1...12) of 2025, in the current account (opening 2,000.00 on 1 January; a
    /// saver holds 6,000.00 from the same day and never moves):
    /// - 1st rent 600.00 (HOMELY LETTINGS, Housing:Rent); 2nd gym 35.00 (PUREGYM, Health:Fitness);
    /// - groceries at TESCO on the 3rd, 10th, 17th and 24th: 85.00 + 2.50 × ((m + week) mod 3);
    /// - 8th Netflix 10.99 (Entertainment:Streaming); 14th energy 120.00 (Bills:Utilities);
    /// - 20th dining 40.00 + 5.00 × (m mod 3) (PIZZA PLACE, Food:Dining);
    /// - 25th salary 3,000.00 (ACME PAYROLL, Income:Salary);
    /// - 28th travel 60.00 + 4.00 × (m mod 2) (TFL, Transport:Travel);
    /// - the last day, interest 1.50 (SAVER INTEREST, Income:Interest), so every month is closed.
    static func journal() -> Journal {
        var rows: [Transaction] = []
        func add(_ month: Int, _ day: Int, _ pence: Int64, _ payee: String, _ category: String) {
            rows.append(
                Transaction(
                    id: TransactionID("s\(rows.count)"), account: "current",
                    date: CivilDate(year: 2025, month: month, day: day)!,
                    amount: Money(minorUnits: pence, currency: .gbp), payee: payee, category: CategoryPath(category),
                    source: SourceLocation(file: "inbox/steady.csv", line: rows.count + 1)))
        }
        for m in 1...12 {
            add(m, 1, -60_000, "HOMELY LETTINGS", "Housing:Rent")
            add(m, 2, -3_500, "PUREGYM", "Health:Fitness")
            for (week, day) in [3, 10, 17, 24].enumerated() {
                add(m, day, -(8_500 + 250 * Int64((m + week) % 3)), "TESCO", "Food:Groceries")
            }
            add(m, 8, -1_099, "NETFLIX", "Entertainment:Streaming")
            add(m, 14, -12_000, "OCTOPUS ENERGY", "Bills:Utilities")
            add(m, 20, -(4_000 + 500 * Int64(m % 3)), "PIZZA PLACE", "Food:Dining")
            add(m, 25, 300_000, "ACME PAYROLL", "Income:Salary")
            add(m, 28, -(6_000 + 400 * Int64(m % 2)), "TFL", "Transport:Travel")
            add(m, CivilDate.daysIn(year: 2025, month: m), 150, "SAVER INTEREST", "Income:Interest")
        }
        let start = first.firstDay
        let accounts = [
            Account(
                id: "current", name: "Current", kind: .checking, currency: .gbp,
                openingBalance: Money(minorUnits: 200_000, currency: .gbp), openingDate: start),
            Account(
                id: "saver", name: "Saver", kind: .savings, currency: .gbp,
                openingBalance: Money(minorUnits: 600_000, currency: .gbp), openingDate: start),
        ]
        return Journal(stage: "ledger", baseCurrency: .gbp, accounts: accounts, transactions: rows)
    }

    /// Budgets: Food 450.00 and Entertainment 50.00.
    static func settings() -> AnalysisSettings {
        AnalysisSettings(budgets: [
            CategoryPath("Food")!: Money(minorUnits: 45_000, currency: .gbp),
            CategoryPath("Entertainment")!: Money(minorUnits: 5_000, currency: .gbp),
        ])
    }

    static func analysis(_ month: YearMonth = december) throws -> MonthAnalysis {
        try MonthAnalyzer(history: LedgerHistory(journal()), settings: settings()).analysis(for: month)
    }

    /// The fired cards of `categories` in December, as type → severity.
    static func fired(_ categories: Set<String>) throws -> [String: String] {
        let insights = try analysis().insights ?? []
        var result: [String: String] = [:]
        for entry in insights where categories.contains(entry.category) { result[entry.type] = entry.severity }
        return result
    }

    /// December's figures: groceries 85.00 + 87.50 + 90.00 + 85.00 = 347.50, dining 40.00, travel
    /// 60.00, so expenses are 600 + 35 + 347.50 + 10.99 + 120 + 40 + 60 = 1,213.49 against
    /// November's 600 + 35 + 352.50 + 10.99 + 120 + 50 + 64 = 1,232.49; income 3,001.50 both months.
    /// - topSpendingCategory: Housing 600 ÷ 1,213.49 = 49.4%, not over half: neutral; the same for
    ///   subcategoryBreakdown (Housing:Rent alone, 100%).
    /// - monthOverMonthChange −1.5%, spendingVelocity (1,213.49 ÷ 31) ÷ (1,232.49 ÷ 30) = 0.95,
    ///   categoryTrend (rent unchanged), averageDailySpending 1,213.49 ÷ 31 = 39.145 → 39.14: neutral.
    /// - spendingSpike: quiet. A monthly payment A falls on 2 or 3 of the 90 days before December
    ///   (2 September to 30 November); with 2, μ = A ÷ 45 and σ = A × √(2/90 − (2/90)²) ≈ 0.147 A,
    ///   so μ + 2σ ≈ 0.32 A a day (with 3, μ = A ÷ 30, σ ≈ 0.18 A, μ + 2σ ≈ 0.39 A), far above
    ///   December's A ÷ 31 ≈ 0.03 A a day. Groceries run at 347.50 ÷ 31 = 11.21 a day against μ = 1,050.00 ÷ 90 = 11.67.
    ///   duplicateSubscriptions: quiet, each series is alone in its category. anomaly: quiet.
    /// - incomeGrowth 0% (neutral); incomeVsExpenseRatio 3,001.50 ÷ 1,213.49 = 2.47 (positive);
    ///   incomeSourceBreakdown (salary 99.95%): neutral.
    /// - budgetOverspend: Food 387.50 of 450.00 (quiet). projectedOverspend: Food over October to
    ///   December (395.00 + 402.50 + 387.50 = 1,185.00 in 92 days) × 31 = 399.29 for January (quiet).
    ///   budgetUnderutilized: Entertainment 10.99 of 50.00 = 22% (positive); Food 86% is not under.
    @Test func spendingIncomeAndBudgetCardsRaiseNoAlarm() throws {
        let fired = try Self.fired(["spending", "income", "budget"])
        #expect(fired.filter { $0.value == "warning" || $0.value == "critical" } == [:])
        #expect(
            fired == [
                "topSpendingCategory": "neutral", "monthOverMonthChange": "neutral", "averageDailySpending": "neutral",
                "categoryTrend": "neutral", "spendingVelocity": "neutral", "subcategoryBreakdown": "neutral",
                "incomeGrowth": "neutral", "incomeVsExpenseRatio": "positive", "incomeSourceBreakdown": "neutral",
                "budgetUnderutilized": "positive",
            ])
        let insights = try Self.analysis().insights ?? []
        #expect(insights.first { $0.type == "topSpendingCategory" }?.metric.value == "600.00")
        #expect(insights.first { $0.type == "monthOverMonthChange" }?.metric.value == "-1.5")
        #expect(insights.first { $0.type == "spendingVelocity" }?.metric.value == "0.95")
        #expect(insights.first { $0.type == "averageDailySpending" }?.metric.value == "39.14")
        #expect(insights.first { $0.type == "incomeVsExpenseRatio" }?.metric.value == "2.47")
        #expect(
            insights.first { $0.type == "budgetUnderutilized" }?.detail == [
                InsightPoint(label: "Entertainment", value: "22")
            ])
    }

    /// The other five categories in December (net 3,001.50 − 1,213.49 = 1,788.01):
    /// - recurring: the rent, gym, Netflix and energy (and the dining and travel, steady enough to
    ///   recur) are active series; their total is neutral, unchanged against September within 10%
    ///   (neutral), no price rose in December, nothing was missed.
    /// - cashFlow: net positive (positive); best month positive; the worst month is November (the
    ///   later of May and November, 1,232.49 of spending each), recent, but its net 1,769.01 is
    ///   within 10% of the year's average net (about 1,779), so neutral: some month is always the
    ///   weakest. The liquid balance projected to January stays positive.
    /// - wealth: net worth positive and up by December's net (positive); the saver has no
    ///   transactions at all, so it is not "dormant" (quiet).
    /// - savings: rate 1,788.01 ÷ 3,001.50 = 59.6% (positive); about 29,400.00 liquid against
    ///   about 1,222.00 of monthly spending is 24 months (positive); momentum: September to
    ///   November averaged 59.2%, so +0.3 points (neutral).
    /// - forecasting: January's spending forecast (about 1,200.00) is below December's income
    ///   (neutral); money is not running down (positive); no December 2024, so yearOverYear is
    ///   omitted; twelve months cannot test a season (13 are needed), so seasonality is omitted.
    @Test func theOtherCategoriesRaiseNoAlarm() throws {
        let fired = try Self.fired(["recurring", "cashFlow", "wealth", "savings", "forecasting"])
        #expect(fired.filter { $0.value == "warning" || $0.value == "critical" } == [:])
        #expect(
            fired == [
                "totalRecurringCost": "neutral", "subscriptionGrowth": "neutral", "netCashFlow": "positive",
                "bestMonth": "positive", "worstMonth": "neutral", "projectedBalance": "positive",
                "totalWealth": "positive", "wealthGrowth": "positive", "savingsRate": "positive",
                "emergencyFund": "positive", "savingsMomentum": "neutral", "spendingForecast": "neutral",
                "balanceRunway": "positive",
            ])
        let analysis = try Self.analysis()
        #expect(analysis.insights?.first { $0.type == "worstMonth" }?.message.contains("November 2025") == true)
        #expect(analysis.insightsOmitted?.contains { $0.type == "yearOverYear" } == true)
        #expect(analysis.insightsOmitted?.contains { $0.type == "incomeSeasonality" } == true)
        #expect(analysis.insights?.first { $0.type == "savingsRate" }?.metric.value == "59.6")
        #expect(analysis.insights?.first { $0.type == "savingsMomentum" }?.metric.value == "0.3")
    }
}
