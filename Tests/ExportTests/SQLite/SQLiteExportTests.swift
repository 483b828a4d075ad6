import AnalysisFile
import Foundation
import Ledger
import TestSupport
import Testing

@testable import Export

/// `closebook.sqlite`, queried with the `sqlite3` command-line tool.
@Suite("SQLite")
struct SQLiteExportTests {
    static func export(_ journal: Journal = HandBuiltLedger.journal) throws -> String {
        let folder = try TemporaryFolder.make("export")
        let path = folder.appendingPathComponent("closebook.sqlite").path
        try ExportRun.write(ExportBook(journal: journal, prices: HandBuiltLedger.prices), as: .sqlite, to: path)
        return path
    }

    /// `sqlite3`'s answer, one line per row, cells separated by `|`.
    static func query(_ path: String, _ sql: String) throws -> [String]? {
        guard let output = try PeerTool.run("sqlite3", [path, sql]) else { return nil }
        #expect(output.status == 0, "\(output.standardError)")
        return output.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test func theSchemaFileIsTheOneTheExportUses() throws {
        let file = try String(
            contentsOf: SamplesWorkspace.root.appendingPathComponent("Schemas/closebook.sqlite.sql"), encoding: .utf8)
        #expect(file == SQLiteSchema.text + "\n")
    }

    @Test func theDatabaseIsWholeAndItsKeysHold() throws {
        let path = try Self.export()
        #expect(try Self.query(path, "PRAGMA integrity_check") == ["ok"])
        #expect(try Self.query(path, "PRAGMA foreign_key_check") == [])
        #expect(try Self.query(path, "SELECT count(*) FROM transactions") == ["13"])
        #expect(try Self.query(path, "SELECT count(*) FROM splits") == ["2"])
    }

    /// SQLite's largest page, 64 KB (the default is 4 KB): a million rows fill sixteen times fewer
    /// pages. An uncategorised row after a categorised one still has no category, though the rows'
    /// statement is not cleared between rows (current/8, ignored, follows current/7, coffee).
    @Test func theFileHasLargePagesAndEachRowItsOwnCategory() throws {
        let path = try Self.export()
        #expect(try Self.query(path, "PRAGMA page_size") == ["65536"])
        #expect(
            try Self.query(
                path,
                "SELECT id, category_id IS NULL FROM transactions WHERE id IN ('current/7', 'current/8') "
                    + "ORDER BY id") == ["current/7|0", "current/8|1"])
    }

