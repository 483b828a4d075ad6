import AnalysisFile
import Analyze
import Foundation
import Ledger
import Testing

/// Each account's freshness in a month's analysis: its newest transaction and whether its
/// statements cover the month.
@Suite("Account freshness", .serialized)
struct AccountFreshnessTests {
    /// October 2026 of the Samples. The euro account's last transaction is 93 days before
    /// 31 October (the dormancy card's count), so 30 July; its OFX file runs to 18 November, so
    /// October is covered, through its last day (the month says what was covered by its end). The pension's provider lists its contributions, the last in October on
    /// its payday, Friday 23 October (the 25th is a Sunday), and its statement runs to 18
    /// November: October is covered.
    @Test func theSamplesOctober() throws {
        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        let path = try SamplesPipelineTests.runPipeline(in: workspace)
        let analysis = try JSONDecoder().decode(MonthAnalysis.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let euro = try #require(analysis.accounts.first { $0.id == "euro" })
        #expect(euro.newestTransaction == "2026-07-30")
        #expect(euro.coveredThrough == "2026-10-31")
        #expect(euro.monthCovered == true)
        let pension = try #require(analysis.accounts.first { $0.id == "pension" })
        #expect(pension.newestTransaction == "2026-10-23")
        #expect(pension.monthCovered == true)
    }

    /// Statements from 1 September to 18 November with a gap from 10 to 12 October: October is
    /// not covered, November ends after the statements do, and September is covered.
    @Test func aGapOrAnEndInsideTheMonthIsPartial() {
        let facts = ImportFacts(
            accounts: [
                ImportFacts.AccountFacts(
                    id: "a", name: "A", coverage: .init(from: "2026-09-01", to: "2026-11-18"),
                    gaps: [.init(from: "2026-10-10", to: "2026-10-12")])
            ], files: [])
        let figure = AccountFigure(
            id: "a", name: "A", kind: "checking", maskedNumber: nil, currency: "GBP", openingBalance: nil,
            closingBalance: nil, inflow: "0.00", outflow: "0.00", transactionCount: 0)
        #expect(facts.withCoverage(figure, month: YearMonth(year: 2026, month: 9)!).monthCovered == true)
        #expect(facts.withCoverage(figure, month: YearMonth(year: 2026, month: 10)!).monthCovered == false)
        #expect(facts.withCoverage(figure, month: YearMonth(year: 2026, month: 11)!).monthCovered == false)
        #expect(facts.withCoverage(figure, month: YearMonth(year: 2026, month: 11)!).coveredThrough == "2026-11-18")
    }

    /// A month is complete only if every account with statements in it has them from its first
    /// day (or from the day its history begins: its first statement, or its opening date) and
    /// without a gap. An account with no statement in the month (opened later) does not count.
    @Test func completeMonthsAgreeWithTheAccountsTable() {
        let facts = ImportFacts(
            accounts: [
                ImportFacts.AccountFacts(
                    id: "a", name: "A", coverage: .init(from: "2024-09-02", to: "2026-11-18"),
                    gaps: [.init(from: "2025-03-10", to: "2025-03-12")]),
                ImportFacts.AccountFacts(
                    id: "b", name: "B", coverage: .init(from: "2025-06-01", to: "2026-11-18"), gaps: []),
                ImportFacts.AccountFacts(id: "house", name: "House", coverage: nil, gaps: []),
            ], files: [])
        func starts(_ year: Int, _ month: Int, valued: Set<String> = [], opened: [String: CivilDate] = [:]) -> Bool {
            facts.startsEveryAccount(of: YearMonth(year: year, month: month)!, valued: valued, opened: opened)
        }
        #expect(starts(2024, 9))  // A's history begins on the 2nd: complete from that day
        // Opened in January, A existed before its first statement: September lacks its 1st.
        #expect(!starts(2024, 9, opened: ["a": CivilDate(iso: "2024-01-15")!]))
        #expect(starts(2024, 9, opened: ["a": CivilDate(iso: "2024-09-02")!]))
        #expect(starts(2024, 10))  // B has nothing yet and does not count
        #expect(!starts(2025, 3))  // A's gap
        #expect(starts(2025, 6))  // B begins on the 1st
        #expect(starts(2024, 9, valued: ["a"]))  // a valued account is not judged by statements
    }
}
