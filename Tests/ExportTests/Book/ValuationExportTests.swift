import Foundation
import Ledger
import TestSupport
import Testing

@testable import Export

/// Accounts valued in `valuations.csv`, priced units in the journal and in beancount, read back by
/// hledger, ledger and beancount.
///
/// Worked by hand: the pension (an asset no file feeds) is worth 1000.00 on 2026-01-01 and 1100.00
/// on 2026-01-31; the mortgage (a loan) 5000.00 and then 4900.00 owed. On the 15th the tools value
/// them at 1000.00 and -5000.00 (the latest price at or before the day); from the 31st at 1100.00
/// and -4900.00. `Equity:Opening Balances` takes the first values: -1000.00 + 5000.00 beside the
/// current account's -1000.00 opening, 3000.00.
@Suite("Valuations as priced units")
struct ValuationExportTests {
    static var journal: Journal {
        var journal = HandBuiltLedger.journal
        journal.accounts.append(Account(id: "mortgage", name: "Mortgage", kind: .loan, currency: .gbp))
        return journal
    }

    static let valuations = [
        Valuation(
            date: CivilDate(iso: "2026-01-01")!, account: "pension", value: Money(minorUnits: 100_000, currency: .gbp),
            line: 2),
        Valuation(
            date: CivilDate(iso: "2026-01-31")!, account: "pension", value: Money(minorUnits: 110_000, currency: .gbp),
            line: 3),
        Valuation(
            date: CivilDate(iso: "2026-01-01")!, account: "mortgage",
            value: Money(minorUnits: -500_000, currency: .gbp), line: 4),
        Valuation(
            date: CivilDate(iso: "2026-01-31")!, account: "mortgage",
            value: Money(minorUnits: -490_000, currency: .gbp), line: 5),
    ]

    static func export(_ format: ExportFormat) throws -> String {
        let folder = try TemporaryFolder.make("export")
        let path = folder.appendingPathComponent(format.fileName).path
        let book = ExportBook(journal: journal, prices: HandBuiltLedger.prices, valuations: valuations)
        try ExportRun.write(book, as: format, to: path)
        return path
    }

