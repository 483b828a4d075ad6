import AnalysisFile
import Ledger
import Testing

@testable import Analyze

@Suite("Monthly figures")
struct MonthAnalyzerTests {
    /// A two-account ledger over September and October 2026, small enough to work out by hand.
    static func ledger() throws -> Journal {
        var rows: [Transaction] = []
        func add(
            _ account: AccountID, _ date: String, _ pence: Int64, _ payee: String, _ category: String?,
            transfer: Bool = false, ignored: Bool = false, pending: Bool = false
        ) throws {
            var t = Transaction(
                id: TransactionID("\(account)/\(rows.count)"), account: account,
                date: try #require(CivilDate(iso: date)), amount: Money(minorUnits: pence, currency: .gbp),
                payee: payee, category: category.flatMap(CategoryPath.init), isTransfer: transfer, isIgnored: ignored,
                source: SourceLocation(file: "inbox/x", line: rows.count + 1))
            if pending { t.status = .pending }
            rows.append(t)
        }
        try add("current", "2026-09-25", 250_000, "ACME SALARY", "Income:Salary")
        try add("current", "2026-09-28", -80_000, "RENT", "Housing:Rent")
        try add("current", "2026-10-01", -80_000, "RENT", "Housing:Rent")
        try add("current", "2026-10-03", -4_550, "TESCO", "Food:Groceries")
        try add("current", "2026-10-09", -2_000, "LIDL", "Food:Groceries")
        try add("current", "2026-10-10", 1_500, "TESCO REFUND", "Food:Groceries")
        try add("current", "2026-10-12", -3_000, "PIZZA", "Food:Dining")
        try add("current", "2026-10-15", -50_000, "TO SAVINGS", nil, transfer: true)
        try add("savings", "2026-10-16", 50_000, "FROM CURRENT", nil, transfer: true)
        try add("current", "2026-10-20", -999, "MYSTERY SHOP", nil)
        try add("current", "2026-10-21", 700, "UNKNOWN CREDIT", nil)
        try add("current", "2026-10-22", -12_345, "REIMBURSED", "Work", ignored: true)
        try add("current", "2026-10-25", 255_000, "ACME SALARY", "Income:Salary")
        try add("current", "2026-10-30", -1_000, "PENDING COFFEE", "Food:Dining", pending: true)
        try add("current", "2026-11-02", -4_000, "TESCO", "Food:Groceries")
        let current = Account(
            id: "current", name: "Current", kind: .checking, currency: .gbp, number: "12345678",
            openingBalance: Money(minorUnits: 100_000, currency: .gbp), openingDate: CivilDate(iso: "2026-09-01"))
        let savings = Account(id: "savings", name: "Saver", kind: .savings, currency: .gbp)
        return Journal(stage: "ledger", baseCurrency: .gbp, accounts: [savings, current], transactions: rows)
    }

