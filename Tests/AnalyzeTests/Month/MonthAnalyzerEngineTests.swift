import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The analysis engine over a hand-built ledger of 15 months (January 2025 to March 2026): the
/// recurring series, anomalies and forecast as each month's file carries them.
@Suite("The analysis engine, month by month")
struct MonthAnalyzerEngineTests {
    static func day(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

    /// One GBP current account:
    /// - salary of 2,500.00 on the last working day of each month; rent of 950.00 on the 1st;
    /// - Netflix 10.99 on the 15th, 12.99 from July 2025; a magazine of 4.50 on the 9th whose last
    ///   charge is on 2025-12-09;
    /// - a corner shop visited for a weekly shop on Saturdays (60-90) and for top-ups on Wednesdays
    ///   (10-20): a payee with two usual sizes;
    /// - three shopping purchases a month of 20-120 (Shopping:General, Shopping:Clothes);
    /// - a coffee of 2.80-3.60 on working days;
    /// - on 2026-03-14, a 2,400.00 sofa at a shop never seen before, in a category never used before.
    static func ledger() -> Journal {
        var state: UInt64 = 42
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(UInt64(1) << 53)
        }
        var rows: [Transaction] = []
        func add(_ date: CivilDate, _ pence: Int64, _ payee: String, _ category: String) {
            rows.append(
                Transaction(
                    id: TransactionID("t\(rows.count)"), account: "current", date: date,
                    amount: Money(minorUnits: pence, currency: .gbp), payee: payee, category: CategoryPath(category),
                    source: SourceLocation(file: "inbox/x.csv", line: rows.count + 1)))
        }
        var month = YearMonth(year: 2025, month: 1)!
        while month <= YearMonth(year: 2026, month: 3)! {
            var payday = month.lastDay
            while payday.weekday > 5 { payday = payday.adding(days: -1)! }
            add(payday, 250_000, "ACME PAYROLL", "Income:Salary")
            add(month.firstDay, -95_000, "HOMELY LETTINGS", "Housing:Rent")
            let netflix: Int64 = month < YearMonth(year: 2025, month: 7)! ? -1_099 : -1_299
            add(month.firstDay.adding(days: 14)!, netflix, "NETFLIX", "Entertainment:Streaming")
            if month <= YearMonth(year: 2025, month: 12)! {
                add(month.firstDay.adding(days: 8)!, -450, "WEEKLY MAGAZINE", "Entertainment:Reading")
            }
            for d in 1...month.dayCount {
                let date = CivilDate(year: month.year, month: month.month, day: d)!
                if date.weekday == 6 { add(date, -Int64(6_000 + unit() * 3_000), "CORNER SHOP", "Food:Groceries") }
                if date.weekday == 3 { add(date, -Int64(1_000 + unit() * 1_000), "CORNER SHOP", "Food:Groceries") }
                if date.weekday <= 5 { add(date, -Int64(280 + unit() * 80), "BEAN CAFE", "Food:Coffee") }
            }
            for (d, shop, category) in [
                (5, "ARGOS", "Shopping:General"), (12, "ZARA", "Shopping:Clothes"),
                (20, "AMAZON", "Shopping:General"),
            ] {
                add(
                    CivilDate(year: month.year, month: month.month, day: d)!, -Int64(2_000 + unit() * 10_000), shop,
                    category)
            }
            month = month.adding(months: 1)
        }
        add(day("2026-03-14"), -240_000, "SOFA WORLD", "Home:Furniture")
        rows.sort { ($0.date, $0.id) < ($1.date, $1.id) }
        let account = Account(
            id: "current", name: "Current", kind: .checking, currency: .gbp,
            openingBalance: Money(minorUnits: 500_000, currency: .gbp), openingDate: day("2025-01-01"))
        return Journal(stage: "ledger", baseCurrency: .gbp, accounts: [account], transactions: rows)
    }

    static let analyzer = MonthAnalyzer(history: LedgerHistory(ledger()))

    static func analysis(_ month: String) throws -> MonthAnalysis {
        try analyzer.analysis(for: YearMonth(month)!)
    }

    @Test func theSofaIsMarch2026sTopAnomaly() throws {
        let anomalies = try #require(try Self.analysis("2026-03").anomalies)
        let top = try #require(anomalies.first)
        #expect(top.payee == "SOFA WORLD")
        #expect(top.kind == "newPayeeLargeAmount")
        #expect(top.risk >= 0.7)
        #expect(top.amount == "-2400.00")
        #expect(top.severity == (top.risk >= 0.8 ? "critical" : "warning"))
        // Home:Furniture and Home have no history, so the yardstick is the account's own spending.
        #expect(top.reason.hasSuffix("of this account's spending"), "\(top.reason)")
    }

