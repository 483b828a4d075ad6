import Foundation
import Ledger
import TestSupport
import Testing

@testable import Export

/// A valued account with rows of its own (a pension's contributions): revaluations to the value in
/// force, read back by hledger, ledger and beancount.
///
/// Worked by hand: the pension has no opening balance; it is valued at 1000.00 on 2026-01-31 and
/// 1350.00 on 2026-03-31, and 100.00 is paid in on 2026-02-10 and 150.00 on 2026-03-10 (unpaired
/// transfers, so from `Equity:Transfers`).
/// - 2026-01-31, a valuation: the books hold 0.00, so 1000.00 comes from `Equity:Opening
///   Balances` (its starting value, not growth); balance 1000.00.
/// - 2026-02-10: 1100.00 with the contribution.
/// - 2026-02-28, a month end: the value in force is still 1000.00, so -100.00 (Investment Growth
///   +100.00); balance 1000.00, the report's net worth.
/// - 2026-03-10: 1150.00.
/// - 2026-03-31, a valuation: 1350.00 - 1150.00 = 200.00 (Investment Growth -200.00).
/// `Income:Investment Growth` ends at -100.00: 1350.00 - 1000.00 - 250.00 paid in, the market's
/// part; `Equity:Opening Balances` -2000.00 (the current account's 1000.00 and the pension's),
/// `Equity:Transfers` -210.00 (-250.00 paid in, +40.00 of the current account's unpaired transfer).
@Suite("Valued accounts with rows, revalued")
struct RevaluationExportTests {
    static var journal: Journal {
        var journal = HandBuiltLedger.journal
        journal.accounts.append(Account(id: "pension", name: "Pension", kind: .investment, currency: .gbp))
        journal.transactions += [
            HandBuiltLedger.row("pension/1", "pension", "2026-02-10", "100.00", "Contribution", isTransfer: true),
            HandBuiltLedger.row(
                "pension/2", "pension", "2026-03-10", "150.00", "Contribution", isTransfer: true, line: 2),
        ]
        journal.sortCanonically()
        return journal
    }

    static let valuations = [
        Valuation(
            date: CivilDate(iso: "2026-01-31")!, account: "pension", value: Money(minorUnits: 100_000, currency: .gbp),
            line: 2),
        Valuation(
            date: CivilDate(iso: "2026-03-31")!, account: "pension", value: Money(minorUnits: 135_000, currency: .gbp),
            line: 3),
    ]

    static var book: ExportBook {
        ExportBook(journal: journal, prices: HandBuiltLedger.prices, valuations: valuations)
    }

    static func export(_ format: ExportFormat) throws -> String {
        let folder = try TemporaryFolder.make("export")
        let path = folder.appendingPathComponent(format.fileName).path
        try ExportRun.write(book, as: format, to: path)
        return path
    }

    static func gbp(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: .gbp) }

    @Test func theBookRevaluesOnValuationDaysAndMonthEnds() {
        let book = Self.book
        #expect(book.valued.isEmpty)
        let day = { (iso: String) in CivilDate(iso: iso)! }
        #expect(
            book.revaluations == [
                Revaluation(
                    date: day("2026-01-31"), account: "pension", amount: Self.gbp(100_000), balance: Self.gbp(100_000),
                    valuedOn: day("2026-01-31"), line: 2, counterpart: .openingBalances),
                Revaluation(
                    date: day("2026-02-28"), account: "pension", amount: Self.gbp(-10_000), balance: Self.gbp(100_000),
                    valuedOn: day("2026-01-31"), line: 2, counterpart: .investmentGrowth),
                Revaluation(
                    date: day("2026-03-31"), account: "pension", amount: Self.gbp(20_000), balance: Self.gbp(135_000),
                    valuedOn: day("2026-03-31"), line: 3, counterpart: .investmentGrowth),
            ])
        #expect(book.accounts.contains(.investmentGrowth))
    }

    @Test func theJournalAssertsTheValueInForce() throws {
        let text = try String(contentsOfFile: try Self.export(.journal), encoding: .utf8)
        #expect(
            text.contains(
                "2026-02-28 * Valuation\n    ; source: valuations.csv:2\n"
                    + "    ; valued on 2026-01-31, the latest valuation: what was paid in since counts from the next\n"
                    + "    Assets:Pension  -100.00 GBP = 1000.00 GBP\n    Income:Investment Growth  100.00 GBP\n\n"))
        #expect(!text.contains("PENSION"))
    }

    @Test(arguments: [
        ("2026-02-01", "1000.00 GBP"), ("2026-02-11", "1100.00 GBP"), ("2026-03-01", "1000.00 GBP"),
        ("2026-03-11", "1150.00 GBP"), ("2026-04-01", "1350.00 GBP"),
    ])
    func hledgerHoldsTheValue(end: String, pension: String) throws {
        let path = try Self.export(.journal)
        if let output = try PeerTool.run(
            "hledger",
            ["-f", path, "check", "-s", "accounts", "commodities", "assertions", "balancedwithautoconversion"])
        {
            #expect(output.status == 0, "\(output.standardError)")
        }
        guard let balances = try PeerTool.hledgerBalances(path, ["-e", end, "Assets:Pension"]) else { return }
        #expect(balances == ["Assets:Pension": [pension]])
    }

    @Test func ledgerAgrees() throws {
        let path = try Self.export(.journal)
        guard let balances = try PeerTool.ledgerBalances(path, commodities: ["GBP": 2]) else { return }
        #expect(balances["Assets:Pension"] == ["1350.00 GBP"])
        #expect(balances["Income:Investment Growth"] == ["-100.00 GBP"])
        #expect(balances["Equity:Opening Balances"] == ["-2000.00 GBP"])
        #expect(balances["Equity:Transfers"] == ["-210.00 GBP"])
    }

    @Test func beancountChecksTheBalances() throws {
        let path = try Self.export(.beancount)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.contains(
                "2026-02-28 * \"Valuation\" \"valued on 2026-01-31, the latest valuation\"\n"
                    + "  source: \"valuations.csv:2\"\n  Assets:Pension  -100.00 GBP\n"
                    + "  Income:Investment-Growth  100.00 GBP\n\n"
                    + "2026-03-01 balance Assets:Pension 1000.00 GBP\n  source: \"valuations.csv:2\"\n\n"))
        #expect(text.contains("2026-04-01 balance Assets:Pension 1350.00 GBP\n"))
        guard let output = try PeerTool.run("bean-check", [path]) else { return }
        #expect(output.status == 0, "\(output.standardError)\(output.standardOutput)")
        guard let balances = try PeerTool.beancountBalances(path) else { return }
        #expect(balances["Assets:Pension"] == ["1350.00 GBP"])
        #expect(balances["Income:Investment-Growth"] == ["-100.00 GBP"])
    }
}
