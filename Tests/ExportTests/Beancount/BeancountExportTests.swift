import Foundation
import Ledger
import TestSupport
import Testing

@testable import Export

/// The beancount file of `HandBuiltLedger`, read by beancount's own `bean-check` and `bean-query`.
@Suite("beancount")
struct BeancountExportTests {
    static func export(_ journal: Journal = HandBuiltLedger.journal) throws -> String {
        let folder = try TemporaryFolder.make("export")
        let path = folder.appendingPathComponent("closebook.beancount").path
        try ExportRun.write(ExportBook(journal: journal, prices: HandBuiltLedger.prices), as: .beancount, to: path)
        return path
    }

    static func check(_ path: String) throws {
        guard let output = try PeerTool.run("bean-check", [path]) else { return }
        #expect(output.status == 0, "\(output.standardError)\(output.standardOutput)")
    }

    @Test func beanCheckAcceptsIt() throws {
        try Self.check(try Self.export())
    }

    @Test func beanQueryTotalsAreTheHandWorkedOnes() throws {
        guard let balances = try PeerTool.beancountBalances(try Self.export()) else { return }
        var expected = JournalExportTests.everything
        expected["Equity:Opening Balances"] = nil
        expected["Equity:Opening-Balances"] = ["-1000.00 GBP"]
        #expect(balances == expected)
    }

    @Test func postedRowsAloneAreTheFigures() throws {
        guard let balances = try PeerTool.beancountBalances(try Self.export(), flag: "*") else { return }
        #expect(balances["Expenses:Food:Coffee"] == nil)
        #expect(balances["Assets:Current"] == ["3095.80 GBP"])  // 3088.30 + the pending 7.50
    }

    /// The opening balance is the balance at the start of its day: a row on that very day must not
    /// break the assertion, as it would if the assertion were read after the day's rows.
    @Test func theOpeningBalanceHoldsAtTheStartOfItsDay() throws {
        var journal = HandBuiltLedger.journal
        journal.transactions.append(
            HandBuiltLedger.row("current/0", "current", "2026-01-01", "-1.00", "Same day", category: "Fees"))
        journal.sortCanonically()
        let path = try Self.export(journal)
        try Self.check(path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("2025-12-31 * \"Opening balance\" \"\"\n  Assets:Current  1000.00 GBP\n"))
        #expect(text.contains("2026-01-01 balance Assets:Current 1000.00 GBP\n"))
    }

    @Test(arguments: [
        ("Eating out", "Eating-Out"),
        ("Café & Crème", "Café-Crème"),
        ("DIY (tools)", "DIY-Tools"),
        ("für Oma", "Für-Oma"),
        ("2024 trip", "2024-Trip"),
        ("食品", "X-食品"),
        ("&&&", "X"),
        ("Cafe\u{301}", "Café"),
        ("council_tax", "Council-Tax"),
    ])
    func categoryTextBecomesAValidComponent(text: String, component: String) {
        #expect(BeancountAccountName.component(text) == component)
    }

    @Test func anyCategoryTextPassesBeanCheck() throws {
        let categories = [
            "Food:Eating out", "Café & Crème", "Home:DIY (tools)", "Gifts:für Oma", "2024 trip", "食品", "&&&",
            "Income", "Income:side gig", "a:b :  c",
        ]
        var journal = HandBuiltLedger.journal
        for (index, category) in categories.enumerated() {
            journal.transactions.append(
                HandBuiltLedger.row(
                    "current/c\(index)", "current", "2026-01-31", "-1.00", "Shop \(index)", category: category))
        }
        journal.sortCanonically()
        let path = try Self.export(journal)
        try Self.check(path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for name in [
            "Expenses:Food:Eating-Out", "Expenses:Café-Crème", "Expenses:Home:DIY-Tools", "Expenses:Gifts:Für-Oma",
            "Expenses:2024-Trip", "Expenses:X-食品", "Expenses:X", "Income:Other", "Income:Side-Gig",
            "Expenses:A:B:C",
        ] {
            #expect(text.contains(" open \(name)\n"), "\(name)")
        }
    }

    @Test func theSameLedgerGivesTheSameBytes() throws {
        let first = try Data(contentsOf: URL(fileURLWithPath: try Self.export()))
        let second = try Data(contentsOf: URL(fileURLWithPath: try Self.export()))
        #expect(first == second)
        #expect(!first.isEmpty)
    }
}
