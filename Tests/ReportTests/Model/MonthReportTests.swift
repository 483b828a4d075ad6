import AnalysisFile
import Ledger
import Report
import Testing

@Suite struct MonthReportTests {
    @Test func worksOutChangesAgainstEarlierMonths() throws {
        let report = try TestFiles.report()
        #expect(report.month == YearMonth(year: 2026, month: 10))
        #expect(report.net == Money(minorUnits: 83_765, currency: .gbp))
        let previous = try #require(report.comparisons.first)
        #expect(previous.kind == .previousMonth)
        // 3450.00 - 3400.00; 50 / 3400 = 0.01470588..., kept to six decimals.
        #expect(previous.incomeChange.amount.minorUnits == 5_000)
        #expect(previous.incomeChange.ratio == 0.014706)
        // 2612.35 - 2401.95 = 210.40
        #expect(previous.expensesChange.amount.minorUnits == 21_040)
        // 837.65 - 998.05 = -160.40, relative to |998.05|: -0.16071339...
        #expect(previous.netChange.amount.minorUnits == -16_040)
        #expect(previous.netChange.ratio == -0.160713)
        // 837.65/3450 - 998.05/3400 = 0.242797 - 0.293544 = -0.050747
        #expect(previous.savingsRate == 0.293544)
        #expect(abs(previous.savingsRateChange! - -0.050747) < 1e-12)
        let yearAgo = try #require(report.comparisons.last)
        #expect(yearAgo.kind == .yearAgo)
        #expect(yearAgo.expensesChange.amount.minorUnits == -8_765)
    }

    @Test func worksOutBudgetsAndCategoryChanges() throws {
        let report = try TestFiles.report()
        let groceries = try #require(report.categories.first { $0.category == "Food:Groceries" })
        #expect(groceries.budgetRemaining?.minorUnits == -5_230)  // 400.00 - 452.30
        #expect(groceries.change?.amount.minorUnits == 5_420)  // 452.30 - 398.10
        let health = try #require(report.categories.first { $0.category == "Health" })
        #expect(health.change?.amount.minorUnits == 7_803)
        #expect(health.change?.ratio == nil)  // last month was zero
        let fuel = try #require(report.categories.first { $0.category == "Transport:Fuel" })
        #expect(fuel.change == nil)
        #expect(fuel.budget == nil)
    }

    @Test func turnsLargestExpensesIntoPositiveAmounts() throws {
        let report = try TestFiles.report()
        #expect(report.largestExpenses.first?.amount.minorUnits == 120_000)
    }

    @Test func keepsAccountsInTheirOwnCurrency() throws {
        let report = try TestFiles.report()
        let wallet = try #require(report.accounts.first { $0.id == "wallet" })
        #expect(wallet.currency.code == "EUR")
        #expect(wallet.outflow == Money(minorUnits: 4_500, currency: Currency(code: "EUR")!))
        #expect(wallet.closingBalance == nil)
    }

    @Test func endOfMonthIsTheLastSecondInUTC() throws {
        let report = try TestFiles.report()
        // 2026-10-31 is day 20757 since 1970-01-01: 20757 * 86400 + 86399.
        #expect(report.endOfMonthUnixTime == 1_793_491_199)
        #expect(report.endOfMonthTimestamp == "2026-10-31T23:59:59Z")
    }

    @Test func rejectsAnAmountThatIsNotExact() throws {
        var analysis = try TestFiles.analysis()
        analysis.summary.income = "12.345"
        #expect(
            throws: ReportError(
                .input, path: "a.json",
                message: "summary.income '12.345' is not an amount in GBP: amount has more than 2 decimal places")
        ) {
            try MonthReport(analysis: analysis, path: "a.json")
        }
    }

    @Test func rejectsAnotherSchemaVersion() throws {
        var analysis = try TestFiles.analysis()
        analysis.schemaVersion = MonthAnalysis.currentSchemaVersion + 1
        #expect(throws: ReportError.self) { try MonthReport(analysis: analysis, path: "a.json") }
    }

    @Test func rejectsABadMonth() throws {
        var analysis = try TestFiles.analysis()
        analysis.trend[3].month = "2026-13"
        #expect(throws: ReportError(.input, path: "a.json", message: "trend[3].month '2026-13' is not YYYY-MM")) {
            try MonthReport(analysis: analysis, path: "a.json")
        }
    }
}
