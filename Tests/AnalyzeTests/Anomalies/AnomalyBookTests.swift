import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The yardsticks `AnomalyBook` gathers, on a two-account household.
@Suite("Anomaly yardsticks")
struct AnomalyBookTests {
    /// January to May 2026: the current account pays a 1,500.00 mortgage on the 1st and takes a
    /// 4,000.00 salary on the 28th; the card pays 3.50, 12.00, 25.00, 45.00, 8.00 and 60.00 on the
    /// 2nd, 5th, 8th, 11th, 20th and 25th. On 14 May the card pays 249.99 to a payee never seen, in
    /// a category with no history (nor its group).
    static func journal() -> Journal {
        var rows: [(CivilDate, String, Int64, String, String)] = []
        let card: [(Int, Int64, String)] = [
            (2, 350, "Food:Coffee"), (5, 1_200, "Food:Groceries"), (8, 2_500, "Food:Dining"),
            (11, 4_500, "Transport:Fuel"), (20, 800, "Food:Coffee"), (25, 6_000, "Food:Groceries"),
        ]
        for month in 1...5 {
            rows.append((CivilDate(year: 2026, month: month, day: 1)!, "current", -150_000, "NATIONWIDE", "Housing"))
            rows.append((CivilDate(year: 2026, month: month, day: 28)!, "current", 400_000, "ACME", "Income:Salary"))
            for (day, pence, category) in card {
                rows.append((CivilDate(year: 2026, month: month, day: day)!, "card", -pence, "SHOP \(day)", category))
            }
        }
        rows.append((CivilDate(year: 2026, month: 5, day: 14)!, "card", -24_999, "ELECTRO VILNIUS", "Electronics"))
        let transactions = rows.sorted { $0.0 < $1.0 }.enumerated().map { index, row in
            Transaction(
                id: TransactionID("t\(index)"), account: AccountID(row.1), date: row.0,
                amount: Money(minorUnits: row.2, currency: .gbp), payee: row.3, category: CategoryPath(row.4),
                source: SourceLocation(file: "inbox/x.csv", line: index + 1))
        }
        let accounts = [("current", AccountKind.checking), ("card", .creditCard)].map { id, kind in
            Account(
                id: AccountID(id), name: id, kind: kind, currency: .gbp,
                openingBalance: Money(minorUnits: 0, currency: .gbp),
                openingDate: CivilDate(year: 2026, month: 1, day: 1)!)
        }
        return Journal(stage: "ledger", baseCurrency: .gbp, accounts: accounts, transactions: transactions)
    }

    /// The new payee's yardstick is the card's own 28 earlier expenses (4 months × 6, and May's
    /// first 4), whose 95th percentile is 60.00 (the top 4 of 28 are 60.00): 249.99 ÷ 60.00 = 4.17,
    /// risk 1 − 2^(−3.17) = 0.89. Against all spending the five 1,500.00 mortgages would be the top
    /// of 33 amounts and set the bar at 1,500.00, far above 249.99.
    @Test func aNewPayeeIsMeasuredAgainstItsAccountNotAllSpending() throws {
        let analysis = try MonthAnalyzer(history: LedgerHistory(Self.journal())).analysis(
            for: YearMonth(year: 2026, month: 5)!)
        let anomalies = try #require(analysis.anomalies)
        let found = try #require(anomalies.first { $0.payee == "ELECTRO VILNIUS" })
        #expect(found.kind == "newPayeeLargeAmount")
        #expect(found.risk == 0.89)
        #expect(found.reason.hasSuffix("the 95th percentile £60.00 of this account's spending"), "\(found.reason)")
    }
}
