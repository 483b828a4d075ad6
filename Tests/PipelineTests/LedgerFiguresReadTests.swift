import Categorize
import Foundation
import Ledger
import TestSupport
import Testing

@testable import Analyze

/// The analysis reads the ledger's figure rows from the file categorisation writes beside it,
/// and from the ledger itself once the ledger has changed since.
@Suite struct LedgerFiguresReadTests {
    static func transaction(_ id: String, _ date: String, _ pence: Int64, _ payee: String) -> Transaction {
        Transaction(
            id: TransactionID(id), account: "current", date: CivilDate(iso: date)!,
            amount: Money(minorUnits: pence, currency: .gbp), payee: payee,
            source: SourceLocation(file: "inbox/a.csv", line: 2))
    }

    @Test func aLedgerEditedAfterCategorisationIsReadAsItNowIs() throws {
        let folder = try TemporaryFolder.make("figures-read").path
        try FileOutput.write("if payee ~ tesco\n    category Food:Groceries\n", to: folder + "/rules/10-main.rules")
        let journal = Journal(
            stage: "journal", baseCurrency: .gbp,
            accounts: [Account(id: "current", name: "Current", kind: .checking, currency: .gbp)],
            transactions: [
                Self.transaction("current/1", "2026-09-01", -4210, "TESCO STORES"),
                Self.transaction("current/2", "2026-09-02", -999, "BAKERY"),
            ])
        try FileOutput.write(JournalCodec.encode(journal), to: folder + "/journal.jsonl")
        let ledger = folder + "/ledger.jsonl"
        let result = CategorizeRun(
            workspace: folder, journalPath: folder + "/journal.jsonl",
            mode: .write(ledger: ledger, uncategorized: folder + "/uncategorized.csv", report: folder + "/report.json")
        ).execute()
        #expect(result.exitCode == 0, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder + "/.ledger.jsonl.figures"))
        let (header, rows, hashes) = try AnalyzeCommand.figures(ofLedger: ledger)
        let decoded = try JournalCodec.decodeFigures(try JournalBytes(contentsOf: ledger), path: ledger)
        #expect(rows == decoded.rows)
        #expect(hashes == decoded.rows.map(\.contentHash))
        #expect(header.accounts == decoded.header.accounts && header.stage == "ledger")
        #expect(rows.map { $0.category?.description } == ["Food:Groceries", nil])

        // The user recategorises a row by hand: the figure file no longer describes the ledger.
        let edited = String(decoding: try FileOutput.read(ledger), as: UTF8.self)
            .replacingOccurrences(of: "Food:Groceries", with: "Food:Market")
        try FileOutput.write(edited, to: ledger)
        let (_, again, none) = try AnalyzeCommand.figures(ofLedger: ledger)
        #expect(again.map { $0.category?.description } == ["Food:Market", nil])
        #expect(none == nil)
    }
}
