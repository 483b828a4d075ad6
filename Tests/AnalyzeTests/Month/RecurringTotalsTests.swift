import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The recurring totals the analysis file carries for the report: the active series' monthly
/// amounts in base, money out and in apart.
@Suite("Recurring totals in the analysis file")
struct RecurringTotalsTests {
    static func day(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

    /// A GBP current account and a EUR account, January to June 2026: salary 2,000.00 in on the
    /// 25th, rent 800.00 out on the 1st, a streaming service 9.99 out on the 10th, and from the EUR
    /// account a gym of 30.00 EUR on the 3rd, at 0.85 GBP a euro from 2026-01-01.
    static func ledger() -> Journal {
        var rows: [Transaction] = []
        func add(_ account: AccountID, _ date: CivilDate, _ minorUnits: Int64, _ currency: Currency, _ payee: String) {
            rows.append(
                Transaction(
                    id: TransactionID("t\(rows.count)"), account: account, date: date,
                    amount: Money(minorUnits: minorUnits, currency: currency), payee: payee,
                    category: CategoryPath(payee == "SALARY" ? "Income:Salary" : "Bills:\(payee)"),
                    source: SourceLocation(file: "inbox/x.csv", line: rows.count + 1)))
        }
        for month in 1...6 {
            add("current", CivilDate(year: 2026, month: month, day: 1)!, -80_000, .gbp, "RENT")
            add("current", CivilDate(year: 2026, month: month, day: 10)!, -999, .gbp, "STREAMING")
            add("current", CivilDate(year: 2026, month: month, day: 25)!, 200_000, .gbp, "SALARY")
            add("euro", CivilDate(year: 2026, month: month, day: 3)!, -3_000, Currency(code: "EUR")!, "GYM")
        }
        rows.sort { ($0.date, $0.id) < ($1.date, $1.id) }
        let accounts = [
            Account(
                id: "current", name: "Current", kind: .checking, currency: .gbp,
                openingBalance: Money(minorUnits: 100_000, currency: .gbp), openingDate: day("2026-01-01")),
            Account(
                id: "euro", name: "Euro", kind: .checking, currency: Currency(code: "EUR")!,
                openingBalance: Money(minorUnits: 50_000, currency: Currency(code: "EUR")!),
                openingDate: day("2026-01-01")),
        ]
        return Journal(stage: "ledger", baseCurrency: .gbp, accounts: accounts, transactions: rows)
    }

    static func analyzer() throws -> MonthAnalyzer {
        let rates = try RateTable.parse("date,currency,rate\n2026-01-01,EUR,0.85\n", path: "rates.csv", base: .gbp)
        return MonthAnalyzer(history: LedgerHistory(ledger(), rates: rates))
    }

    @Test func sumsTheActiveSeriesInBaseOutAndInApart() throws {
        let june = try Self.analyzer().analysis(for: YearMonth(year: 2026, month: 6)!)
        // Out: 800.00 + 9.99 + the gym's 30.00 EUR × 0.85 = 25.50; in: 2,000.00.
        #expect(
            june.recurringTotals
                == RecurringTotalsSection(activeCount: 4, monthlyOut: "835.49", monthlyIn: "2000.00", unconverted: nil))
    }

    @Test func isLeftOutWhenNoSeriesIsActive() throws {
        // One payment of each is not yet a series.
        let january = try Self.analyzer().analysis(for: YearMonth(year: 2026, month: 1)!)
        #expect(january.recurringTotals == nil)
    }
}