    @Test func salaryRentAndTheBigWeeklyShopAreNeverAnomalies() throws {
        var month = YearMonth(year: 2025, month: 1)!
        while month <= YearMonth(year: 2026, month: 3)! {
            let anomalies = try #require(try Self.analyzer.analysis(for: month).anomalies)
            for anomaly in anomalies {
                #expect(!["ACME PAYROLL", "HOMELY LETTINGS", "CORNER SHOP"].contains(anomaly.payee), "\(anomaly)")
                #expect(
                    anomaly.risk < 0.5 || anomaly.payee == "SOFA WORLD", "\(month): \(anomaly.reason) \(anomaly.risk)")
            }
            month = month.adding(months: 1)
        }
    }

    @Test func netflixsPriceRiseIsOneSeriesAndNewsInItsMonth() throws {
        let recurring = try #require(try Self.analysis("2026-03").recurring)
        let netflix = try #require(recurring.first { $0.payee == "NETFLIX" })
        #expect(netflix.cadence == "monthly")
        #expect(netflix.amount == "-12.99")
        #expect(netflix.priceChanges == [PriceChangeEntry(date: "2025-07-15", from: "-10.99", to: "-12.99")])
        #expect(netflix.status == "active")
        #expect(netflix.nextDate == "2026-04-15")
        let july = try #require(try Self.analysis("2025-07").anomalies)
        let rise = try #require(july.first { $0.kind == "priceChange" })
        #expect(rise.reason == "NETFLIX now takes £12.99 instead of £10.99 (+18%) since 2025-07-15")
    }

    @Test func aStoppedSubscriptionIsMissedThenEnded() throws {
        func magazine(_ month: String) throws -> RecurringEntry? {
            try #require(try Self.analysis(month).recurring).first { $0.payee == "WEEKLY MAGAZINE" }
        }
        #expect(try magazine("2025-12")?.status == "active")
        let january = try #require(try magazine("2026-01"))
        #expect(january.status == "missed")
        #expect(january.expectedDate == "2026-01-09")
        #expect(january.lastDate == "2025-12-09")
        #expect(try magazine("2026-02")?.status == "ended")
    }

    @Test func salaryOnTheLastWorkingDayIsMonthlyIncome() throws {
        let recurring = try #require(try Self.analysis("2026-03").recurring)
        let salary = try #require(recurring.first { $0.payee == "ACME PAYROLL" })
        #expect(salary.cadence == "monthly")
        #expect(salary.monthlyAmount == "2500.00")
        #expect(salary.status == "active")
        // The largest monthly amount comes first.
        #expect(recurring.first?.payee == "ACME PAYROLL")
        #expect(!recurring.contains { $0.payee == "CORNER SHOP" || $0.payee == "ARGOS" })
    }

    @Test func theRecurringTotalsSumTheActiveSeries() throws {
        // March 2026: the salary's 2,500.00 in; rent 950.00 and Netflix 12.99 out; the magazine ended.
        #expect(
            try Self.analysis("2026-03").recurringTotals
                == RecurringTotalsSection(activeCount: 3, monthlyOut: "962.99", monthlyIn: "2500.00", unconverted: nil))
    }

    @Test func aForecastNeedsThreeMonthsAndSaysSo() throws {
        let february = try #require(try Self.analysis("2025-02").forecast)
        #expect(february.months.isEmpty)
        #expect(february.note == "needs 3 months of history")
        let march2026 = try #require(try Self.analysis("2026-03").forecast)
        #expect(march2026.months.count == 12)
        #expect(march2026.months.first?.month == "2026-04")
        let backtest = try #require(march2026.backtest)
        #expect(backtest.months == 12)
    }

    @Test func cashFlowProjectsTheNextMonthEnd() throws {
        let analysis = try Self.analysis("2026-03")
        let cash = try #require(analysis.cashFlow)
        let forecast = try #require(analysis.forecast?.months.first)
        #expect(cash.liquidBalance == analysis.netWorth?.liquid)
        let liquid = try Money.parse(cash.liquidBalance, currency: .gbp).minorUnits
        let net = try Money.parse(forecast.net, currency: .gbp).minorUnits
        #expect(cash.projectedBalance == Money(minorUnits: liquid + net, currency: .gbp).decimalString)
        #expect(cash.projectedMonth == "2026-04")
    }
}

@Suite("Detector readings for a month-end report")
struct DetectorReadingTests {
    static let money = MoneyPhrase(currency: .gbp)

