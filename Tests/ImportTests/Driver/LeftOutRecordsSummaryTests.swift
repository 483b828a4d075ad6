import Foundation
import Ledger
import Testing

@testable import Import

/// Records left out are said in the summary `closebook-import` prints, by reason, with their
/// lines (issue 19, class 8): a 0.00 booking (a closing notice, new terms) is not a transaction,
/// but a user must be able to find it.
@Suite("Import summary: records left out")
struct LeftOutRecordsSummaryTests {
    /// Two bookings of 0 (lines 3 and 5) between two charges.
    static let text = """
        Buchungstag;Buchungstext;Betrag;Währung
        31.03.2026;Kontoführung März;-9,90;EUR
        31.03.2026;Rechnungsabschluss: Saldo 1.234,56;0;EUR
        02.04.2026;Lastschrift Stadtwerke;-48,00;EUR
        07.04.2026;Hinweis: neue Geschäftsbedingungen;0;EUR

        """

    @Test func zeroAmountRowsAreCountedWithTheirReasonAndLines() throws {
        let report = ImportDriver(readers: [CSVReader(profiles: [])], config: WorkspaceConfig(baseCurrency: .eur))
            .run([InboxFile(name: "giro.csv", bytes: Array(Self.text.utf8))]).report
        let file = try #require(report.files.first)
        #expect(file.imported == 2)
        #expect(file.skippedRecords.map(\.line) == [3, 5])
        let summary = report.summary(reportPath: "build/import-report.json")
        #expect(
            summary.contains(
                "note: inbox/giro.csv: 2 records left out: 2 as 'zero-amount notice row' (lines 3, 5); see skippedRecords in build/import-report.json"
            ))
    }

    @Test func reasonsAreGroupedInTheOrderFirstMet() {
        let skipped = [(2, "a"), (4, "b"), (7, "a"), (9, "a"), (10, "a"), (11, "a"), (12, "a")].map {
            ImportReport.SkippedLine(line: $0.0, reason: $0.1)
        }
        #expect(
            ImportReport.leftOut(skipped)
                == "7 records left out: 6 as 'a' (lines 2, 7, 9, 10, 11, …), 1 as 'b' (line 4)")
    }
}
