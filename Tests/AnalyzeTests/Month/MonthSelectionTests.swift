import Foundation
import Ledger
import TestSupport
import Testing

@testable import Analyze

@Suite("Which months are analysed")
struct MonthSelectionTests {
    static func history(_ dates: [String]) throws -> LedgerHistory {
        let account = Account(id: "current", name: "Current", kind: .checking, currency: .gbp)
        let rows = try dates.enumerated().map { index, date in
            Transaction(
                id: TransactionID("t\(index)"), account: "current", date: try #require(CivilDate(iso: date)),
                amount: Money(minorUnits: -100, currency: .gbp), payee: "SHOP", category: CategoryPath("Shopping"),
                source: SourceLocation(file: "x", line: index + 1))
        }
        return LedgerHistory(Journal(stage: "ledger", baseCurrency: .gbp, accounts: [account], transactions: rows))
    }

    static func facts(_ coverage: [(String, String)]) -> ImportFacts {
        ImportFacts(
            accounts: coverage.enumerated().map { index, span in
                ImportFacts.AccountFacts(
                    id: "a\(index)", name: "A\(index)", coverage: ImportFacts.Span(from: span.0, to: span.1), gaps: [])
            }, files: [])
    }

    @Test func aStatementCoveringDecemberCoversDecemberWhateverItsLastTransaction() throws {
        let history = try Self.history(["2026-11-03", "2026-12-28"])
        let selection = try MonthSelection.choose(
            .latestComplete, history: history, facts: Self.facts([("2026-11-01", "2026-12-31")]))
        #expect(selection.selected.description == "2026-12")
        #expect(selection.months.map(\.description) == ["2026-11", "2026-12"])
        // Without the statement's period, the last transaction (the 28th) leaves December incomplete.
        let bare = try MonthSelection.choose(.latestComplete, history: history, facts: nil)
        #expect(bare.selected.description == "2026-11")
    }

    @Test func anAccountLongSilentDoesNotHoldTheReportBack() throws {
        let history = try Self.history(["2026-06-03", "2026-12-28"])
        // a1 ends 92 days before a0: more than 45, so it is left out of the decision.
        let selection = try MonthSelection.choose(
            .latestComplete, history: history,
            facts: Self.facts([("2026-06-01", "2026-12-31"), ("2026-06-01", "2026-09-30")]))
        #expect(selection.selected.description == "2026-12")
        // An account ending 10 days earlier does hold it back.
        let held = try MonthSelection.choose(
            .latestComplete, history: history,
            facts: Self.facts([("2026-06-01", "2026-12-31"), ("2026-06-01", "2026-12-21")]))
        #expect(held.selected.description == "2026-11")
    }

    @Test func whenNoMonthIsCompleteTheLatestMonthWithDataIsChosenAndMarkedPartial() throws {
        let history = try Self.history(["2026-12-03", "2026-12-20"])
        let selection = try MonthSelection.choose(
            .latestComplete, history: history, facts: Self.facts([("2026-12-03", "2026-12-20")]))
        #expect(selection.selected.description == "2026-12")
        #expect(selection.completeThrough == nil)
        #expect(selection.months.map(\.description) == ["2026-12"])
    }

    @Test func aMonthOutsideTheDataIsRefusedWithTheMonthsCovered() throws {
        let history = try Self.history(["2026-10-03", "2026-12-20"])
        #expect(throws: AnalyzeError.self) {
            try MonthSelection.choose(.month(try #require(YearMonth("2027-01"))), history: history, facts: nil)
        }
        let september = try #require(YearMonth("2026-09"))
        do {
            _ = try MonthSelection.choose(.month(september), history: history, facts: nil)
            Issue.record("a month before the data was accepted")
        } catch {
            #expect(
                error.message
                    == "there is no data for 2026-09: the ledger covers 2026-10 to 2026-12; choose one of those months, "
                    + "or 'latest'")
            #expect(error.isUsage)
        }
        // A named month later than the latest complete one is analysed, with every month before it.
        let later = try MonthSelection.choose(.month(try #require(YearMonth("2026-12"))), history: history, facts: nil)
        #expect(later.months.map(\.description) == ["2026-10", "2026-11", "2026-12"])
        #expect(later.completeThrough?.description == "2026-11")
    }

    @Test func everyMonthIsWrittenOnceAndUnchangedFilesAreLeftAlone() throws {
        let folder = try TemporaryFolder.make("closebook-run").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stale = (folder as NSString).appendingPathComponent("2019-01.json")
        try FileOutput.write("{}\n", to: stale)
        let history = try Self.history(["2026-09-03", "2026-10-05", "2026-11-30"])
        let ledger = Journal(
            stage: "ledger", baseCurrency: .gbp, accounts: history.accounts,
            transactions: history.transactions.map(Transaction.init))
        let run = AnalysisRun(
            workspace: folder, ledgerPath: "ledger.jsonl", importReportPath: nil, request: .latestComplete, out: folder)
        let first = try run.write(
            ledger: ledger, rates: RateTable(base: .gbp), settings: AnalysisSettings(), facts: nil)
        #expect(
            first.paths.map { ($0 as NSString).lastPathComponent } == ["2026-09.json", "2026-10.json", "2026-11.json"])
        #expect(first.selectedPath.hasSuffix("2026-11.json"))
        #expect(first.written == 3)
        #expect(first.removed == [stale])
        #expect(!FileManager.default.fileExists(atPath: stale))
        let again = try run.write(
            ledger: ledger, rates: RateTable(base: .gbp), settings: AnalysisSettings(), facts: nil)
        #expect(again.written == 0)
    }

    /// The trap: a new card's one-row export of 12 October beside a current account's statements to
    /// 18 November. October is not complete (the card's statements end on the 12th), so `latest`
    /// is September, and the run says why; October and November still get their analyses.
    @Test func aNewAccountEndingMidMonthHidesNoMonth() throws {
        let history = try Self.history(["2026-09-02", "2026-10-12", "2026-11-18"])
        let facts = ImportFacts(
            accounts: [
                ImportFacts.AccountFacts(
                    id: "current", name: "Current", coverage: ImportFacts.Span(from: "2026-09-01", to: "2026-11-18"),
                    gaps: []),
                ImportFacts.AccountFacts(
                    id: "card", name: "Harbor Card", coverage: ImportFacts.Span(from: "2026-10-12", to: "2026-10-12"),
                    gaps: []),
            ], files: [])
        let selection = try MonthSelection.choose(.latestComplete, history: history, facts: facts)
        #expect(selection.selected.description == "2026-09")
        #expect(selection.months.map(\.description) == ["2026-09", "2026-10", "2026-11"])
        #expect(
            selection.reason
                == "October 2026 is not complete: Harbor Card's statements end on 12 October 2026; reporting "
                + "September 2026. MONTH=2026-10 reports it anyway.")
        // Asked for, October is reported.
        #expect(
            try MonthSelection.choose(.month(YearMonth("2026-10")!), history: history, facts: facts).selected
                .description == "2026-10")
        // The card's first month is complete for it from the day it begins: only its end holds October back.
        #expect(facts.startsEveryAccount(of: YearMonth("2026-10")!, valued: []))
    }
}
