import AnalysisFile
import Ledger

@testable import Analyze

/// A small household ledger for the savings, health-score and recommendation tests: one GBP current
/// account, and for each month a list of (day, pence, payee, category) rows.
struct HouseholdMonths {
    typealias Row = (day: Int, pence: Int64, payee: String, category: String)

    var first: YearMonth
    var months: [[Row]]
    var opening: Int64 = 0
    var budgets: [String: Int64] = [:]
    var emergencyMonths = 6
    /// The budgets that are quarterly or yearly; the others are monthly.
    var budgetPeriods: [String: BudgetPeriod] = [:]

    var journal: Journal {
        var rows: [Transaction] = []
        for (offset, list) in months.enumerated() {
            let month = first.adding(months: offset)
            for row in list {
                rows.append(
                    Transaction(
                        id: TransactionID("t\(rows.count)"), account: "current",
                        date: CivilDate(year: month.year, month: month.month, day: row.day)!,
                        amount: Money(minorUnits: row.pence, currency: .gbp), payee: row.payee,
                        category: CategoryPath(row.category),
                        source: SourceLocation(file: "inbox/x.csv", line: rows.count + 1)))
            }
        }
        rows.sort { ($0.date, $0.id.rawValue) < ($1.date, $1.id.rawValue) }
        let account = Account(
            id: "current", name: "Current", kind: .checking, currency: .gbp,
            openingBalance: Money(minorUnits: opening, currency: .gbp), openingDate: first.firstDay)
        return Journal(stage: "ledger", baseCurrency: .gbp, accounts: [account], transactions: rows)
    }

    var settings: AnalysisSettings {
        var budgetMap: [CategoryPath: Money] = [:]
        for (name, pence) in budgets { budgetMap[CategoryPath(name)!] = Money(minorUnits: pence, currency: .gbp) }
        var settings = AnalysisSettings(budgets: budgetMap)
        for (name, period) in budgetPeriods { settings.budgetPeriods[CategoryPath(name)!] = period }
        settings.plan.emergencyMonths = emergencyMonths
        return settings
    }

    /// The analysis of the `offset`-th month (0 = `first`).
    func analysis(_ offset: Int) throws -> MonthAnalysis {
        try MonthAnalyzer(history: LedgerHistory(journal), settings: settings).analysis(
            for: first.adding(months: offset))
    }

    /// The outcome of the card `type` in the `offset`-th month: its entry, or the omission's reason.
    func card(_ type: String, _ offset: Int) throws -> (InsightEntry?, String?) {
        CardFacts.card(
            type, CardFacts.facts(LedgerHistory(journal), first.adding(months: offset), settings: settings))
    }

    /// The card `type`'s own reading in the `offset`-th month (`CardFacts.ownCard`).
    func ownCard(_ type: String, _ offset: Int) throws -> (InsightEntry?, String?) {
        CardFacts.ownCard(
            type, CardFacts.facts(LedgerHistory(journal), first.adding(months: offset), settings: settings))
    }

    /// A month of salary `income` on the 28th and spending `expenses` split between rent on the
    /// 1st (two thirds) and a grocery shop on the 10th at a different shop each month, so that
    /// only the rent and the salary recur.
    static func plainMonth(_ index: Int, income: Int64, expenses: Int64) -> [Row] {
        let rent = expenses * 2 / 3
        var rows: [Row] = [
            (1, -rent, "HOMELY LETTINGS", "Housing:Rent"), (10, -(expenses - rent), "SHOP \(index)", "Food:Groceries"),
        ]
        if income > 0 { rows.append((28, income, "ACME PAYROLL", "Income:Salary")) }
        return rows
    }
}
