import Foundation
import Ledger
import TestSupport
import Testing

@testable import Analyze

/// A first month (the account begins on the 3rd) and a month with no transactions are closed like
/// any other; a row that later appears in the empty month restates it.
@Suite struct FirstAndEmptyMonthCloseTests {
    static func ledger(_ rows: [(String, Int64)]) -> Journal {
        let account = Account(id: "current", name: "Current", kind: .checking, currency: .gbp)
        let transactions = rows.enumerated().map { index, row in
            Transaction(
                id: TransactionID("current/\(row.0)"), account: "current", date: CivilDate(iso: row.0)!,
                amount: Money(minorUnits: row.1, currency: .gbp), payee: "SHOP \(index)",
                category: CategoryPath("Shopping"), source: SourceLocation(file: "inbox/x.csv", line: index + 2))
        }
        return Journal(stage: "ledger", baseCurrency: .gbp, accounts: [account], transactions: transactions)
    }

    static let facts = ImportFacts(
        accounts: [
            ImportFacts.AccountFacts(
                id: "current", name: "Current", coverage: ImportFacts.Span(from: "2026-09-03", to: "2026-11-30"),
                gaps: [])
        ], files: [])

    @Test func firstAndEmptyMonthsCloseAndALateRowRestates() throws {
        let workspace = try TemporaryFolder.make("close")
        defer { try? FileManager.default.removeItem(at: workspace) }
        var run = AnalysisRun(
            workspace: workspace.path, ledgerPath: workspace.appendingPathComponent("ledger.jsonl").path,
            importReportPath: nil, request: .latestComplete, out: workspace.appendingPathComponent("analysis").path)
        run.closing = AnalysisRun.Closing(lock: false, now: "2026-12-02T08:00:00Z")
        let first = try run.write(
            ledger: Self.ledger([("2026-09-03", -1_000), ("2026-11-10", -2_500)]), rates: RateTable(base: .gbp),
            settings: AnalysisSettings(), facts: Self.facts)
        #expect(first.closedMonths.map(\.description) == ["2026-09", "2026-10", "2026-11"])
        let store = CloseStore(workspace: workspace.path)
        let october = try #require(try store.record(YearMonth("2026-10")!))
        #expect(october.versions.count == 1)
        #expect(october.versions[0].transactionCount == 0)
        #expect(october.versions[0].figures.expenses == "0.00")
        let september = try #require(try store.record(YearMonth("2026-09")!))
        #expect(september.versions[0].figures.expenses == "10.00")
        #expect(september.versions[0].recordedAt == "2026-12-02T08:00:00Z")

        // A row of 15 October appears: October is restated with it, the others are untouched.
        run.closing?.now = "2026-12-05T08:00:00Z"
        let second = try run.write(
            ledger: Self.ledger([("2026-09-03", -1_000), ("2026-10-15", -400), ("2026-11-10", -2_500)]),
            rates: RateTable(base: .gbp), settings: AnalysisSettings(), facts: Self.facts)
        #expect(second.restatedMonths.map(\.description) == ["2026-10"])
        #expect(second.closedMonths.isEmpty)
        let restated = try #require(try store.record(YearMonth("2026-10")!))
        #expect(restated.versions.map(\.version) == [1, 2])
        #expect(restated.versions[1].figures.expenses == "4.00")
        #expect(restated.versions[1].changes?.added.map(\.amount) == ["-4.00"])
        #expect(try store.record(YearMonth("2026-11")!)?.versions.count == 1)
    }
}
