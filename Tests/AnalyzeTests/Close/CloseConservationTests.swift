import Foundation
import Ledger
import TestSupport
import Testing

@testable import Analyze

/// Every close record adds up: per account, opening + the month's transactions = closing, in the
/// account's own currency (GBP, USD, JPY beside each other), a transfer counted in both accounts;
/// and records = imported + duplicates + skipped. A record that does not add up is never written.
@Suite struct CloseConservationTests {
    static let current = Account(
        id: "current", name: "Current", kind: .checking, currency: .gbp,
        openingBalance: Money(minorUnits: 100_000, currency: .gbp))
    static let savings = Account(
        id: "savings", name: "Savings", kind: .savings, currency: .gbp,
        openingBalance: Money(minorUnits: 25_000, currency: .gbp))
    static let travel = Account(
        id: "travel", name: "Travel", kind: .checking, currency: .usd,
        openingBalance: Money(minorUnits: 30_000, currency: .usd))
    static let yen = Currency(code: "JPY")!
    static let tokyo = Account(
        id: "tokyo", name: "Tokyo", kind: .checking, currency: yen,
        openingBalance: Money(minorUnits: 10_000, currency: yen))

    static func row(
        _ account: Account, _ date: String, _ units: Int64, _ category: String?, transfer: Bool = false,
        currency: Currency? = nil
    ) -> Transaction {
        Transaction(
            id: TransactionID("\(account.id)/\(date)/\(units)"), account: account.id, date: CivilDate(iso: date)!,
            amount: Money(minorUnits: units, currency: currency ?? account.currency), payee: "PAYEE \(units)",
            category: category.flatMap { CategoryPath($0) }, isTransfer: transfer,
            source: SourceLocation(file: "inbox/\(account.id).csv", line: 2))
    }

    /// September: current -100.00. October: current +2,000.00 salary, -45.67 groceries and a
    /// transfer of 500.00 to savings; travel -120.50 USD; tokyo -1,200 JPY.
    static func rows(extra: [Transaction] = []) -> [Transaction] {
        [
            row(current, "2026-09-15", -10_000, "Shopping"),
            row(current, "2026-10-01", 200_000, "Income:Salary"),
            row(current, "2026-10-05", -4_567, "Food:Groceries"),
            row(current, "2026-10-10", -50_000, nil, transfer: true),
            row(savings, "2026-10-10", 50_000, nil, transfer: true),
            row(travel, "2026-10-12", -12_050, "Travel"),
            row(tokyo, "2026-10-13", -1_200, "Travel"),
        ] + extra
    }

    static func facts() -> ImportFacts {
        var facts = ImportFacts(
            accounts: ["current", "savings", "travel", "tokyo"].map {
                ImportFacts.AccountFacts(
                    id: $0, name: $0, coverage: ImportFacts.Span(from: "2026-09-01", to: "2026-10-31"), gaps: [])
            }, files: [])
        facts.totals = ImportFacts.Totals(records: 12, imported: 7, duplicates: 3, skipped: 2)
        return facts
    }

    static func run(_ workspace: URL, rows: [Transaction]) throws -> AnalysisRun.Outcome {
        var run = AnalysisRun(
            workspace: workspace.path, ledgerPath: workspace.appendingPathComponent("ledger.jsonl").path,
            importReportPath: nil, request: .latestComplete, out: workspace.appendingPathComponent("analysis").path)
        run.closing = AnalysisRun.Closing(lock: false, now: "2026-11-20T09:00:00Z")
        let rates = try RateTable.parse(
            "date,currency,rate\n2026-09-01,USD,0.75\n2026-09-01,JPY,0.005\n", path: "rates.csv", base: .gbp)
        return try run.write(
            ledger: Journal(
                stage: "ledger", baseCurrency: .gbp, accounts: [current, savings, travel, tokyo], transactions: rows),
            rates: rates, settings: AnalysisSettings(), facts: facts())
    }

