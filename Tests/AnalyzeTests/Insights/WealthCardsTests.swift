import Ledger
import Testing

@testable import Analyze

/// A ledger of several GBP accounts for the wealth and cash-flow tests: each account with its kind
/// and opening balance (nil = unknown), and rows dated by day.
struct MultiAccountLedger {
    typealias Holding = (id: String, kind: AccountKind, opening: Int64?)
    typealias Row = (account: String, date: String, pence: Int64, payee: String, category: String)

    var first: YearMonth
    var holdings: [Holding]
    var rows: [Row]

    var journal: Journal {
        var transactions = rows.enumerated().map { index, row in
            Transaction(
                id: TransactionID("t\(index)"), account: AccountID(row.account), date: CivilDate(iso: row.date)!,
                amount: Money(minorUnits: row.pence, currency: .gbp), payee: row.payee,
                category: CategoryPath(row.category), source: SourceLocation(file: "inbox/x.csv", line: index + 1))
        }
        transactions.sort { ($0.date, $0.id.rawValue) < ($1.date, $1.id.rawValue) }
        let accounts = holdings.map { holding in
            Account(
                id: AccountID(holding.id), name: holding.id.capitalized, kind: holding.kind, currency: .gbp,
                openingBalance: holding.opening.map { Money(minorUnits: $0, currency: .gbp) },
                openingDate: holding.opening == nil ? nil : first.firstDay)
        }
        return Journal(stage: "ledger", baseCurrency: .gbp, accounts: accounts, transactions: transactions)
    }

    /// The outcome of the card `type` in `month` (`2026-03`): its entry, or the omission's reason.
    func card(_ type: String, _ month: String) throws -> (InsightEntry?, String?) {
        let analysis = try MonthAnalyzer(history: LedgerHistory(journal)).analysis(for: YearMonth(month)!)
        return (
            analysis.insights?.first { $0.type == type },
            analysis.insightsOmitted?.first { $0.type == type }?.reason
        )
    }
}
