import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The spending cards on hand-built ledgers, every figure worked out by hand in the comments. The
/// static builders here (`facts` over `CardFacts`, `insight`) are shared by the income and budget
/// card tests.
@Suite("Insight cards: spending")
struct SpendingCardsTests {
    /// (ISO date, signed pence, payee, category) of one transaction in the GBP current account.
    typealias Row = (date: String, pence: Int64, payee: String, category: String?)

    static func transaction(_ index: Int, _ row: Row, splits: [Split] = []) -> Transaction {
        Transaction(
            id: TransactionID("t\(index)"), account: "current", date: CivilDate(iso: row.date)!,
            amount: Money(minorUnits: row.pence, currency: .gbp), payee: row.payee,
            category: row.category.flatMap { CategoryPath($0) }, splits: splits,
            source: SourceLocation(file: "inbox/x.csv", line: index + 1))
    }

    static func history(_ rows: [Row], extra: [Transaction] = []) -> LedgerHistory {
        let transactions = rows.enumerated().map { transaction($0.offset, $0.element) } + extra
        let account = Account(id: "current", name: "Current", kind: .checking, currency: .gbp)
        return LedgerHistory(
            Journal(stage: "ledger", baseCurrency: .gbp, accounts: [account], transactions: transactions))
    }

    /// The facts of `month` ("2026-03") over `rows`, with the recurring series detected at its end.
    static func facts(
        _ rows: [Row], _ month: String, budgets: [String: Int64] = [:], anomalies: [Anomaly] = [],
        extra: [Transaction] = [], intendedPairs: [[String]] = []
    ) -> InsightFacts {
        let history = history(rows, extra: extra)
        var budgetMap: [CategoryPath: Money] = [:]
        for (name, pence) in budgets { budgetMap[CategoryPath(name)!] = Money(minorUnits: pence, currency: .gbp) }
        var settings = AnalysisSettings(budgets: budgetMap)
        settings.intendedPairs = intendedPairs
        return CardFacts.facts(history, YearMonth(month)!, settings: settings, anomalies: anomalies)
    }

    /// The card's insight, failing the test when it did not fire.
    static func insight(
        _ outcome: InsightOutcome, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws
        -> Insight
    {
        guard case .fired(let insight) = outcome else {
            Issue.record("expected the card to fire, got \(outcome)", sourceLocation: sourceLocation)
            throw CardDidNotFire()
        }
        return insight
    }

    struct CardDidNotFire: Error {}

    /// Salary 3,000.00 on the 25th of every month listed.
    static func salary(_ months: [String]) -> [Row] {
        months.map { ("\($0)-25", 300_000, "ACME PAYROLL", "Income:Salary") }
    }

    // MARK: - topSpendingCategory

    /// March: rent 1,500.00, groceries 300.00, dining 100.00, utilities 100.00 = 2,000.00 of expenses;
    /// Housing takes 1,500 ÷ 2,000 = 75% > 50%: warning.
    @Test func topSpendingCategoryOverHalf() throws {
        let rows: [Row] = [
            ("2026-03-01", -150_000, "LANDLORD", "Housing:Rent"), ("2026-03-03", -30_000, "TESCO", "Food:Groceries"),
            ("2026-03-05", -10_000, "PIZZA", "Food:Dining"), ("2026-03-07", -10_000, "GAS", "Bills:Utilities"),
        ]
        let insight = try Self.insight(TopSpendingCategoryCard().evaluate(Self.facts(rows, "2026-03")))
        #expect(insight.severity == .warning)
        #expect(insight.metric == InsightMetric(value: "1500.00", unit: "GBP"))
        #expect(insight.detail == [InsightPoint(label: "Housing:Rent", value: "1500.00")])
        #expect(
            insight.message == "Housing took the most money this month: £1,500.00, 75% of your £2,000.00 of expenses.")
    }