    /// The index by category holds the categorised rows alone (current/1, current/2, euro/1 and
    /// current/7 of the hand-built ledger; not the split, the transfers or the uncategorised rows),
    /// and a query naming a category, or joining categories to rows, still reads through it.
    @Test func theCategoryIndexHoldsTheCategorisedRowsAndServesCategoryQueries() throws {
        let path = try Self.export()
        #expect(
            try Self.query(
                path, "SELECT partial FROM pragma_index_list('transactions') WHERE name = 'transactions_by_category'")
                == ["1"])
        #expect(
            try Self.query(
                path,
                "SELECT id FROM transactions INDEXED BY transactions_by_category WHERE category_id IS NOT NULL "
                    + "ORDER BY id") == ["current/1", "current/2", "current/7", "euro/1"])
        #expect(
            try Self.query(
                path,
                "SELECT id FROM transactions INDEXED BY transactions_by_category WHERE category_id = "
                    + "(SELECT id FROM categories WHERE path = 'Food:Groceries') ORDER BY id") == [
                    "current/1", "euro/1",
                ])
        let plan = try Self.query(
            path,
            "EXPLAIN QUERY PLAN SELECT c.path, count(*) FROM categories c JOIN transactions t ON t.category_id = c.id "
                + "WHERE c.path = 'Food:Coffee'")
        #expect(plan?.contains { $0.contains("INDEX transactions_by_category") } == true, "\(plan ?? [])")
    }

    /// An analysis older than the ledger may name a transaction or an account the ledger no longer
    /// has: the link and the account are left out, so the foreign keys hold.
    @Test func analysisLinksToRowsTheLedgerDoesNotHaveAreLeftOut() throws {
        let folder = try TemporaryFolder.make("export")
        let path = folder.appendingPathComponent("closebook.sqlite").path
        let json = """
            {"schemaVersion": 1, "month": "2026-01", "monthName": "January 2026", "currency": "GBP",
             "periodStart": "2026-01-01", "periodEnd": "2026-01-31",
             "summary": {"income": "0.00", "expenses": "0.00", "net": "0.00", "transactionCount": 0,
                         "transferCount": 0, "ignoredCount": 0, "pendingCount": 0, "uncategorizedCount": 0,
                         "uncategorizedAmount": "0.00"},
             "categories": [], "topCategories": [], "incomeCategories": [], "accounts": [],
             "largestExpenses": [], "trend": [], "notices": [],
             "recurring": [{"payee": "Gone Gym", "category": "Health:Gym", "account": "closed-account",
                            "cadence": "monthly", "amount": "-29.99", "currency": "GBP", "monthlyAmount": "-29.99",
                            "firstDate": "2025-01-02", "lastDate": "2026-01-02", "nextDate": "2026-02-02",
                            "status": "active", "occurrences": 13, "priceChanges": [],
                            "transactionIds": ["current/1", "current/gone"]}],
             "anomalies": [{"kind": "unusualAmount", "date": "2026-01-02", "payee": "Tesco", "category":
                            "Food:Groceries", "amount": "-54.20", "risk": 0.75, "reason": "Larger than usual.",
                            "transactionIds": ["current/1"], "severity": "warning"}]}
            """
        let analysis = try JSONDecoder().decode(MonthAnalysis.self, from: Data(json.utf8))
        let book = ExportBook(journal: HandBuiltLedger.journal, prices: HandBuiltLedger.prices)
        try ExportRun.write(book, as: .sqlite, to: path, analyses: [analysis])
        #expect(try Self.query(path, "PRAGMA foreign_key_check") == [])
        #expect(
            try Self.query(path, "SELECT payee, account_id IS NULL, amount_minor FROM recurring_series")
                == ["Gone Gym|1|-2999"])
        #expect(try Self.query(path, "SELECT transaction_id FROM recurring_transactions") == ["current/1"])
        #expect(
            try Self.query(path, "SELECT kind, amount_minor, currency, risk, severity FROM anomalies")
                == ["unusualAmount|-5420|GBP|0.75|warning"])
        #expect(try Self.query(path, "SELECT * FROM anomaly_transactions") == ["2026-01|1|current/1"])
    }

    /// The schema's `CHECK (... IN (...))` on a card's severity and a series' status hold for the
    /// analyses' rows, with SQLite's own message, though the export checks them itself; the values
    /// they allow go in.
    @Test func analysisValuesOutsideTheSchemasChecksAreRefused() throws {
        let book = ExportBook(journal: HandBuiltLedger.journal, prices: HandBuiltLedger.prices)
        func analysis(severity: String, status: String) throws -> MonthAnalysis {
            let json = """
                {"schemaVersion": 1, "month": "2026-01", "monthName": "January 2026", "currency": "GBP",
                 "periodStart": "2026-01-01", "periodEnd": "2026-01-31",
                 "summary": {"income": "0.00", "expenses": "0.00", "net": "0.00", "transactionCount": 0,
                             "transferCount": 0, "ignoredCount": 0, "pendingCount": 0, "uncategorizedCount": 0,
                             "uncategorizedAmount": "0.00"},
                 "categories": [], "topCategories": [], "incomeCategories": [], "accounts": [],
                 "largestExpenses": [], "trend": [], "notices": [],
                 "insights": [{"type": "savingsRate", "category": "savings", "title": "Savings rate",
                               "message": "You saved 12.5% of your income.", "metric": {"value": "12.5",
                               "unit": "percent"}, "severity": "\(severity)", "transactionIds": ["current/2"]}],
                 "recurring": [{"payee": "Gym", "category": "Health:Gym", "account": "current",
                                "cadence": "monthly", "amount": "-29.99", "currency": "GBP", "monthlyAmount": "-29.99",
                                "firstDate": "2025-01-02", "lastDate": "2026-01-02", "nextDate": "2026-02-02",
                                "status": "\(status)", "occurrences": 13, "priceChanges": [],
                                "transactionIds": ["current/1"]}]}
                """
            return try JSONDecoder().decode(MonthAnalysis.self, from: Data(json.utf8))
        }
        func written(_ analysis: MonthAnalysis) throws -> (path: String, failure: String) {
            let folder = try TemporaryFolder.make("export")
            let path = folder.appendingPathComponent("closebook.sqlite").path
            do {
                try ExportRun.write(book, as: .sqlite, to: path, analyses: [analysis])
                return (path, "")
            } catch {
                return (path, error.message)
            }
        }
        let (path, none) = try written(try analysis(severity: "warning", status: "missed"))
        #expect(none == "")
        #expect(try Self.query(path, "SELECT type, severity FROM insights") == ["savingsRate|warning"])
        #expect(try Self.query(path, "SELECT payee, status FROM recurring_series") == ["Gym|missed"])
        #expect(try Self.query(path, "SELECT * FROM insight_transactions") == ["2026-01|1|current/2"])
        #expect(
            try written(try analysis(severity: "urgent", status: "active")).failure
                == "cannot write the database (CHECK constraint failed: severity IN ('positive', 'neutral', "
                + "'warning', 'critical'))")
        #expect(
            try written(try analysis(severity: "positive", status: "paused")).failure
                == "cannot write the database (CHECK constraint failed: status IN ('active', 'missed', 'ended'))")
    }

    @Test func spendingAndIncomeByMonthAreTheHandWorkedFigures() throws {
        let path = try Self.export()
        // Posted, neither transfer nor ignored: the pending coffee, the transfers and the test
        // charge are left out; the split counts in its two categories.
        #expect(
            try Self.query(path, "SELECT * FROM spending_by_month ORDER BY category, currency") == [
                "2026-01|Entertainment:Cinema|GBP|1000|1",
                "2026-01|Food:Dining|GBP|2000|1",
                "2026-01|Food:Groceries|EUR|1000|1",
                "2026-01|Food:Groceries|GBP|5420|1",
                "2026-01|Uncategorized|GBP|1200|1",
            ])
        #expect(
            try Self.query(path, "SELECT * FROM income_by_month ORDER BY category") == [
                "2026-01|Income:Salary|GBP|250000|1",
                "2026-01|Uncategorized|GBP|500|1",
            ])
    }

    @Test func monthEndBalancesAndNetWorthFollowTheOpeningBalance() throws {
        let path = try Self.export()
        // 1000.00 - 54.20 + 2500.00 - 100.00 - 12.00 + 5.00 - 40.00 - 3.00 - 200.00 (not the pending 7.50);
        // the card and the euro account state no opening balance.
        #expect(try Self.query(path, "SELECT * FROM month_end_balances") == ["current|2026-01|309580|GBP"])
        #expect(try Self.query(path, "SELECT * FROM net_worth_by_month") == ["2026-01|GBP|309580"])
    }

    /// Runs of one account broken by another account's rows, a row before the opening date, a
    /// pending row, and a month without rows: 100.00 - 20.00 + 30.00 in January (the card's row
    /// between them, the 5 January row before the opening), - 1.50 in February (not the pending
    /// 40.00), nothing in March, which the card's last row reaches.
    @Test func monthEndBalancesSumEachAccountsRowsByMonth() throws {
        var journal = Journal(
            stage: "ledger", baseCurrency: .gbp,
            accounts: [
                Account(
                    id: "current", name: "Current", kind: .checking, currency: .gbp,
                    openingBalance: Money(minorUnits: 10_000, currency: .gbp),
                    openingDate: CivilDate(iso: "2026-01-10")),
                Account(id: "card", name: "Card", kind: .creditCard, currency: .gbp),
            ],
            transactions: [
                HandBuiltLedger.row("current/1", "current", "2026-01-05", "-10.00", "Before", line: 1),
                HandBuiltLedger.row("current/2", "current", "2026-01-12", "-20.00", "Shop", line: 2),
                HandBuiltLedger.row("card/1", "card", "2026-01-15", "-5.00", "Card shop", line: 1),
                HandBuiltLedger.row("current/3", "current", "2026-01-20", "30.00", "Refund", line: 3),
                HandBuiltLedger.row(
                    "current/4", "current", "2026-02-03", "-40.00", "Pending", status: .pending, line: 4),
                HandBuiltLedger.row("current/5", "current", "2026-02-04", "-1.50", "Coffee", line: 5),
                HandBuiltLedger.row("card/2", "card", "2026-03-02", "-2.00", "Last", line: 2),
            ])
        journal.sortCanonically()
        let path = try Self.export(journal)
        #expect(
            try Self.query(path, "SELECT * FROM month_end_balances")
                == ["current|2026-01|11000|GBP", "current|2026-02|10850|GBP", "current|2026-03|10850|GBP"])
    }

    /// Each account's name in the journal, worked out without the books (the SQLite file writes
    /// its accounts before they are built): a card is a liability, a row's account that the header
    /// does not declare an asset.
    @Test func accountsCarryTheirJournalNames() throws {
        var journal = HandBuiltLedger.journal
        journal.transactions.append(HandBuiltLedger.row("wallet/1", "wallet", "2026-01-31", "-1.00", "Sweets"))
        journal.sortCanonically()
        let path = try Self.export(journal)
        #expect(
            try Self.query(path, "SELECT id, book_account FROM accounts ORDER BY id")
                == ["card|Liabilities:Card", "current|Assets:Current", "euro|Assets:Euro", "wallet|Assets:Wallet"])
    }

    @Test func amountsAreMinorUnitsAndDecimalText() throws {
        let path = try Self.export()
        #expect(
            try Self.query(path, "SELECT amount_minor, amount, currency FROM transactions WHERE id = 'current/1'")
                == ["-5420|-54.20|GBP"])
        #expect(try Self.query(path, "SELECT * FROM rates") == ["2026-01-01|EUR|0.87|GBP"])
    }

    @Test func theSameLedgerGivesTheSameBytes() throws {
        let first = try Data(contentsOf: URL(fileURLWithPath: try Self.export()))
        let second = try Data(contentsOf: URL(fileURLWithPath: try Self.export()))
        #expect(first == second)
        #expect(!first.isEmpty)
    }
}