    @Test func latestCompleteMonth() throws {
        #expect(
            ReportMonth.latestComplete(lastDate: try #require(CivilDate(iso: "2026-11-02"))).description == "2026-10")
        #expect(
            ReportMonth.latestComplete(lastDate: try #require(CivilDate(iso: "2026-10-31"))).description == "2026-10")
        #expect(
            ReportMonth.latestComplete(lastDate: try #require(CivilDate(iso: "2026-01-15"))).description == "2025-12")
        let history = LedgerHistory(try Self.ledger())
        #expect(
            try MonthSelection.choose(.latestComplete, history: history, facts: nil).selected.description == "2026-10")
    }

    @Test func octoberFiguresWorkedOutByHand() throws {
        let budget = try #require(CategoryPath("Food:Groceries"))
        let settings = AnalysisSettings(budgets: [budget: Money(minorUnits: 10_000, currency: .gbp)])
        let analyzer = MonthAnalyzer(history: LedgerHistory(try Self.ledger()), settings: settings)
        let a = try analyzer.analysis(for: try #require(YearMonth("2026-10")))
        // Income: salary 2550.00 + uncategorised credit 7.00 = 2557.00.
        // Expenses: rent 800 + groceries (45.50 + 20.00 - 15.00 = 50.50) + dining 30.00 + mystery 9.99 = 890.49.
        // Transfers, the ignored 123.45, the pending 10.00 and November are left out.
        #expect(a.summary.income == "2557.00")
        #expect(a.summary.expenses == "890.49")
        #expect(a.summary.net == "1666.51")
        // 1666.51 / 2557.00 = 0.65174... -> 0.6517
        #expect(a.summary.savingsRate == 0.6517)
        // Posted in October: 11 rows (the pending one and November excluded).
        #expect(a.summary.transactionCount == 11)
        #expect(a.summary.transferCount == 2)
        #expect(a.summary.ignoredCount == 1)
        #expect(a.summary.pendingCount == 1)
        #expect(a.summary.uncategorizedCount == 2)
        #expect(a.summary.uncategorizedAmount == "16.99")
        #expect(
            a.summary.previous == PeriodFigures(month: "2026-09", income: "2500.00", expenses: "800.00", net: "1700.00")
        )
        #expect(a.summary.yearAgo == nil)

        #expect(a.categories.map(\.category) == ["Housing:Rent", "Food:Groceries", "Food:Dining", "Uncategorized"])
        #expect(a.categories.map(\.amount) == ["800.00", "50.50", "30.00", "9.99"])
        let groceries = a.categories[1]
        #expect(groceries.transactionCount == 3)
        #expect(groceries.budget == "100.00")
        #expect(groceries.budgetUsed == 0.505)
        #expect(groceries.previousAmount == "0.00")
        // 50.50 / 890.49 = 0.056710... -> 0.0567
        #expect(groceries.share == 0.0567)
        #expect(a.topCategories.map(\.category) == ["Housing", "Food", "Uncategorized"])
        #expect(a.topCategories.map(\.amount) == ["800.00", "80.50", "9.99"])
        #expect(a.incomeCategories.map(\.category) == ["Income:Salary", "Uncategorized"])
        #expect(a.incomeCategories.map(\.amount) == ["2550.00", "7.00"])

        #expect(a.largestExpenses.map(\.payee) == ["RENT", "TESCO", "PIZZA", "LIDL", "MYSTERY SHOP"])
        #expect(a.trend.map(\.month) == ["2026-09", "2026-10"])
        #expect(a.trend[1] == MonthPoint(month: "2026-10", income: "2557.00", expenses: "890.49", net: "1666.51"))
    }

    @Test func accountBalances() throws {
        let analyzer = MonthAnalyzer(history: LedgerHistory(try Self.ledger()))
        let a = try analyzer.analysis(for: try #require(YearMonth("2026-10")))
        #expect(a.accounts.map(\.id) == ["current", "savings"])
        let current = a.accounts[0]
        // Opening 1000.00 + September (2500.00 - 800.00) = 2700.00 at 1 October.
        #expect(current.openingBalance == "2700.00")
        // October posted on current: in 15.00 + 7.00 + 2550.00 = 2572.00;
        // out 800.00 + 45.50 + 20.00 + 30.00 + 500.00 + 9.99 + 123.45 = 1528.94.
        #expect(current.inflow == "2572.00")
        #expect(current.outflow == "1528.94")
        #expect(current.closingBalance == "3743.06")
        #expect(current.maskedNumber == "••••5678")
        #expect(a.accounts[1].openingBalance == nil)
        #expect(a.accounts[1].inflow == "500.00")
    }

    @Test func emptyLedgerHasNoLatestMonth() {
        let empty = Journal(stage: "ledger", baseCurrency: .gbp, accounts: [], transactions: [])
        #expect(throws: AnalyzeError("the ledger has no transactions, so there is no month to report on")) {
            try MonthSelection.choose(.latestComplete, history: LedgerHistory(empty), facts: nil)
        }
    }
}
