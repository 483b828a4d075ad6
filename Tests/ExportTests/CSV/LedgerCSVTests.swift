import Foundation
import Ledger
import TestSupport
import Testing

@testable import Export

/// `closebook.csv` of `HandBuiltLedger`: its lines as worked out by hand, and read back by
/// Python's `csv` module (a spreadsheet's reading, not ours).
@Suite("CSV of the ledger")
struct LedgerCSVTests {
    static func export(_ journal: Journal = HandBuiltLedger.journal) throws -> String {
        let folder = try TemporaryFolder.make("export")
        let path = folder.appendingPathComponent("closebook.csv").path
        try ExportRun.write(ExportBook(journal: journal, prices: HandBuiltLedger.prices), as: .csv, to: path)
        return path
    }

    static var withFormulaPayee: Journal {
        var journal = HandBuiltLedger.journal
        journal.transactions.append(
            HandBuiltLedger.row(
                "current/f", "current", "2026-01-31", "-1.00", "=HYPERLINK(\"http://x\")", category: "Fees",
                memo: "+1, or -1", line: 10))
        journal.sortCanonically()
        return journal
    }

    @Test func linesAreTheHandWrittenOnes() throws {
        let text = try String(contentsOfFile: try Self.export(Self.withFormulaPayee), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.first
                == "id,date,account,amount,currency,payee,memo,category,splits,category_source,status,transfer,ignored,transfer_peer,note,source"
        )
        #expect(lines.count == 1 + 14 + 1)  // header, 14 rows, and the empty string after the last line feed
        for line in [
            "current/1,2026-01-02,current,-54.20,GBP,Tesco,CARD 3297,Food:Groceries,,none,posted,,,,,inbox/current.csv:1",
            "card/1,2026-01-10,card,-30.00,GBP,Odeon,,,Food:Dining -20.00; Entertainment:Cinema -10.00,none,posted,,,,,inbox/card.csv:1",
            "current/3,2026-01-15,current,-100.00,GBP,Card payment,,,,none,posted,yes,,card/2,,inbox/current.csv:3",
            "current/7,2026-01-26,current,-7.50,GBP,Café; Crème | Bar,,Food:Coffee,,none,pending,,,,,inbox/current.csv:7",
            "current/8,2026-01-28,current,-3.00,GBP,Test charge,,,,none,posted,,yes,,,inbox/current.csv:8",
            "euro/2,2026-01-30,euro,230.00,EUR,From pounds,,,,none,posted,yes,,current/9,,inbox/euro.csv:2",
            "current/f,2026-01-31,current,-1.00,GBP,\"'=HYPERLINK(\"\"http://x\"\")\",\"'+1, or -1\",Fees,,none,posted,,,,,inbox/current.csv:10",
        ] {
            #expect(lines.contains(line), "\(line)")
        }
    }

    @Test func pythonsCSVReaderReadsEveryRowWhole() throws {
        let path = try Self.export(Self.withFormulaPayee)
        let script = """
            import csv, sys
            from decimal import Decimal
            rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", newline="")))
            widths = {len(r) for r in rows}
            groceries = sum(Decimal(r["amount"]) for r in rows if r["category"] == "Food:Groceries" and r["currency"] == "GBP")
            payee = [r["payee"] for r in rows if r["id"] == "current/f"][0]
            print(len(rows), sorted(widths), groceries, payee)
            """
        guard let output = try PeerTool.run("python3", ["-c", script, path]) else { return }
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput == "14 [16] -54.20 '=HYPERLINK(\"http://x\")\n")
    }

    @Test func theSameLedgerGivesTheSameBytes() throws {
        let first = try Data(contentsOf: URL(fileURLWithPath: try Self.export()))
        let second = try Data(contentsOf: URL(fileURLWithPath: try Self.export()))
        #expect(first == second)
        #expect(!first.isEmpty)
    }
}
