import Foundation
import Ledger
import Testing

@testable import Import

/// A CSV file that no profile reads and no account takes gets the `[[accounts]]` entry to paste,
/// as a derived account does (issue 13's rejection messages).
@Suite("Rejected files' account entries")
struct RejectedFileSuggestionTests {
    /// Amounts with no sign and no balance: the layout cannot be decided, so the file is rejected.
    static let unsigned = "Date,Payee,Amount\n2025-01-05,Hardware Store,49.90\n2025-01-09,Pharmacy,12.35\n"

    static func run(_ name: String, config: WorkspaceConfig) -> ImportReport {
        ImportDriver(readers: [CSVReader(profiles: [])], config: config)
            .run([InboxFile(name: name, bytes: Array(unsigned.utf8))]).report
    }

    @Test func anEntryForAFileNoAccountTakes() throws {
        let report = Self.run("hometown-bank 2025-01.csv", config: WorkspaceConfig(baseCurrency: .gbp))
        let file = try #require(report.files.first)
        #expect(file.errors.count == 1)
        #expect(
            file.suggestion
                == """
                [[accounts]]
                id = "hometown-bank-2025-01"
                name = "hometown-bank 2025-01"
                type = "checking"
                currency = "GBP"
                inbox = ["hometown-bank *.csv"]
                profile = "NAME"  # the id of a profile in importers/ that reads this layout

                """)
        let summary = report.summary(reportPath: "build/import-report.json")
        #expect(summary.contains("note: inbox/hometown-bank 2025-01.csv could not be read and no [[accounts]] entry"))
        #expect(summary.contains("    inbox = [\"hometown-bank *.csv\"]"))
    }

    @Test func noEntryWhenAnAccountTakesTheFile() throws {
        let config = WorkspaceConfig(accounts: [AccountConfig(id: "home", name: "Home", inbox: ["hometown-*.csv"])])
        let report = Self.run("hometown-bank 2025-01.csv", config: config)
        #expect(report.files.first?.errors.count == 1)
        #expect(report.files.first?.suggestion == nil)
    }
}