    @Test func theJournalHoldsAUnitPricedAtEachValuation() throws {
        let text = try String(contentsOfFile: try Self.export(.journal), encoding: .utf8)
        #expect(text.contains("commodity GBP\n    format 1000.00 GBP\ncommodity 1. MORTGAGE\ncommodity 1. PENSION\n\n"))
        #expect(
            text.contains(
                "P 2026-01-01 EUR 0.87 GBP\n\nP 2026-01-01 MORTGAGE 5000.00 GBP\nP 2026-01-31 MORTGAGE 4900.00 GBP\n"
                    + "P 2026-01-01 PENSION 1000.00 GBP\nP 2026-01-31 PENSION 1100.00 GBP\n\n"))
        #expect(
            text.contains(
                "2026-01-01 * Valuation\n    ; source: valuations.csv:4\n"
                    + "    Liabilities:Mortgage  -1 MORTGAGE @@ 5000.00 GBP\n    Equity:Opening Balances  5000.00 GBP\n\n"
                    + "2026-01-01 * Valuation\n    ; source: valuations.csv:2\n"
                    + "    Assets:Pension  1 PENSION @@ 1000.00 GBP\n    Equity:Opening Balances  -1000.00 GBP\n\n"))
    }

    @Test(arguments: [
        ("2026-01-16", "1000.00 GBP", "-5000.00 GBP"), ("2026-02-01", "1100.00 GBP", "-4900.00 GBP"),
    ])
    func hledgerValuesThemAtTheLatestValuation(end: String, pension: String, mortgage: String) throws {
        let path = try Self.export(.journal)
        if let output = try PeerTool.run(
            "hledger",
            ["-f", path, "check", "-s", "accounts", "commodities", "assertions", "balancedwithautoconversion"])
        {
            #expect(output.status == 0, "\(output.standardError)")
        }
        let arguments = ["-e", end, "-X", "GBP", "--value=end", "Assets:Pension", "Liabilities:Mortgage"]
        guard let balances = try PeerTool.hledgerBalances(path, arguments) else { return }
        #expect(balances == ["Assets:Pension": [pension], "Liabilities:Mortgage": [mortgage]])
    }

    @Test func ledgerReadsTheUnits() throws {
        let path = try Self.export(.journal)
        guard let balances = try PeerTool.ledgerBalances(path, commodities: ["GBP": 2, "MORTGAGE": 0, "PENSION": 0])
        else { return }
        #expect(balances["Assets:Pension"] == ["1 PENSION"])
        #expect(balances["Liabilities:Mortgage"] == ["-1 MORTGAGE"])
        #expect(balances["Equity:Opening Balances"] == ["3000.00 GBP"])
    }

    @Test func beancountHoldsAUnitAtCostPricedAtEachValuation() throws {
        let path = try Self.export(.beancount)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("2025-12-31 commodity MORTGAGE\n2025-12-31 commodity PENSION\n\n"))
        #expect(text.contains("2025-12-31 open Assets:Pension PENSION\n"))
        #expect(text.contains("2025-12-31 open Liabilities:Mortgage MORTGAGE\n"))
        #expect(
            text.contains(
                "2026-01-01 price PENSION 1000.00 GBP\n2026-01-31 price PENSION 1100.00 GBP\n\n"))
        #expect(
            text.contains(
                "2026-01-01 * \"Valuation\" \"\"\n  source: \"valuations.csv:2\"\n"
                    + "  Assets:Pension  1 PENSION {1000.00 GBP}\n  Equity:Opening-Balances  -1000.00 GBP\n\n"))
        guard let output = try PeerTool.run("bean-check", [path]) else { return }
        #expect(output.status == 0, "\(output.standardError)\(output.standardOutput)")
        let query =
            "SELECT account, sum(value(position, 2026-02-01)) WHERE account ~ 'Pension|Mortgage' GROUP BY account"
        guard let rows = try PeerTool.beanQuery(path, query) else { return }
        #expect(
            rows.sorted { $0[0] < $1[0] } == [
                ["Assets:Pension", "1100.00 GBP"], ["Liabilities:Mortgage", "-4900.00 GBP"],
            ])
    }

    @Test(arguments: [
        ("pension", "PENSION"), ("isa-2", "ISA-2"), ("2024 flat", "V2024-FLAT"), ("eur", "EUR-V"), ("x", "X-V"),
        ("crème", "CR-ME"),
    ])
    func symbols(id: String, symbol: String) {
        #expect(ValuedAccount.symbol(for: AccountID(id), taken: ["EUR", "GBP"]) == symbol)
    }

    @Test func aSymbolWithMoreThanLettersIsQuotedInTheJournal() {
        #expect(JournalWriter.quoted("PENSION") == "PENSION")
        #expect(JournalWriter.quoted("ISA-2") == "\"ISA-2\"")
    }

    @Test func anAccountWithRowsOfItsOwnGetsNoUnit() {
        let valuation = Valuation(
            date: CivilDate(iso: "2026-01-31")!, account: "current", value: Money(minorUnits: 1, currency: .gbp),
            line: 2)
        let book = ExportBook(journal: HandBuiltLedger.journal, valuations: [valuation])
        #expect(book.valued.isEmpty)
    }

    @Test func aValuationOfAnUnknownAccountIsAnErrorWithItsPlace() {
        #expect(
            throws: ExportError(
                path: "valuations.csv", line: 2, column: 12,
                message: "unknown account 'house' (closebook.toml has: current)")
        ) {
            _ = try Valuation.readSorted(
                "date,account,value\n2026-01-31,house,1.00\n", path: "valuations.csv", accounts: ["current": .gbp])
        }
    }
}
