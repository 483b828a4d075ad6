import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The forecasting cards (`spendingForecast`, `balanceRunway`, `yearOverYear`,
/// `incomeSeasonality`) on hand-built months.
@Suite("Insight cards: forecasting")
struct ForecastingCardsTests {
    static let january = YearMonth(year: 2026, month: 1)!

    static func plain(
        _ count: Int, income: Int64 = 100_000, expenses: Int64 = 50_000, opening: Int64 = 0
    )
        -> HouseholdMonths
    {
        HouseholdMonths(
            first: january,
            months: (0..<count).map { HouseholdMonths.plainMonth($0, income: income, expenses: expenses) },
            opening: opening)
    }

    /// January to March: Netflix 10.00 on the 5th (a monthly series, active at the end of March),
    /// 300.00 of groceries on the 10th and the salary on the 28th; in March also a coffee of 60.00 on
    /// the 1st and a 10.00 refund on the 20th. The 30 days ending 31 March start on 2 March, so the
    /// coffee is outside; Netflix is left out as a recurring payment: 300.00 − 10.00 = 290.00 of
    /// day-to-day spending, × 30 days of April / 30 = 290.00, plus Netflix due on 5 April (10.00):
    /// 300.00. Income exactly 300.00 is not over it (neutral); 299.99 is (warning).
    @Test(arguments: [(Int64(200_000), "neutral"), (30_000, "neutral"), (29_999, "warning")])
    func spendingForecastAgainstIncome(income: Int64, severity: String) throws {
        let months: [[HouseholdMonths.Row]] = (0..<3).map { index in
            var rows: [HouseholdMonths.Row] = [
                (5, -1_000, "NETFLIX", "Entertainment:Streaming"), (10, -30_000, "SHOP \(index)", "Food:Groceries"),
                (28, income, "ACME PAYROLL", "Income:Salary"),
            ]
            if index == 2 {
                rows += [(1, -6_000, "CAFE", "Food:Coffee"), (20, 1_000, "SHOP 2", "Food:Groceries")]
            }
            return rows
        }
        let (card, _) = try HouseholdMonths(first: Self.january, months: months).card("spendingForecast", 2)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: "300.00", unit: "GBP"))
        #expect(entry.severity == severity)
        #expect(entry.category == "forecasting")
        #expect(
            entry.detail == [
                InsightPoint(label: "day-to-day", value: "290.00"), InsightPoint(label: "recurring", value: "10.00"),
            ])
        if income == 200_000 {
            #expect(
                entry.message
                    == "April 2026 should cost about £300.00: £290.00 of day-to-day spending at the last 30 days' "
                    + "rate and £10.00 of recurring payments due, within this month's income of £2,000.00.")
        }
    }

    /// February 2026: the 30 days ending 28 February start on 30 January. A weekly class of 5.00
    /// every Friday from 2 January (a series after 4 payments) is due on 6, 13, 20 and 27 March:
    /// 20.00. A 90.00 shop on 30 January is inside the window, a 30.00 one on 29 January outside:
    /// 90.00 × 31 days of March / 30 = 93.00. Forecast 113.00 against no income: warning.
    @Test func spendingForecastCountsEveryWeeklyPaymentAndCrossesMonths() throws {
        let fridays = [2, 9, 16, 23, 30, 37, 44, 51, 58]
        var january: [HouseholdMonths.Row] = [
            (29, -3_000, "MARKET", "Food:Groceries"), (30, -9_000, "GROCER", "Food:Groceries"),
        ]
        var february: [HouseholdMonths.Row] = []
        for day in fridays {
            if day <= 31 {
                january.append((day, -500, "YOGA CLASS", "Health:Fitness"))
            } else {
                february.append((day - 31, -500, "YOGA CLASS", "Health:Fitness"))
            }
        }
        let (card, _) = try HouseholdMonths(first: Self.january, months: [january, february]).card(
            "spendingForecast", 1)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: "113.00", unit: "GBP"))
        #expect(entry.severity == "warning")
        #expect(
            entry.detail == [
                InsightPoint(label: "day-to-day", value: "93.00"), InsightPoint(label: "recurring", value: "20.00"),
            ])
    }

    @Test func spendingForecastNeedsSpending() throws {
        let months: [[HouseholdMonths.Row]] = [[(28, 200_000, "ACME PAYROLL", "Income:Salary")]]
        let (card, reason) = try HouseholdMonths(first: Self.january, months: months).card("spendingForecast", 0)
        #expect(card == nil)
        #expect(reason == "no spending in the last 30 days")
    }

    /// Three months of income 1,000.00 and spending 1,300.00: an average net of −300.00. The balance
    /// ends March at opening − 900.00; runway = balance / 300.00. Opening 1,200.00 → exactly 1 month
    /// (warning); 1,199.99 → 0.99997 (critical, shown as 1); 1,800.00 → exactly 3 (warning);
    /// 1,800.01 → 3.00003 (positive, shown as 3); 0 → a negative balance, no runway (critical, 0).
    @Test(arguments: [
        (Int64(120_000), "1", "warning"), (119_999, "1", "critical"), (180_000, "3", "warning"),
        (180_001, "3", "positive"), (0, "0", "critical"),
    ])
    func balanceRunwayBands(opening: Int64, months: String, severity: String) throws {
        let (card, _) = try Self.plain(3, expenses: 130_000, opening: opening).card("balanceRunway", 2)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: months, unit: "months"))
        #expect(entry.severity == severity)
        if opening == 180_000 {
            #expect(
                entry.message
                    == "At the last 3 months' average of £300.00 a month more going out than coming in, your liquid "
                    + "balances of £900.00 last 3 months.")
        }
    }

    /// Nets of +500.00 a month: building savings, positive, whatever the balance.
    @Test func balanceRunwayWhenSaving() throws {
        let (card, _) = try Self.plain(3).card("balanceRunway", 2)
        let entry = try #require(card)
        #expect(entry.severity == "positive")
        #expect(entry.metric == InsightMetric(value: "500.00", unit: "GBP"))
        #expect(
            entry.message
                == "You are building savings at £500.00 a month on average over the last 3 months, with £1,500.00 "
                + "in liquid balances.")
    }

    @Test func balanceRunwayNeedsThreeMonths() throws {
        let (card, reason) = try Self.plain(2).card("balanceRunway", 1)
        #expect(card == nil)
        #expect(reason == "needs 3 months of history")
    }

    @Test func balanceRunwayNeedsALiquidBalance() throws {
        let ledger = MultiAccountLedger(
            first: Self.january, holdings: [("current", .checking, nil)],
            rows: ["2026-01-05", "2026-02-05", "2026-03-05"].map { ("current", $0, -1_000, "SHOP", "Food:Groceries") })
        let (card, reason) = try ledger.card("balanceRunway", "2026-03")
        #expect(card == nil)
        #expect(reason == "no liquid account balance known")
    }

    /// January 2026 spends 1,000.00; January 2027 `now`: 1,150.00 is exactly +15% (neutral, the
    /// boundary); 1,150.01 is over (warning, shown as 15%); 900.00 is −10% (positive); 1,000.00 the
    /// same (neutral).
    @Test(arguments: [
        (Int64(115_000), "15", "neutral"), (115_001, "15", "warning"), (90_000, "-10", "positive"),
        (100_000, "0", "neutral"),
    ])
    func yearOverYearBands(now: Int64, percent: String, severity: String) throws {
        var household = Self.plain(13)
        household.months[0] = HouseholdMonths.plainMonth(0, income: 100_000, expenses: 100_000)
        // December spends the same, so the rise against last month (`SpendingRise`) is not stronger.
        household.months[11] = HouseholdMonths.plainMonth(11, income: 100_000, expenses: now)
        household.months[12] = HouseholdMonths.plainMonth(12, income: 100_000, expenses: now)
        let (card, _) = try household.card("yearOverYear", 12)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: percent, unit: "percent"))
        #expect(entry.severity == severity)
        if now == 90_000 {
            #expect(
                entry.message == "You spent £900.00 in January 2027, 10% less than the £1,000.00 of January 2026.")
        }
    }

    @Test func yearOverYearNeedsTheSameMonthLastYear() throws {
        let (card, reason) = try Self.plain(12).card("yearOverYear", 11)
        #expect(card == nil)
        #expect(reason == "needs the same month last year")
    }

    @Test func yearOverYearNeedsSpendingThatMonth() throws {
        var household = Self.plain(13)
        household.months[0] = [(28, 100_000, "ACME PAYROLL", "Income:Salary")]
        let (card, reason) = try household.card("yearOverYear", 12)
        #expect(card == nil)
        #expect(reason == "no spending that month")
    }

    /// Three years of a 3,000.00 salary with 2,000.00 more every December: the seasonal model forecasts
    /// each back-test month exactly (each calendar month seen twice in the 24 months before it) while
    /// naive misses December and the three months after it, so the season has its evidence. The mean of
    /// the means: (11 × 3,000.00 + 5,000.00) / 12 = 3,166.666… → 3,166.67. December is (5,000.00 −
    /// 3,166.67) / 3,166.67 = 57.89% above; of the tied troughs the first, January, is 5.26% below.
    @Test func incomeSeasonalityNamesAPeakWithEvidence() throws {
        var household = Self.plain(36, income: 300_000, expenses: 100_000)
        for december in [11, 23, 35] {
            household.months[december] = HouseholdMonths.plainMonth(december, income: 500_000, expenses: 100_000)
        }
        let (card, _) = try household.card("incomeSeasonality", 35)
        let entry = try #require(card)
        #expect(entry.severity == "neutral")
        #expect(entry.metric == InsightMetric(value: "57.9", unit: "percent"))
        #expect(
            entry.message
                == "Your income peaks in December (£5,000.00 on average, 57.9% above your monthly average of "
                + "£3,166.67) and is lowest in January (£3,000.00, 5.3% below).")
        #expect(entry.detail?.count == 12)
        #expect(entry.detail?[11] == InsightPoint(label: "Dec", value: "5000.00"))
        #expect(entry.detail?[0] == InsightPoint(label: "Jan", value: "3000.00"))
    }

    /// A season that did not earn its margin: the back-test's seasonal forecast was off by 23.48% and
    /// naive by 25.80% (better, but not by 10%), so the forecast's income is naive and the card names
    /// no month, even where the means have a peak (August at 1,500.00).
    @Test func incomeSeasonalityWithoutEvidenceSaysIrregular() throws {
        var household = Self.plain(13)
        household.months[7] = HouseholdMonths.plainMonth(7, income: 150_000, expenses: 50_000)
        let forecast = Forecast(
            method: "naive (mean of last 3 months)", incomeMethod: .naive, expensesMethod: .naive, months: [],
            backtest: Backtest(
                months: 10, incomeMAPE: 0.2348, expensesMAPE: 0, naiveIncomeMAPE: 0.2580, naiveExpensesMAPE: 0),
            note: nil)
        let facts = CardFacts.facts(
            LedgerHistory(household.journal), Self.january.adding(months: 12), settings: household.settings,
            forecast: forecast)
        guard case .fired(let insight) = IncomeSeasonalityCard().evaluate(facts) else {
            Issue.record("the card did not fire")
            return
        }
        #expect(
            insight.message
                == "Your income is irregular: a seasonal forecast did not beat the average of the last three months "
                + "by 10% in the back-test (off by 23.5% against 25.8%), so no month is named and the forecast uses "
                + "that average with a wider band.")
        #expect(insight.metric == InsightMetric(value: "25.8", unit: "percent"))
        #expect(insight.severity == .neutral)
    }

    /// Thirteen months of 1,000.00, then 2,000.00: naive is exact in nine of the ten back-test months
    /// and off by 1,000/2,000 in the last, 0.5 / 10 = 5%, steady at the bound; the trend misses the
    /// same month alike, so nothing beats naive and no month is named.
    @Test func incomeSeasonalitySaysSteadyIncomeIsSteady() throws {
        var household = Self.plain(13)
        household.months[12] = HouseholdMonths.plainMonth(12, income: 200_000, expenses: 50_000)
        let (card, _) = try household.card("incomeSeasonality", 12)
        let entry = try #require(card)
        #expect(
            entry.message
                == "Your income is steady: forecast by the average of the last three months, it was off by 5% a month "
                + "on average in the back-test; no month of the year stands out.")
        #expect(entry.metric == InsightMetric(value: "5", unit: "percent"))
    }

    @Test func incomeSeasonalityNeedsThirteenMonths() throws {
        let (card, reason) = try Self.plain(12).card("incomeSeasonality", 11)
        #expect(card == nil)
        #expect(reason == "needs 13 months of history to test a season")
    }

    @Test func incomeSeasonalityNeedsIncome() throws {
        let (card, reason) = try Self.plain(13, income: 0).card("incomeSeasonality", 12)
        #expect(card == nil)
        #expect(reason == "no income in the last 12 months")
    }

    /// January 2025 to December 2026: a salary of 3,000.00, rent of 1,600.00 on the 1st, a shop of
    /// 800.00 on the 10th, and a tax of 1,400.00 on 31 January and 31 July (a half-yearly series).
    /// December 2026 forecasts January 2027: the 30 days from 2 December hold the shop, 800.00 × 31
    /// ÷ 30 = 826.67 of day-to-day spending; due are the rent (1,600.00) and the tax (1,400.00):
    /// 3,826.67, more than the 3,000.00 of income. With the tax at its monthly share, 1,400.00 ÷ 6
    /// = 233.33, the month costs 3,826.67 − 1,400.00 + 233.33 = 2,660.00, within it: neutral.
    @Test func aHalfYearlyPaymentDueIsWeighedAtItsMonthlyShare() throws {
        let household = HouseholdMonths(
            first: YearMonth(year: 2025, month: 1)!,
            months: (0..<24).map { index in
                var rows = HouseholdMonths.plainMonth(index, income: 300_000, expenses: 240_000)
                if index % 6 == 0 { rows.append((31, -140_000, "HMRC SELF ASSESSMENT", "Taxes:Income")) }
                return rows
            })
        let entry = try #require(try household.card("spendingForecast", 23).0)
        #expect(entry.metric == InsightMetric(value: "3826.67", unit: "GBP"))
        #expect(entry.severity == "neutral")
        #expect(
            entry.message
                == "January 2027 should cost about £3,826.67: £826.67 of day-to-day spending at the last 30 days' "
                + "rate and £3,000.00 of recurring payments due, more than this month's income of £3,000.00, and "
                + "within it with the quarterly, half-yearly or yearly payments at their monthly share (£2,660.00).")
    }
}
