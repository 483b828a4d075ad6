import AnalysisFile
import Foundation
import Ledger
import Testing

@testable import Analyze

/// An account page's months of statements, from the import report's coverage and gaps.
@Suite("Account coverage by month")
struct AccountCoverageTests {
    /// An import report with statements from 2 August to 20 October 2026, missing 5 to 7 October.
    static func augustToOctober() throws -> ImportFacts {
        let json = """
            {"accounts": [
              {"id": "current", "name": "Current", "coverage": {"from": "2026-08-02", "to": "2026-10-20"},
               "gaps": [{"from": "2026-10-05", "to": "2026-10-07"}]}
            ], "files": []}
            """
        return try JSONDecoder().decode(ImportFacts.self, from: Data(json.utf8))
    }

    @Test func wholePartlyAndNoneByMonth() throws {
        let facts = try Self.augustToOctober()
        let months = ["2026-07", "2026-08", "2026-09", "2026-10", "2026-11"]
        func story(_ id: String) -> AccountStory {
            AccountStory(
                id: id, name: id, kind: "checking", currency: "GBP",
                monthEnds: months.map { AccountMonthEnd(month: $0, balance: "1.00", source: "transactions") },
                coverage: [], transactionCount: 0, firstTransaction: nil, newestTransaction: nil, largestThisYear: [],
                largestAllTime: [], valuations: [], growth: nil)
        }
        #expect(
            facts.withCoverage(story("current")).coverage == [
                AccountCoverageMonth(month: "2026-07", state: "none", from: nil, through: nil),
                AccountCoverageMonth(month: "2026-08", state: "partial", from: "2026-08-02", through: "2026-08-31"),
                AccountCoverageMonth(month: "2026-09", state: "whole", from: "2026-09-01", through: "2026-09-30"),
                AccountCoverageMonth(month: "2026-10", state: "partial", from: "2026-10-01", through: "2026-10-20"),
                AccountCoverageMonth(month: "2026-11", state: "none", from: nil, through: nil),
            ])
        // An account the import report does not cover (valued by hand) has no coverage.
        #expect(facts.withCoverage(story("pension")).coverage == [])
    }

    @Test func aMonthSaysWhatItsStatementsCoveredByItsEnd() throws {
        let facts = try Self.augustToOctober()
        let account = AccountFigure(
            id: "current", name: "Current", kind: "checking", maskedNumber: nil, currency: "GBP",
            openingBalance: nil, closingBalance: nil, inflow: "0.00", outflow: "0.00", transactionCount: 0)
        func covered(_ month: String) -> [String?] {
            let figure = facts.withCoverage(account, month: YearMonth(month)!)
            return [figure.coveredFrom, figure.coveredThrough, figure.monthCovered.map { "\($0)" }]
        }
        // September: covered through its last day, not through 20 October.
        #expect(covered("2026-09") == ["2026-08-02", "2026-09-30", "true"])
        #expect(covered("2026-08") == ["2026-08-02", "2026-08-31", "false"])
        // October: through the 20th, with a gap.
        #expect(covered("2026-10") == ["2026-08-02", "2026-10-20", "false"])
        // July, before the statements begin: nothing covered by its end (through before from).
        #expect(covered("2026-07") == ["2026-08-02", "2026-07-31", "false"])
    }
}