    static func series(from: Int64, to: Int64, on date: String) -> RecurringSeries {
        let changed = CivilDate(iso: date)!
        return RecurringSeries(
            cadence: .monthly, amount: to, monthlyAmount: to, firstDate: CivilDate(iso: "2025-01-01")!,
            lastDate: changed, nextDate: changed.adding(months: 1)!, status: .active, expectedDate: nil,
            priceChanges: [PriceChange(date: changed, from: from, to: to)], occurrences: [8], count: 8)
    }

    @Test func onlyRisesOfFivePercentOrMoreAreNews() {
        let month = YearMonth(year: 2025, month: 9)!
        let detector = PriceChangeDetector()
        // Rent 1,050.00 -> 1,095.00 is +4.3%: indexation, not news.
        #expect(
            detector.evaluate(
                Self.series(from: -105_000, to: -109_500, on: "2025-09-29"), payee: "Rent", category: "Housing",
                latestID: "x",
                month: month, money: Self.money) == nil)
        // A salary rise is good news.
        #expect(
            detector.evaluate(
                Self.series(from: 285_000, to: 293_550, on: "2025-09-25"), payee: "Acme", category: "Income:Salary",
                latestID: "x",
                month: month, money: Self.money) == nil)
        // 10.00 -> 10.50 is exactly +5%.
        #expect(
            detector.evaluate(
                Self.series(from: -1_000, to: -1_050, on: "2025-09-15"), payee: "Box", category: "Subscriptions",
                latestID: "x",
                month: month, money: Self.money) != nil)
    }

    @Test func aCategoryWithoutRegularSpendingHasNoSpike() {
        let detector = CategorySpikeDetector()
        let month = YearMonth(year: 2026, month: 3)!
        // Spending in only 2 of the 8 months before: no usual level.
        let rare = CategoryMonth(
            category: "Home:Furniture", total: 240_000, previousTotals: [0, 0, 0, 5_000, 0, 0, 7_000, 0])
        #expect(detector.evaluate(rare, month: month, money: Self.money) == nil)
        // Spending in 3 of them is enough.
        let regular = CategoryMonth(
            category: "Home:Furniture", total: 240_000, previousTotals: [0, 0, 0, 5_000, 0, 6_000, 7_000, 0])
        #expect(detector.evaluate(regular, month: month, money: Self.money) != nil)
    }

    @Test func aPayeesBiggestUsualAmountIsNotUnusual() {
        let detector = StatisticalDetector()
        // Top-ups of 10-20 and weekly shops of 60-90: median 15, but 88.00 has been paid before.
        let history: [Int64] = [-1_500, -1_200, -8_500, -1_800, -1_100, -1_400, -9_000, -1_600, -1_300]
        let candidate = AnomalyCandidate(
            id: "c", date: CivilDate(iso: "2026-03-07")!, account: "a", payee: "SHOP", category: "Food",
            amount: -8_800, currency: "GBP")
        #expect(detector.evaluate(candidate, payeeHistory: history, categoryHistory: [], money: Self.money) == nil)
        // 1.25 × 90.00 = 112.50: 113.00 is beyond it, and far above the median.
        var big = candidate
        big.amount = -11_300
        #expect(detector.evaluate(big, payeeHistory: history, categoryHistory: [], money: Self.money) != nil)
    }

    @Test func shortCadencesNeedFourOccurrences() {
        let detector = RecurringDetector()
        func occurrences(_ dates: [String]) -> [Occurrence] {
            dates.enumerated().map { Occurrence(index: $0.offset, date: CivilDate(iso: $0.element)!, amount: -395) }
        }
        let three = occurrences(["2026-01-05", "2026-01-19", "2026-02-02"])
        #expect(detector.detect(three[...], asOf: CivilDate(iso: "2026-02-05")!) == nil)
        let four = occurrences(["2026-01-05", "2026-01-19", "2026-02-02", "2026-02-16"])
        #expect(detector.detect(four[...], asOf: CivilDate(iso: "2026-02-18")!)?.cadence == .fortnightly)
    }

    @Test func aCafesRandomVisitsAreNotAFortnightlySeries() {
        // Visits every 3-4 days: some visit always falls near each fortnightly slot, but most visits
        // are between the slots.
        var dates: [CivilDate] = []
        var date = CivilDate(iso: "2026-01-02")!
        for step in [3, 4, 3, 4, 4, 3, 3, 4, 4, 3, 4, 3, 3, 4, 4, 3] {
            dates.append(date)
            date = date.adding(days: step)!
        }
        let visits = dates.enumerated().map { Occurrence(index: $0.offset, date: $0.element, amount: -420) }
        #expect(RecurringDetector().detect(visits[...], asOf: dates.last!)?.cadence != .fortnightly)
    }
}
