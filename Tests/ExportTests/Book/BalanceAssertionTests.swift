import Foundation
import Ledger
import TestSupport
import Testing

@testable import Export

/// Statement balances of `HandBuiltLedger` as balance assertions, checked by hledger, ledger and
/// bean-check, and a balance broken on purpose that each tool must refuse.
///
/// Worked by hand: `current` opens with 1000.00 on 2026-01-01; its posted rows up to the 21st
/// are -54.20, +2500.00, -100.00, -12.00, +5.00, so the balance at the end of the 21st is
/// 3338.80; after -40.00 (22nd), -3.00 (28th) and -200.00 (30th) it is 3095.80 at the end of the
/// 30th. The pending -7.50 of the 26th is not in a statement's balance, but the tools count it,
/// so that day's assertion is 3088.30. `card` has -30.00 at the end of the 15th; beancount books
/// its +100.00 of the 16th on the transfer's date, the 15th, so there it asserts 70.00.
@Suite("Statement balances as assertions")
struct BalanceAssertionTests {
    static func stated(_ account: String, _ date: String, _ amount: String, line: Int) -> StatedBalance {
        StatedBalance(
            date: CivilDate(iso: date)!, account: AccountID(account),
            amount: (try? Money.parse(amount, currency: .gbp))!,
            source: SourceLocation(file: "inbox/\(account).csv", line: line))
    }

    static let balances = [
        stated("card", "2026-01-15", "-30.00", line: 1),
        stated("current", "2026-01-21", "3338.80", line: 5),
        stated("current", "2026-01-30", "3095.80", line: 9),
    ]

    static func export(_ format: ExportFormat, _ balances: [StatedBalance] = balances) throws -> String {
        let folder = try TemporaryFolder.make("export")
        let path = folder.appendingPathComponent(format.fileName).path
        let book = ExportBook(
            journal: HandBuiltLedger.journal, prices: HandBuiltLedger.prices, statedBalances: balances)
        try ExportRun.write(book, as: format, to: path)
        return path
    }

    /// The balances with the current account's on the 21st one pound off (beancount lets a
    /// balance be off by one unit of its last digit: a penny would pass).
    static var broken: [StatedBalance] {
        var balances = balances
        balances[1].amount = Money(minorUnits: 333_980, currency: .gbp)
        return balances
    }