    @Test func everyAccountAndTheRecordsAddUp() throws {
        let workspace = try TemporaryFolder.make("close")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let outcome = try Self.run(workspace, rows: Self.rows())
        #expect(outcome.closedMonths.map(\.description) == ["2026-09", "2026-10"])
        let record = try #require(try CloseStore(workspace: workspace.path).record(YearMonth("2026-10")!))
        #expect(record.schemaVersion == 2)
        let october = try #require(record.versions.first)
        // current: 1,000.00 - 100.00 (September) = 900.00; 2,000.00 - 45.67 - 500.00 = 1,454.33.
        #expect(
            october.accounts?["current"]
                == CloseAccount(
                    currency: "GBP", opening: "900.00", transactions: "1454.33", transactionCount: 3,
                    closing: "2354.33"))
        // The transfer's other leg: 250.00 + 500.00.
        #expect(
            october.accounts?["savings"]
                == CloseAccount(
                    currency: "GBP", opening: "250.00", transactions: "500.00", transactionCount: 1, closing: "750.00"))
        #expect(
            october.accounts?["travel"]
                == CloseAccount(
                    currency: "USD", opening: "300.00", transactions: "-120.50", transactionCount: 1, closing: "179.50")
        )
        #expect(
            october.accounts?["tokyo"]
                == CloseAccount(
                    currency: "JPY", opening: "10000", transactions: "-1200", transactionCount: 1, closing: "8800"))
        #expect(october.records == RecordCounts(records: 12, imported: 7, duplicates: 3, skipped: 2))
        // September: only current moved.
        let september = try #require(try CloseStore(workspace: workspace.path).record(YearMonth("2026-09")!))
        #expect(
            september.versions.first?.accounts?["current"]
                == CloseAccount(
                    currency: "GBP", opening: "1000.00", transactions: "-100.00", transactionCount: 1,
                    closing: "900.00"))
        // The file as written conforms to Schemas/close-record.schema.json.
        if let validator = JSONSchemaCheck.available("close-record.schema.json") {
            let written = Data(
                try FileOutput.read(CloseStore(workspace: workspace.path).recordPath(YearMonth("2026-10")!)))
            #expect(try validator.problems(written) == [])
        }
    }

    /// A EUR row in the GBP current account: the analysis counts its minor units in the balance,
    /// the close's own sum leaves it out, so October does not add up and no record is written.
    @Test func aRecordThatDoesNotAddUpIsNotWritten() throws {
        let workspace = try TemporaryFolder.make("close")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let stray = Self.row(Self.current, "2026-10-20", -1_000, "Shopping", currency: .eur)
        #expect(
            throws: AnalyzeError(
                "the close of October 2026 does not add up for account current: opening 900.00 + transactions "
                    + "1454.33 = 2354.33 GBP, but its closing balance is 2344.33; closed/2026-10.json is not written")
        ) {
            _ = try Self.run(workspace, rows: Self.rows(extra: [stray]))
        }
        let closed = workspace.appendingPathComponent("closed")
        #expect(!FileManager.default.fileExists(atPath: closed.appendingPathComponent("2026-10.json").path))
        #expect(!FileManager.default.fileExists(atPath: closed.appendingPathComponent("2026-10.v1.jsonl").path))
    }

    @Test func recordCountsThatDoNotAddUpAreRefused() throws {
        let workspace = try TemporaryFolder.make("close")
        defer { try? FileManager.default.removeItem(at: workspace) }
        var version = CloseVersion(
            version: 1, recordedAt: "2026-11-20T09:00:00Z", kind: "closed", reason: nil,
            figures: CloseFigures(
                currency: "GBP", income: "0.00", expenses: "0.00", net: "0.00", categories: [:], balances: [:]),
            transactionCount: 0, digest: "", inputs: [])
        version.records = RecordCounts(records: 10, imported: 7, duplicates: 3, skipped: 2)
        let store = CloseStore(workspace: workspace.path)
        #expect(
            throws: AnalyzeError(
                "the close of October 2026 does not add up for the inbox's records: records 10 ≠ imported 7 + "
                    + "duplicates 3 + skipped 2; closed/2026-10.json is not written")
        ) {
            try store.write(
                CloseRecord(month: "2026-10", versions: [version]), month: YearMonth("2026-10")!, lines: [])
        }
        #expect(!FileManager.default.fileExists(atPath: store.recordPath(YearMonth("2026-10")!)))
    }
}
