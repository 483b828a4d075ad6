import Foundation
import Ledger
import Testing

@testable import Analyze

@Suite("Import facts repeated in the month report")
struct ImportFactsTests {
    @Test func coverageGapsFailuresAndBalancesBecomeNotices() throws {
        let json = """
            {"schemaVersion": 1, "accounts": [
              {"id": "current", "name": "Current", "coverage": {"from": "2026-09-01", "to": "2026-10-20", "days": 50},
               "gaps": [{"from": "2026-10-05", "to": "2026-10-07", "days": 3}, {"from": "2026-08-01", "to": "2026-08-02", "days": 2}]},
              {"id": "card", "name": "Card", "coverage": {"from": "2026-10-01", "to": "2026-10-31", "days": 31}, "gaps": []},
              {"id": "old", "name": "Old Saver", "coverage": {"from": "2025-01-01", "to": "2025-12-31", "days": 365}, "gaps": []}
            ], "files": [
              {"path": "inbox/a.csv", "skipped": 2, "errors": [], "balanceChecks": [
                {"account": "current", "status": "differs", "firstDivergence": {"date": "2026-10-12", "line": 9, "stated": "100.00", "computed": "90.00"}}]},
              {"path": "inbox/b.pdf", "skipped": 0, "errors": ["inbox/b.pdf:1:1: error: not a bank export"], "balanceChecks": []},
              {"path": "inbox/c.ofx", "skipped": 0, "errors": [], "balanceChecks": [
                {"account": "card", "status": "differs", "firstDivergence": {"date": "2026-11-02", "line": 3, "stated": "1.00", "computed": "2.00"}}]}
            ]}
            """
        let facts = try JSONDecoder().decode(ImportFacts.self, from: Data(json.utf8))
        let notices = facts.notices(for: try #require(YearMonth("2026-10")))
        #expect(
            notices == [
                "Current: the inbox covers this month only up to 2026-10-20; add its export from 2026-10-21 to inbox/ "
                    + "to complete the month.",
                "Current: no inbox file covers 2026-10-05 to 2026-10-07; transactions of those days may be missing.",
                "Old Saver: no inbox file covers October 2026; its figures are missing.",
                "2 records of inbox/a.csv were skipped; build/import-report.json says why.",
                "Current: the balance inbox/a.csv states for 2026-10-12 is 100.00 but the transactions add up to 90.00.",
                "inbox/b.pdf could not be read, so its transactions are missing: inbox/b.pdf:1:1: error: not a bank export",
            ])
    }

    @Test func anAccountImportedTwiceIsANoticeInTheMonthsItCovers() throws {
        let json = """
            {"accounts": [
              {"id": "current", "name": "Current", "coverage": {"from": "2026-09-01", "to": "2026-10-31"}, "gaps": []},
              {"id": "statement", "name": "Statement", "coverage": {"from": "2026-10-01", "to": "2026-10-31"}, "gaps": []}
            ], "files": [], "duplicateAccounts": [
              {"accounts": ["current", "statement"], "files": ["inbox/current-2026.csv", "inbox/Statement.csv"],
               "from": "2026-10-01", "to": "2026-10-30", "transactions": 41, "reason": "the same 41 transactions"}
            ]}
            """
        let facts = try JSONDecoder().decode(ImportFacts.self, from: Data(json.utf8))
        #expect(
            facts.notices(for: try #require(YearMonth("2026-10"))) == [
                "Current and Statement hold the same 41 transactions from 2026-10-01 to 2026-10-30 "
                    + "(inbox/current-2026.csv and inbox/Statement.csv): probably one account imported twice, "
                    + "which counts its money twice; if so, remove the copy or feed both files to one account "
                    + "in closebook.toml."
            ])
        // September is not in the span both statements cover.
        #expect(
            facts.notices(for: try #require(YearMonth("2026-09")))
                == ["Statement: no inbox file covers September 2026; its figures are missing."])
    }

    @Test func aLowConfidenceLayoutAndAnAssumedCurrencyAreNoticesWhereTheFileCounts() throws {
        let json = """
            {"accounts": [
              {"id": "dollars", "name": "Dollars", "coverage": {"from": "2026-10-01", "to": "2026-10-31"}, "gaps": []}
            ], "files": [
              {"path": "inbox/export.csv", "skipped": 0, "errors": [], "balanceChecks": [], "accounts": ["dollars"],
               "warnings": [
                 "inbox/export.csv:1:1: warning: no CSV profile matches this file; its layout was inferred (confidence: low): amount column 3",
                 "inbox/export.csv:1:1: warning: currency assumed: GBP, from base_currency (the file does not say); if it is not GBP, set currency"
               ]}
            ]}
            """
        let facts = try JSONDecoder().decode(ImportFacts.self, from: Data(json.utf8))
        #expect(
            facts.notices(for: try #require(YearMonth("2026-10"))) == [
                "inbox/export.csv was read by a layout Closebook inferred at low confidence: check its figures; save "
                    + "the profile closebook-import prints as importers/NAME.toml once its reading is right.",
                "inbox/export.csv: its currency was assumed, GBP, from base_currency (the file does not say); if its "
                    + "amounts are in another currency, set currency on its [[accounts]] entry in closebook.toml.",
            ])
        // September: the file's account has no statement then; only the coverage notice.
        #expect(
            facts.notices(for: try #require(YearMonth("2026-09")))
                == ["Dollars: no inbox file covers September 2026; its figures are missing."])
    }
}