    @Test func theJournalAssertsEachBalanceAtTheEndOfItsDay() throws {
        let text = try String(contentsOfFile: try Self.export(.journal), encoding: .utf8)
        // The card's balance falls between the transfer's legs (15th and 16th), which ledger
        // counts on the 15th and hledger on the 16th: no assertion holds in both.
        #expect(
            text.contains(
                "; 2026-01-15 statement balance Liabilities:Card  -30.00 GBP (inbox/card.csv:1), not asserted: "
                    + "a transfer's later leg is written in an earlier transaction,\n"
                    + "; which ledger counts on that transaction's day and hledger on its own\n\n"
                    + "2026-01-20 * Unknown shop\n"))
        #expect(
            text.contains(
                "2026-01-21 * Statement balance\n    ; source: inbox/current.csv:5\n"
                    + "    Assets:Current  0.00 GBP = 3338.80 GBP\n\n2026-01-22 *"))
        #expect(
            text.hasSuffix(
                "2026-01-30 * Statement balance\n    ; source: inbox/current.csv:9\n"
                    + "    ; stated: 3095.80 GBP, without the pending rows counted here\n"
                    + "    Assets:Current  0.00 GBP = 3088.30 GBP\n\n"))
    }

    @Test func beancountAssertsEachBalanceOnTheDayAfter() throws {
        let text = try String(contentsOfFile: try Self.export(.beancount), encoding: .utf8)
        #expect(
            text.contains(
                "2026-01-16 balance Liabilities:Card 70.00 GBP\n  source: \"inbox/card.csv:1\"\n"
                    + "  stated: -30.00 GBP\n\n"))
        #expect(
            text.contains("2026-01-22 balance Assets:Current 3338.80 GBP\n  source: \"inbox/current.csv:5\"\n\n"))
        #expect(
            text.hasSuffix(
                "2026-01-31 balance Assets:Current 3088.30 GBP\n  source: \"inbox/current.csv:9\"\n"
                    + "  stated: 3095.80 GBP\n\n"))
    }

    @Test func hledgerAndLedgerAcceptTheAssertions() throws {
        let path = try Self.export(.journal)
        if let output = try PeerTool.run("hledger", ["-f", path, "check", "-s", "assertions"]) {
            #expect(output.status == 0, "\(output.standardError)")
        }
        if let output = try PeerTool.run("ledger", ["-f", path, "balance"]) {
            #expect(output.status == 0, "\(output.standardError)")
            #expect(output.standardError.isEmpty, "\(output.standardError)")
        }
    }

    @Test func beanCheckAcceptsTheAssertions() throws {
        guard let output = try PeerTool.run("bean-check", [try Self.export(.beancount)]) else { return }
        #expect(output.status == 0, "\(output.standardError)\(output.standardOutput)")
    }

    @Test func aBrokenBalanceStopsHledgerAndLedger() throws {
        let path = try Self.export(.journal, Self.broken)
        if let output = try PeerTool.run("hledger", ["-f", path, "check", "assertions"]) {
            #expect(output.status != 0)
            #expect(output.standardError.contains("3339.80"), "\(output.standardError)")
        }
        if let output = try PeerTool.run("ledger", ["-f", path, "balance"]) {
            #expect(output.status != 0)
            #expect(output.standardError.contains("Balance assertion off by"), "\(output.standardError)")
        }
    }

    @Test func aBrokenBalanceStopsBeanCheck() throws {
        guard let output = try PeerTool.run("bean-check", [try Self.export(.beancount, Self.broken)]) else { return }
        #expect(output.status != 0)
        let said = output.standardError + output.standardOutput
        #expect(said.contains("Balance failed for 'Assets:Current'"), "\(said)")
    }

    /// Balances the import found to differ, or dated before the opening date, are left out; two
    /// files stating one day give one assertion.
    @Test func onlyBalancesThatHoldAreRead() throws {
        let folder = try TemporaryFolder.make("report")
        let path = folder.appendingPathComponent("import-report.json").path
        let report = """
            {"files": [
              {"path": "inbox/a.csv", "balanceChecks": [{"account": "current", "stated": [
                {"date": "2025-12-31", "amount": "990.00", "line": 2, "status": "unchecked"},
                {"date": "2026-01-21", "amount": "3338.80", "line": 5, "status": "ok"},
                {"date": "2026-01-22", "amount": "1.00", "line": 6, "status": "differs"}]}]},
              {"path": "inbox/b.csv", "balanceChecks": [{"account": "current", "stated": [
                {"date": "2026-01-21", "amount": "3338.80", "line": 3, "status": "ok"},
                {"date": "2026-01-02", "amount": "945.80", "line": 1, "status": "anchor"}]},
                {"account": "elsewhere", "stated": [
                {"date": "2026-01-02", "amount": "1.00", "line": 1, "status": "ok"}]}]}
            ]}
            """
        try Data(report.utf8).write(to: URL(fileURLWithPath: path))
        let balances = try StatedBalance.load(importReport: path, accounts: HandBuiltLedger.journal.accounts)
        #expect(
            balances == [
                StatedBalance(
                    date: CivilDate(iso: "2026-01-02")!, account: "current",
                    amount: Money(minorUnits: 94_580, currency: .gbp),
                    source: SourceLocation(file: "inbox/b.csv", line: 1)),
                StatedBalance(
                    date: CivilDate(iso: "2026-01-21")!, account: "current",
                    amount: Money(minorUnits: 333_880, currency: .gbp),
                    source: SourceLocation(file: "inbox/a.csv", line: 5)),
            ])
    }
}