    /// Housing 1,000.00 of 2,000.00 is exactly 50%: not over, neutral. Food's six categories are
    /// cut to the five largest in the detail when Food is on top (Food 1,050.00 of 2,050.00, 51.2%).
    @Test func topSpendingCategoryAtHalfAndTheTopFive() throws {
        let atHalf: [Row] = [
            ("2026-03-01", -100_000, "LANDLORD", "Housing:Rent"), ("2026-03-03", -60_000, "TESCO", "Food:Groceries"),
            ("2026-03-07", -40_000, "GAS", "Bills:Utilities"),
        ]
        let half = try Self.insight(TopSpendingCategoryCard().evaluate(Self.facts(atHalf, "2026-03")))
        #expect(half.severity == .neutral)
        #expect(half.message.contains("50% of your £2,000.00"))
        let food: [Row] = [
            ("2026-03-01", -100_000, "LANDLORD", "Housing:Rent"), ("2026-03-02", -50_000, "A", "Food:Groceries"),
            ("2026-03-03", -20_000, "B", "Food:Dining"), ("2026-03-04", -15_000, "C", "Food:Takeaway"),
            ("2026-03-05", -10_000, "D", "Food:Coffee"), ("2026-03-06", -7_000, "E", "Food:Snacks"),
            ("2026-03-07", -3_000, "F", "Food:Bakery"),
        ]
        let top = try Self.insight(TopSpendingCategoryCard().evaluate(Self.facts(food, "2026-03")))
        #expect(top.metric.value == "1050.00")
        #expect(top.severity == .warning)
        #expect(
            top.detail?.map(\.label) == [
                "Food:Groceries", "Food:Dining", "Food:Takeaway", "Food:Coffee", "Food:Snacks",
            ])
    }

    /// Rent 1,500.00 and groceries 500.00 in each of January to March: Housing takes 75% of every
    /// month. March's 75% is over half but no more than its usual 75% (the mean of January and
    /// February), so it is not news: neutral, for the breakdown too. In a second history Housing took
    /// 1,500 ÷ 2,500 = 60% of January to March and April's groceries fall to 300.00: 1,500 ÷ 1,800 =
    /// 83.3%, at least 10 points above the usual 60%: warning.
    @Test func topSpendingCategoryAtItsUsualShareIsNotNews() throws {
        let usual: [Row] = ["01", "02", "03"].flatMap { month -> [Row] in
            [
                ("2026-\(month)-01", -150_000, "LANDLORD", "Housing:Rent"),
                ("2026-\(month)-03", -50_000, "TESCO", "Food:Groceries"),
            ]
        }
        let march = try Self.insight(TopSpendingCategoryCard().evaluate(Self.facts(usual, "2026-03")))
        #expect(march.severity == .neutral)
        #expect(march.message.contains("75% of your £2,000.00"))
        let food: [Row] = usual.map { $0.3 == "Food:Groceries" ? ($0.0, -100_000, $0.2, $0.3) : $0 }
        let rows =
            food + [
                ("2026-04-01", -150_000, "LANDLORD", "Housing:Rent"),
                ("2026-04-03", -30_000, "TESCO", "Food:Groceries"),
            ]
        let april = try Self.insight(TopSpendingCategoryCard().evaluate(Self.facts(rows, "2026-04")))
        #expect(april.severity == .warning)
        #expect(april.message.contains("83.3% of your £1,800.00"))
        let groceries: [Row] = ["01", "02", "03"].flatMap { month -> [Row] in
            [
                ("2026-\(month)-01", -40_000, "LANDLORD", "Housing:Rent"),
                ("2026-\(month)-02", -30_000, "TESCO", "Food:Groceries"),
                ("2026-\(month)-03", -30_000, "PIZZA", "Food:Dining"),
            ]
        }
        let breakdown = try Self.insight(SubcategoryBreakdownCard().evaluate(Self.facts(groceries, "2026-03")))
        #expect(breakdown.severity == .neutral)
    }

    /// The usual share is the median of the 12 months before, so one lumpy month does not make the
    /// same rent news in the month after. Rent 1,200.00 every month from September 2025 to August
    /// 2026, with 800.00 of groceries: 1,200 ÷ 2,000 = 60% in the nine months to May; June adds a
    /// 2,000.00 tax bill (Taxes is on top; Housing 1,200 ÷ 4,000 = 30%), July a 1,000.00 insurance
    /// (1,200 ÷ 3,000 = 40%). August: groceries 800.00 again, Housing 60%, over half. The mean of the
    /// three months before (May 60%, June 30%, July 40%) is 43.3%, and 60% ≥ 53.3% would have warned;
    /// the median of the twelve (August 2025 has none; sorted 30, 40 and nine at 60) is 60%, and
    /// 60% < 70%: neutral. September's groceries fall to 300.00: Housing 1,200 ÷ 1,500 = 80% ≥ 60% +
    /// 10 points: warning, which the median still lets through.
    @Test func oneLumpyMonthDoesNotMakeTheTopGroupNews() throws {
        let months = [
            "2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03", "2026-04",
            "2026-05", "2026-06", "2026-07", "2026-08",
        ]
        var rows: [Row] = months.flatMap { month -> [Row] in
            [
                ("\(month)-01", -120_000, "LANDLORD", "Housing:Rent"),
                ("\(month)-03", -80_000, "TESCO", "Food:Groceries"),
            ]
        }
        rows += [
            ("2026-06-20", -200_000, "HMRC", "Taxes:Income"), ("2026-07-20", -100_000, "DIRECT LINE", "Insurance:Car"),
        ]
        let august = try Self.insight(TopSpendingCategoryCard().evaluate(Self.facts(rows, "2026-08")))
        #expect(august.message.contains("60% of your £2,000.00"))
        #expect(august.severity == .neutral)
        let september =
            rows + [
                ("2026-09-01", -120_000, "LANDLORD", "Housing:Rent"),
                ("2026-09-03", -30_000, "TESCO", "Food:Groceries"),
            ]
        let rise = try Self.insight(TopSpendingCategoryCard().evaluate(Self.facts(september, "2026-09")))
        #expect(rise.message.contains("80% of your £1,500.00"))
        #expect(rise.severity == .warning)
    }

    /// A month with only income has nothing spent; a month outside the data has no transactions.
    @Test func topSpendingCategoryOmissions() {
        let rows = Self.salary(["2026-03"])
        #expect(TopSpendingCategoryCard().evaluate(Self.facts(rows, "2026-03")) == .omitted("no spending this month"))
        #expect(
            TopSpendingCategoryCard().evaluate(Self.facts(rows, "2026-04")) == .omitted("no transactions this month"))
        #expect(TopSpendingCategoryCard().evaluate(Self.facts([], "2026-04")) == .omitted("no transactions this month"))
    }

    // MARK: - monthOverMonthChange

    /// February 1,000.00 of spending, then March: 1,200.00 is +20% exactly (neutral); 1,200.01 is
    /// +20.001% (warning); 900.00 is −10% exactly (neutral); 899.99 is −10.001% (positive); 1,500.00
    /// is +50% (warning). March is closed (10.00 of interest on the 31st, spent far beyond), so the
    /// daily pace compares whole months and is the weaker reading of the rise (`SpendingRise`).
    @Test(arguments: [
        (Int64(120_000), "20", InsightSeverity.neutral), (120_001, "20", .warning), (90_000, "-10", .neutral),
        (89_999, "-10", .positive), (150_000, "50", .warning),
    ])
    func monthOverMonthChangeBands(march: Int64, percent: String, severity: InsightSeverity) throws {
        let rows: [Row] = [
            ("2026-02-10", -100_000, "SHOP", "Food:Groceries"), ("2026-03-10", -march, "SHOP", "Food:Groceries"),
            ("2026-03-31", 1_000, "BANK", "Income:Interest"),
        ]
        let insight = try Self.insight(MonthOverMonthChangeCard().evaluate(Self.facts(rows, "2026-03")))
        #expect(insight.metric == InsightMetric(value: percent, unit: "percent"))
        #expect(insight.severity == severity)
        if march == 150_000 {
            #expect(insight.message == "You spent £1,500.00 this month, 50% more than last month's £1,000.00.")
        }
    }

    @Test func monthOverMonthChangeOmissions() {
        let one: [Row] = [("2026-03-10", -100_000, "SHOP", "Food:Groceries")]
        #expect(
            MonthOverMonthChangeCard().evaluate(Self.facts(one, "2026-03")) == .omitted("needs 2 months of history"))
        let noSpending = Self.salary(["2026-02"]) + one
        #expect(
            MonthOverMonthChangeCard().evaluate(Self.facts(noSpending, "2026-03")) == .omitted("no spending last month")
        )
        #expect(
            MonthOverMonthChangeCard().evaluate(Self.facts(Self.salary(["2026-02"]), "2026-03"))
                == .omitted("no transactions this month"))
    }

    // MARK: - averageDailySpending

    /// March closed (the data reaches April): 3,100.00 ÷ 31 days = 100.00 a day.
    @Test func averageDailySpendingOverAClosedMonth() throws {
        let rows: [Row] = [
            ("2026-03-02", -310_000, "LANDLORD", "Housing:Rent"), ("2026-04-01", -1_000, "SHOP", "Food:Groceries"),
        ]
        let insight = try Self.insight(AverageDailySpendingCard().evaluate(Self.facts(rows, "2026-03")))
        #expect(insight.metric == InsightMetric(value: "100.00", unit: "GBP"))
        #expect(insight.severity == .neutral)
        #expect(
            insight.message == "You spent £100.00 a day on average over the 31 days of March 2026 (£3,100.00 in all).")
    }

    /// Half to even over February's 28 days: 0.70 ÷ 28 = 0.025 → 0.02; 0.98 ÷ 28 = 0.035 → 0.04.
    @Test(arguments: [(Int64(70), "0.02"), (98, "0.04")])
    func averageDailySpendingRoundsHalfToEven(pence: Int64, average: String) throws {
        let rows: [Row] = [
            ("2026-02-02", -pence, "SHOP", "Food:Groceries"), ("2026-03-01", -1_000, "SHOP", "Food:Groceries"),
        ]
        let insight = try Self.insight(AverageDailySpendingCard().evaluate(Self.facts(rows, "2026-02")))
        #expect(insight.metric.value == average)
    }

    /// The month in progress: the data ends on 10 March, so 500.00 ÷ 10 days = 50.00 a day. Data
    /// that reaches 31 March closes the month: 500.00 + 0.10 = 500.10 ÷ 31 = 16.1322… → 16.13.
    @Test func averageDailySpendingInTheMonthInProgress() throws {
        var rows: [Row] = [("2026-03-10", -50_000, "SHOP", "Food:Groceries")]
        let open = try Self.insight(AverageDailySpendingCard().evaluate(Self.facts(rows, "2026-03")))
        #expect(open.metric.value == "50.00")
        #expect(
            open.message == "You spent £50.00 a day on average over the first 10 days of March 2026 (£500.00 in all).")
        rows.append(("2026-03-31", -10, "SHOP", "Food:Groceries"))
        let closed = try Self.insight(AverageDailySpendingCard().evaluate(Self.facts(rows, "2026-03")))
        #expect(closed.metric.value == "16.13")
    }

    @Test func averageDailySpendingOmissions() {
        #expect(
            AverageDailySpendingCard().evaluate(Self.facts(Self.salary(["2026-03"]), "2026-03"))
                == .omitted("no spending this month"))
        #expect(
            AverageDailySpendingCard().evaluate(Self.facts([], "2026-03")) == .omitted("no transactions this month"))
    }

    // MARK: - spendingSpike

    /// January to March 2026 is exactly the 90 days before 1 April (31 + 28 + 31). Dining 10.00 every
    /// one of those days: μ = 1,000 pence, σ = 0, so μ + 2σ = 10.00 a day. April (30 days): 300.00 is
    /// 10.00 a day, exactly at the threshold (no spike); 300.30 is 10.01 a day (a spike), but only
    /// 0.30 over the month above the band, 0.1% of the month's 300.30 (under 2%): quiet. 310.00 puts
    /// 10.00 above it, 3.2% of 310.00: the card fires.
    static func dailyDining() -> [Row] {
        (0..<90).map { day in
            let date = CivilDate(iso: "2026-01-01")!.adding(days: day)!
            return (date.isoString, -1_000, "CAFE", "Food:Dining")
        }
    }

    @Test func spendingSpikeAtAndOverTheThreshold() throws {
        let at = Self.dailyDining() + [("2026-04-15", -30_000, "CAFE", "Food:Dining")]
        #expect(SpendingSpikeCard.spikes(Self.facts(at, "2026-04")).isEmpty)
        let over = Self.dailyDining() + [("2026-04-15", -30_030, "CAFE", "Food:Dining")]
        #expect(SpendingSpikeCard.spikes(Self.facts(over, "2026-04")).map(\.spent) == [30_030])
        #expect(SpendingSpikeCard().evaluate(Self.facts(over, "2026-04")) == .quiet)
        let material = Self.dailyDining() + [("2026-04-15", -31_000, "CAFE", "Food:Dining")]
        let insight = try Self.insight(SpendingSpikeCard().evaluate(Self.facts(material, "2026-04")))
        #expect(insight.severity == .warning)
        // 310.00 ÷ 30 = 10.333… → 10.33 a day.
        #expect(insight.metric == InsightMetric(value: "10.33", unit: "GBP"))
        #expect(insight.detail == [InsightPoint(label: "Food:Dining", value: "10.33")])
    }

    /// Groceries 90.00 on 15 January, February and March, nothing on the other 87 days: μ = 27,000 ÷
    /// 90 = 300 pence; σ² = (3 × 8,700² + 87 × 300²) ÷ 90 = 2,610,000, σ = 1,615.549…; μ + 2σ =
    /// 3,531.0989 pence a day. April: 1,059.32 ÷ 30 = 3,531.067 (no spike); 1,059.33 ÷ 30 = 3,531.1
    /// (a spike).
    @Test(arguments: [(Int64(105_932), false), (105_933, true)])
    func spendingSpikeWithAStandardDeviation(april: Int64, spikes: Bool) {
        let rows: [Row] =
            ["2026-01-15", "2026-02-15", "2026-03-15"].map { ($0, -9_000, "TESCO", "Food:Groceries") }
            + [("2026-01-01", 300_000, "ACME", "Income:Salary"), ("2026-04-20", -april, "TESCO", "Food:Groceries")]
        #expect(SpendingSpikeCard.spikes(Self.facts(rows, "2026-04")).isEmpty == !spikes)
    }

    /// Two spikes in April: dining 600.00 ÷ 30 = 20.00 a day against 10.00 (10.00 over); groceries
    /// 2,000.00 ÷ 30 = 66.666… → 66.67 a day against 35.31 (31.36 over) leads. Both are material:
    /// 10.00 × 30 = 300.00 and 31.36 × 30 = 940.70 above their bands, against 2% of the month's
    /// 2,603.00 = 52.06. A category never used in the 90 days has no usual level: books 3.00 is no
    /// spike (it would have been one, from μ = σ = 0). With a first rent of 50,000.00 in April
    /// (no history either), 2% of the month is 1,052.06 and neither spike is material: quiet.
    @Test func spendingSpikeListsEveryCategoryLargestExcessFirst() throws {
        let rows: [Row] =
            Self.dailyDining()
            + ["2026-01-15", "2026-02-15", "2026-03-15"].map { ($0, -9_000, "TESCO", "Food:Groceries") }
            + [
                ("2026-04-10", -60_000, "CAFE", "Food:Dining"), ("2026-04-11", -200_000, "TESCO", "Food:Groceries"),
                ("2026-04-12", -300, "BOOKSHOP", "Shopping:Books"),
            ]
        let insight = try Self.insight(SpendingSpikeCard().evaluate(Self.facts(rows, "2026-04")))
        #expect(
            insight.detail == [
                InsightPoint(label: "Food:Groceries", value: "66.67"),
                InsightPoint(label: "Food:Dining", value: "20.00"),
            ])
        #expect(
            insight.message
                == "Food:Groceries ran at £66.67 a day this month, above its usual £3.00 a day plus two standard "
                + "deviations (£35.31) over the 90 days before; 1 other category also spiked.")
        let rent = rows + [("2026-04-01", -5_000_000, "LANDLORD", "Housing:Rent")]
        #expect(SpendingSpikeCard().evaluate(Self.facts(rent, "2026-04")) == .quiet)
    }

    /// A split in the window counts under each of its categories: 100.00 on 10 February split 60.00
    /// dining and 40.00 groceries. Groceries then have one day of 4,000 pence: μ = 44.44, σ² =
    /// 4,000² ÷ 90 − μ² = 175,802.5, σ = 419.29, μ + 2σ = 883.0 pence a day; April groceries 12.00 ÷
    /// 30 = 40 pence a day: no spike (without the split groceries would have no usual level at all).
    @Test func spendingSpikeReadsSplits() throws {
        let split = Self.transaction(
            900, ("2026-02-10", -10_000, "MARKET", nil),
            splits: [
                Split(category: CategoryPath("Food:Dining")!, amount: Money(minorUnits: -6_000, currency: .gbp)),
                Split(category: CategoryPath("Food:Groceries")!, amount: Money(minorUnits: -4_000, currency: .gbp)),
            ])
        let rows: [Row] = [
            ("2026-01-01", 300_000, "ACME", "Income:Salary"), ("2026-04-20", -1_200, "TESCO", "Food:Groceries"),
        ]
        let facts = Self.facts(rows, "2026-04", extra: [split])
        #expect(SpendingSpikeCard().evaluate(facts) == .quiet)
        let groceries = try #require(facts.history.categories.firstIndex { $0.name == "Food:Groceries" })
        let daily = facts.history.dailyMoneyOut(days: 90, before: YearMonth(year: 2026, month: 4)!)
        #expect(daily[(groceries * 90)..<((groceries + 1) * 90)].reduce(0, +) == 4_000)
        // February's one row counts as two category parts: only that month's rows are read for splits.
        #expect((0..<4).map { facts.history.hasSplits($0) } == [false, true, false, false])
    }

    /// Needs January to March before April; February and March alone are not enough. Transfers and
    /// a month without transactions are handled.
    @Test func spendingSpikeOmissions() {
        let rows: [Row] = [
            ("2026-02-01", -1_000, "SHOP", "Food:Groceries"), ("2026-04-01", -1_000, "SHOP", "Food:Groceries"),
        ]
        #expect(SpendingSpikeCard().evaluate(Self.facts(rows, "2026-04")) == .omitted("needs 3 months of history"))
        #expect(SpendingSpikeCard().evaluate(Self.facts(rows, "2026-03")) == .omitted("no transactions this month"))
        let income = Self.salary(["2026-01", "2026-04"])
        #expect(SpendingSpikeCard().evaluate(Self.facts(income, "2026-04")) == .quiet)
    }

    // MARK: - categoryTrend

    /// Food each month (pounds) and what the run ending with the last month makes of it: five rises
    /// (warning, +20% last); exactly three rises (warning, +33.3%); three falls (positive, −25%);
    /// two rises (neutral); an unchanged last month (neutral, 0%).
    @Test(arguments: [
        ([Int64(100), 200, 300, 400, 500, 600], "20", InsightSeverity.warning, "has been rising for 5 months"),
        ([100, 200, 300, 400], "33.3", .warning, "has been rising for 3 months"),
        ([600, 500, 400, 300], "-25", .positive, "has been falling for 3 months"),
        ([300, 200, 300, 400], "33.3", .neutral, "shows no lasting trend"),
        ([100, 200, 300, 300], "0", .neutral, "shows no lasting trend"),
    ])
    func categoryTrendRuns(pounds: [Int64], percent: String, severity: InsightSeverity, text: String) throws {
        let first = YearMonth(year: 2026, month: 1)!
        let rows: [Row] = pounds.enumerated().map { offset, value in
            ("\(first.adding(months: offset))-10", -value * 100, "TESCO", "Food:Groceries")
        }
        let month = first.adding(months: pounds.count - 1).description
        let insight = try Self.insight(CategoryTrendCard().evaluate(Self.facts(rows, month)))
        #expect(insight.metric == InsightMetric(value: percent, unit: "percent"))
        #expect(insight.severity == severity)
        #expect(insight.message.hasPrefix("Food spending \(text): "))
        #expect(insight.detail?.count == pounds.count)
        #expect(insight.detail?.last == InsightPoint(label: month, value: "\(pounds.last!).00"))
    }

    /// Seven months of data: only the last six are read (January's 900.00 is left out, so the run
    /// is the five rises from February).
    @Test func categoryTrendReadsSixMonths() throws {
        let rows: [Row] = [900, 100, 200, 300, 400, 500, 600].enumerated().map { offset, value in
            (
                "\(YearMonth(year: 2026, month: 1)!.adding(months: offset))-10", Int64(-value * 100), "TESCO",
                "Food:Groceries"
            )
        }
        let insight = try Self.insight(CategoryTrendCard().evaluate(Self.facts(rows, "2026-07")))
        #expect(insight.detail?.first == InsightPoint(label: "2026-02", value: "100.00"))
        #expect(
            insight.message.hasPrefix(
                "Food spending has been rising for 5 months: £600.00 this month, 20% up on last month (£500.00)."))
    }

    /// A percentage card whose detail is money: the engine writes the detail's unit as the base
    /// currency's code, and a card whose detail is in its metric's unit writes none.
    @Test func theEngineWritesTheDetailUnitTheCardDeclares() {
        let rows: [Row] = [100, 200, 300, 400].enumerated().map { offset, value in
            (
                "\(YearMonth(year: 2026, month: 1)!.adding(months: offset))-10", Int64(-value * 100), "TESCO",
                "Food:Groceries"
            )
        }
        let facts = Self.facts(rows, "2026-04")
        let trend = InsightEngine(cards: [CategoryTrendCard()]).evaluate(facts).insights
        #expect(trend.map(\.detailUnit) == ["GBP"])
        #expect(trend.first?.metric.unit == "percent")
        struct PlainCard: InsightCard {
            let type = "plain"
            let category = InsightCategory.spending
            func evaluate(_ facts: InsightFacts) -> InsightOutcome {
                .fired(
                    Insight(
                        title: "t", message: "m", metric: InsightMetric(value: "1", unit: "count"), severity: .neutral,
                        detail: [InsightPoint(label: "2026-04", value: "1")]))
            }
        }
        #expect(InsightEngine(cards: [PlainCard()]).evaluate(facts).insights.map(\.detailUnit) == [nil])
    }

    @Test func categoryTrendOmissions() {
        let one: [Row] = [("2026-03-10", -100_000, "SHOP", "Food:Groceries")]
        #expect(CategoryTrendCard().evaluate(Self.facts(one, "2026-03")) == .omitted("needs 2 months of history"))
        // February spent on rent, not on food.
        let noFood: [Row] = [("2026-02-01", -50_000, "LANDLORD", "Housing:Rent")] + one
        #expect(CategoryTrendCard().evaluate(Self.facts(noFood, "2026-03")) == .omitted("no spending last month"))
        #expect(
            CategoryTrendCard().evaluate(Self.facts(Self.salary(["2026-03"]), "2026-03"))
                == .omitted("no spending this month"))
    }

    // MARK: - spendingVelocity

    /// February (28 days) 2,800.00 = 100.00 a day. March closed (31 days): 3,100.00 is 100.00 a day,
    /// ratio 1 (neutral); 3,720.00 is 120.00 a day, ratio 3,720 × 28 ÷ (31 × 2,800) = 1.2 exactly
    /// (neutral); 3,720.01 is over (warning); 2,790.00 is 90.00 a day, 0.9 exactly (neutral); 2,789.99
    /// is under (positive). Every March is 32.9% or more above February, so past 1.2 the rise is told
    /// by `monthOverMonthChange`, the stronger reading (`SpendingRise`): 3,720.01 reads neutral here.
    @Test(arguments: [
        (Int64(310_000), "1", InsightSeverity.neutral), (372_000, "1.2", .neutral), (372_001, "1.2", .neutral),
        (279_000, "0.9", .neutral), (278_999, "0.9", .positive),
    ])
    func spendingVelocityBands(march: Int64, ratio: String, severity: InsightSeverity) throws {
        let rows: [Row] = [
            ("2026-02-01", -280_000, "LANDLORD", "Housing:Rent"), ("2026-03-01", -march, "LANDLORD", "Housing:Rent"),
            ("2026-03-31", 1_000, "BANK", "Income:Interest"),
        ]
        let insight = try Self.insight(SpendingVelocityCard().evaluate(Self.facts(rows, "2026-03")))
        #expect(insight.metric == InsightMetric(value: ratio, unit: "ratio"))
        #expect(insight.severity == severity)
        if march == 310_000 {
            // 3,100 ÷ 2,800 = 110.71…%
            #expect(
                insight.message
                    == "You spent £100.00 a day against £100.00 a day last month (1.00×); the month came to "
                    + "£3,100.00, 110.7% of last month's £2,800.00.")
        }
    }

    /// The month in progress: March 3,100.00 (100.00 a day); April's data ends on the 10th with
    /// 1,500.00, 150.00 a day: ratio 1,500 × 31 ÷ (10 × 3,100) = 1.5 (warning); at this rate April
    /// comes to 150.00 × 30 = 4,500.00, 4,500 ÷ 3,100 = 145.2% of March.
    @Test func spendingVelocityInTheMonthInProgress() throws {
        let rows: [Row] = [
            ("2026-03-01", -310_000, "LANDLORD", "Housing:Rent"), ("2026-04-10", -150_000, "LANDLORD", "Housing:Rent"),
        ]
        let insight = try Self.insight(SpendingVelocityCard().evaluate(Self.facts(rows, "2026-04")))
        #expect(insight.metric.value == "1.5")
        #expect(insight.severity == .warning)
        #expect(
            insight.message
                == "You spent £150.00 a day against £100.00 a day last month (1.50×); at this rate the month comes "
                + "to £4,500.00, 145.2% of last month's £3,100.00.")
    }

    @Test func spendingVelocityOmissions() {
        let one: [Row] = [("2026-03-10", -100_000, "SHOP", "Food:Groceries")]
        #expect(SpendingVelocityCard().evaluate(Self.facts(one, "2026-03")) == .omitted("needs 2 months of history"))
        #expect(
            SpendingVelocityCard().evaluate(Self.facts(Self.salary(["2026-02"]) + one, "2026-03"))
                == .omitted("no spending last month"))
    }

    // MARK: - subcategoryBreakdown

    /// Food: groceries 300.00, dining 100.00 and 50.00 straight to Food = 450.00 of 850.00 (52.9% >
    /// 50%, with no month before: `topSpendingCategory` warns). Shares of Food: 300 ÷ 450 = 66.7%,
    /// 100 ÷ 450 = 22.2%, 50 ÷ 450 = 11.1%. The breakdown is the same fact's detail: neutral, so
    /// "What needs attention" holds one item for it, not two.
    @Test func subcategoryBreakdownOfTheTopGroup() throws {
        let rows: [Row] = [
            ("2026-03-01", -40_000, "LANDLORD", "Housing:Rent"), ("2026-03-02", -30_000, "TESCO", "Food:Groceries"),
            ("2026-03-03", -10_000, "PIZZA", "Food:Dining"), ("2026-03-04", -5_000, "MARKET", "Food"),
        ]
        let top = try Self.insight(TopSpendingCategoryCard().evaluate(Self.facts(rows, "2026-03")))
        #expect(top.severity == .warning)
        let insight = try Self.insight(SubcategoryBreakdownCard().evaluate(Self.facts(rows, "2026-03")))
        #expect(insight.severity == .neutral)
        #expect(insight.metric == InsightMetric(value: "66.7", unit: "percent"))
        #expect(
            insight.detail == [
                InsightPoint(label: "Food:Groceries", value: "66.7"), InsightPoint(label: "Food:Dining", value: "22.2"),
                InsightPoint(label: "Food", value: "11.1"),
            ])
        #expect(insight.message == "Food:Groceries was 66.7% of your £450.00 on Food, across 3 categories.")
    }

    /// Food 450.00 of 950.00 (47.4%): neutral.
    @Test func subcategoryBreakdownNeutralUnderHalf() throws {
        let rows: [Row] = [
            ("2026-03-01", -40_000, "LANDLORD", "Housing:Rent"), ("2026-03-02", -10_000, "GAS", "Bills:Utilities"),
            ("2026-03-03", -45_000, "TESCO", "Food:Groceries"),
        ]
        let insight = try Self.insight(SubcategoryBreakdownCard().evaluate(Self.facts(rows, "2026-03")))
        #expect(insight.severity == .neutral)
        #expect(insight.detail == [InsightPoint(label: "Food:Groceries", value: "100")])
    }

    @Test func subcategoryBreakdownOmissions() {
        let rows: [Row] = [
            ("2026-03-01", -40_000, "SUNDRY", "Miscellaneous"), ("2026-03-02", -10_000, "GAS", "Bills:Utilities"),
        ]
        #expect(
            SubcategoryBreakdownCard().evaluate(Self.facts(rows, "2026-03"))
                == .omitted("the top category has no subcategories"))
        #expect(
            SubcategoryBreakdownCard().evaluate(Self.facts(Self.salary(["2026-03"]), "2026-03"))
                == .omitted("no spending this month"))
    }

    // MARK: - duplicateSubscriptions

    /// Monthly payments on the 5th, January to April:
    /// - streaming: Netflix 15.99 and NETFLIX UK 9.99 ("netflix" inside "netflixuk": the same
    ///   merchant; 6.00 apart is no price match); Disney Plus 7.99 is neither the same merchant nor
    ///   the same price as either (2.00 from 9.99 is over 1%).
    /// - fitness: GYM A 30.00 and PUREGYM 29.80 (0.20 apart, under 1% of 30.00: the same price).
    /// - phone: Vodafone 30.00 alone in its category (the same amount as GYM A does not count).
    /// - uncategorised: FOO and FOO2 at 5.00 are left out.
    /// Two pairs, four series, 30.00 + 9.99 + 15.99 + 29.80 = 85.78 a month.
    @Test func duplicateSubscriptionsPairsByNameOrAmount() throws {
        var rows: [Row] = []
        for month in 1...4 {
            for (payee, pence, category) in [
                ("Netflix", 1_599, "Entertainment:Streaming"), ("NETFLIX UK", 999, "Entertainment:Streaming"),
                ("Disney Plus", 799, "Entertainment:Streaming"), ("GYM A", 3_000, "Health:Fitness"),
                ("PUREGYM", 2_980, "Health:Fitness"), ("Vodafone", 3_000, "Bills:Phone"), ("FOO", 500, nil),
                ("FOO2", 500, nil),
            ] as [(String, Int64, String?)] {
                rows.append(("2026-0\(month)-05", -pence, payee, category))
            }
        }
        let facts = Self.facts(rows, "2026-04")
        #expect(facts.recurringOutgoings.count == 8)
        let insight = try Self.insight(DuplicateSubscriptionsCard().evaluate(facts))
        #expect(insight.severity == .warning)
        #expect(insight.metric == InsightMetric(value: "2", unit: "count"))
        #expect(
            insight.detail == [
                InsightPoint(label: "GYM A", value: "30.00"), InsightPoint(label: "NETFLIX UK", value: "9.99"),
                InsightPoint(label: "Netflix", value: "15.99"), InsightPoint(label: "PUREGYM", value: "29.80"),
            ])
        // April's rows are 24...31 in order: GYM A t27, NETFLIX UK t25, Netflix t24, PUREGYM t28.
        #expect(insight.transactionIDs == ["t27", "t25", "t24", "t28"])
        #expect(
            insight.message
                == "2 pairs of recurring payments in the same category look alike (GYM A, NETFLIX UK, Netflix, "
                + "PUREGYM), £85.78 a month between them.")
    }

    /// The same price: within 1% of the larger (100.00 and 99.00 pair, 98.99 does not). Two services
    /// chosen on purpose do not pair: Netflix 12.99 and Spotify 11.99 (the old 10% rule paired them).
    @Test func duplicateSubscriptionsAmountBoundary() {
        #expect(DuplicateSubscriptionsCard.isPair(payees: ("Alpha Insurance", "Zeta Cover"), monthly: (10_000, 9_900)))
        #expect(!DuplicateSubscriptionsCard.isPair(payees: ("Alpha Insurance", "Zeta Cover"), monthly: (10_000, 9_899)))
        #expect(!DuplicateSubscriptionsCard.isPair(payees: ("NETFLIX.COM", "SPOTIFY UK"), monthly: (1_299, 1_199)))
    }

    /// A pair the person marked as intended (`[insights] intended_pairs`, names compared with only
    /// letters and digits, any case) is left alone: of the two pairs above, only the gyms remain.
    @Test func duplicateSubscriptionsLeaveIntendedPairsAlone() throws {
        var rows: [Row] = []
        for month in 1...4 {
            for (payee, pence, category) in [
                ("Netflix", 1_599, "Entertainment:Streaming"), ("NETFLIX UK", 999, "Entertainment:Streaming"),
                ("GYM A", 3_000, "Health:Fitness"), ("PUREGYM", 2_980, "Health:Fitness"),
            ] as [(String, Int64, String?)] {
                rows.append(("2026-0\(month)-05", -pence, payee, category))
            }
        }
        let facts = Self.facts(rows, "2026-04", intendedPairs: [["netflix uk", "NETFLIX"]])
        let insight = try Self.insight(DuplicateSubscriptionsCard().evaluate(facts))
        #expect(insight.metric == InsightMetric(value: "1", unit: "count"))
        #expect(insight.detail?.map(\.label) == ["GYM A", "PUREGYM"])
    }

    /// The same merchant: one name inside the other (4 or more characters), or a typo (2 edits, both
    /// 6 or more characters); short names never pair by edits (`EE` and `O2` are 2 edits apart).
    @Test func duplicateSubscriptionsSameMerchant() {
        #expect(DuplicateSubscriptionsCard.isPair(payees: ("Spotify", "SPOTIFY AB"), monthly: (1_000, 5_000)))
        #expect(DuplicateSubscriptionsCard.isPair(payees: ("Netflix.com", "NETFLIX"), monthly: (1_000, 5_000)))
        #expect(DuplicateSubscriptionsCard.isPair(payees: ("Amazon Prime", "Amazom Prime"), monthly: (1_000, 5_000)))
        #expect(!DuplicateSubscriptionsCard.isPair(payees: ("EE", "O2"), monthly: (1_000, 5_000)))
        #expect(!DuplicateSubscriptionsCard.isPair(payees: ("Now TV", "Now Gym"), monthly: (1_000, 5_000)))
    }

    @Test func duplicateSubscriptionsQuietAndOmitted() {
        var rows: [Row] = []
        for month in 1...4 {
            rows.append(("2026-0\(month)-05", -1_599, "Netflix", "Entertainment:Streaming"))
            rows.append(("2026-0\(month)-06", -3_500, "PureGym", "Health:Fitness"))
        }
        #expect(DuplicateSubscriptionsCard().evaluate(Self.facts(rows, "2026-04")) == .quiet)
        let oneOff: [Row] = [("2026-04-05", -1_599, "Netflix", "Entertainment:Streaming")]
        #expect(
            DuplicateSubscriptionsCard().evaluate(Self.facts(oneOff, "2026-04"))
                == .omitted("no recurring payments detected"))
    }

    @Test(arguments: [
        ("", "", 0), ("abc", "", 3), ("", "abc", 3), ("kitten", "sitting", 3), ("netflix", "netflix uk", 3),
        ("flaw", "lawn", 2), ("same", "same", 0), ("café", "cafe", 1),
    ])
    func levenshtein(lhs: String, rhs: String, distance: Int) {
        #expect(Levenshtein.distance(lhs, rhs) == distance)
        #expect(Levenshtein.distance(rhs, lhs) == distance)
    }

    // MARK: - anomaly

    static func anomaly(_ payee: String, _ category: String, _ reason: String, _ ids: [String]) -> Anomaly {
        Anomaly(
            kind: payee.isEmpty ? .categorySpike : .unusualAmount, date: CivilDate(iso: "2026-03-10")!, payee: payee,
            category: category, amount: -1_000, risk: 0.5, reason: reason, transactionIDs: ids)
    }

    /// Four anomalies: the count is 4, the detail and the ids are the first three (a category spike
    /// is labelled by its category).
    @Test func anomalyListsTheRiskiestThree() throws {
        let anomalies = [
            Self.anomaly("BIG TV", "Shopping", "£900.00 is 9 times the usual", ["t0"]),
            Self.anomaly("", "Food:Dining", "Food:Dining spending of £500.00 is high", []),
            Self.anomaly("CAFE", "Food:Dining", "charged twice", ["t1", "t2"]),
            Self.anomaly("NEW SHOP", "Shopping", "a new payee", ["t3"]),
        ]
        let rows: [Row] = [("2026-03-10", -90_000, "BIG TV", "Shopping")]
        let insight = try Self.insight(AnomalyCard().evaluate(Self.facts(rows, "2026-03", anomalies: anomalies)))
        #expect(insight.severity == .warning)
        #expect(insight.metric == InsightMetric(value: "4", unit: "count"))
        #expect(insight.detail?.map(\.label) == ["BIG TV", "Food:Dining", "CAFE"])
        #expect(insight.detail?.first?.value == "£900.00 is 9 times the usual")
        #expect(insight.transactionIDs == ["t0", "t1", "t2"])
        #expect(insight.message == "4 things in this month look unusual; the riskiest: £900.00 is 9 times the usual.")
    }

    /// Only category spikes: no transaction ids at all.
    @Test func anomalyOfCategorySpikesOnly() throws {
        let rows: [Row] = [("2026-03-10", -90_000, "BIG TV", "Shopping")]
        let anomalies = [Self.anomaly("", "Shopping", "Shopping spending of £900.00 is high", [])]
        let insight = try Self.insight(AnomalyCard().evaluate(Self.facts(rows, "2026-03", anomalies: anomalies)))
        #expect(insight.transactionIDs == nil)
        #expect(
            insight.message
                == "1 thing in this month looks unusual; the riskiest: Shopping spending of £900.00 is high.")
    }

    @Test func anomalyQuietAndOmitted() {
        let rows: [Row] = [("2026-03-10", -90_000, "BIG TV", "Shopping")]
        #expect(AnomalyCard().evaluate(Self.facts(rows, "2026-03")) == .quiet)
        #expect(AnomalyCard().evaluate(Self.facts(rows, "2026-04")) == .omitted("no transactions this month"))
    }

    // MARK: - Month in progress and the card list

    @Test func monthProgress() {
        let rows: [Row] = [("2026-02-27", -100, "SHOP", nil), ("2026-03-10", -100, "SHOP", nil)]
        #expect(MonthProgress(Self.facts(rows, "2026-03")) == MonthProgress(daysElapsed: 10, dayCount: 31))
        // February is not the data's last month: all 28 days, even though its data ends on the 27th.
        #expect(MonthProgress(Self.facts(rows, "2026-02")) == MonthProgress(daysElapsed: 28, dayCount: 28))
        #expect(MonthProgress(Self.facts(rows, "2026-04")) == MonthProgress(daysElapsed: 30, dayCount: 30))
    }

    @Test func theSpendingCards() {
        #expect(
            InsightEngine.spendingCards.map(\.type) == [
                "topSpendingCategory", "monthOverMonthChange", "averageDailySpending", "spendingSpike", "categoryTrend",
                "spendingVelocity", "subcategoryBreakdown", "duplicateSubscriptions", "anomaly",
            ])
        #expect(InsightEngine.spendingCards.allSatisfy { $0.category == .spending })
    }

    // MARK: - Known things are not news

    /// 2025-01 to 2026-01: a salary of 3,000.00 (28th), a grocery shop of 50.00 (10th) at a new shop
    /// each month, and under Insurance pet cover of 20.00 (5th, a monthly series) and a home premium
    /// on 20 January of 600.00 in 2025 and `premium` in 2026.
    ///
    /// At 620.00 (within 600 × 0.8 to 600 × 1.2) the premium is the yearly series' expected payment
    /// and 20.00 the pet cover's: left out, January 2026 spent nothing else on insurance, and neither
    /// the spending-spike card nor the category-spike anomaly fires. (Counted, the month's 640.00
    /// against the twelve before, 620.00 then 20.00 × 11, mean 70.00, sample σ = √((550² + 11 × 50²)
    /// ÷ 11) = 173.21, is (640 − 70) ÷ 173.21 = 3.3 σ, a category spike.)
    ///
    /// At 800.00 the premium is news (no series: 800 is 25% from 600), only the pet cover's 20.00 is
    /// left out, and both fire on 800.00. Card: the 90 days before hold 20.00 on 3 days, μ = 6,000 ÷
    /// 90 = 66.67p, σ = √((3 × 1,933.33² + 87 × 66.67²) ÷ 90) = 359.01p, threshold 7.85 a day; 800 ÷ 31
    /// = 25.81 a day. Anomaly: (800 − 70) ÷ 173.21 = 4.2 σ.
    @Test(arguments: [(Int64(62_000), false), (80_000, true)])
    func aYearlyPremiumPaidAsUsualIsNotASpike(premium: Int64, fires: Bool) throws {
        let months: [[HouseholdMonths.Row]] = (0..<13).map { index in
            var rows: [HouseholdMonths.Row] = [
                (5, -2_000, "PETPLAN", "Insurance"), (10, -5_000, "SHOP \(index)", "Food:Groceries"),
                (28, 300_000, "ACME PAYROLL", "Income:Salary"),
            ]
            if index == 0 { rows.append((20, -60_000, "AVIVA", "Insurance")) }
            if index == 12 { rows.append((20, -premium, "AVIVA", "Insurance")) }
            return rows
        }
        let household = HouseholdMonths(first: YearMonth(year: 2025, month: 1)!, months: months)
        let (spike, _) = try household.card("spendingSpike", 12)
        #expect((spike != nil) == fires)
        let analysis = try household.analysis(12)
        let categorySpikes = analysis.anomalies?.filter { $0.kind == "categorySpike" } ?? []
        #expect(categorySpikes.map(\.category) == (fires ? ["Insurance"] : []))
        #expect(analysis.recurring?.contains { $0.payee == "AVIVA" && $0.cadence == "yearly" } == !fires)
        if fires {
            #expect(spike?.detail == [InsightPoint(label: "Insurance", value: "25.81")])
            #expect(categorySpikes.first?.reason.contains("(4.2 standard deviations, last 12 months)") == true)
        }
    }

    /// Tax on account of 2,500.00 on 31 January and 31 July 2025 and 2,600.00 on 31 January 2026
    /// (within 2,500 × 0.8 to 2,500 × 1.2), beside a salary and a monthly shop at a new shop each
    /// month: in January 2026 the twice-yearly series expected the payment, so Tax spent nothing
    /// unforeseen and no category spikes (counted, 2,600.00 ÷ 31 = 83.87 a day against nothing in the
    /// 90 days before would). The shop's 50.00 ÷ 31 = 1.61 a day is under its 90 days' μ of 1.67.
    @Test func aTwiceYearlyTaxPaidAsUsualIsNotASpike() throws {
        let months: [[HouseholdMonths.Row]] = (0..<13).map { index in
            var rows: [HouseholdMonths.Row] = [
                (10, -5_000, "SHOP \(index)", "Food:Groceries"), (28, 300_000, "ACME PAYROLL", "Income:Salary"),
            ]
            if index == 0 || index == 6 { rows.append((31, -250_000, "HMRC", "Tax")) }
            if index == 12 { rows.append((31, -260_000, "HMRC", "Tax")) }
            return rows
        }
        let household = HouseholdMonths(first: YearMonth(year: 2025, month: 1)!, months: months)
        let (spike, reason) = try household.card("spendingSpike", 12)
        #expect(spike == nil)
        #expect(reason == nil)
        #expect(
            try household.analysis(12).recurring?.contains { $0.payee == "HMRC" && $0.cadence == "halfYearly" } == true)
    }
}
