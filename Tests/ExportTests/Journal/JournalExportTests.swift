import Foundation
import Ledger
import TestSupport
import Testing

@testable import Export

/// The journal of `HandBuiltLedger`, read by hledger and by ledger. Every expected figure below was
/// worked out by hand from the rows.
@Suite("hledger and ledger journal")
struct JournalExportTests {
    static func export(_ journal: Journal = HandBuiltLedger.journal) throws -> String {
        let folder = try TemporaryFolder.make("export")
        let path = folder.appendingPathComponent("closebook.journal").path
        try ExportRun.write(ExportBook(journal: journal, prices: HandBuiltLedger.prices), as: .journal, to: path)
        return path
    }

    /// Every posting, pending ones too: the journal holds every row of the ledger.
    static let everything: [String: Set<String>] = [
        // 1000.00 - 54.20 + 2500.00 - 100.00 - 12.00 + 5.00 - 40.00 - 7.50 - 3.00 - 200.00
        "Assets:Current": ["3088.30 GBP"],
        // -30.00 + 100.00
        "Liabilities:Card": ["70.00 GBP"],
        // -10.00 + 230.00
        "Assets:Euro": ["220.00 EUR"],
        "Expenses:Food:Groceries": ["54.20 GBP", "10.00 EUR"],
        "Expenses:Food:Dining": ["20.00 GBP"],
        "Expenses:Entertainment:Cinema": ["10.00 GBP"],
        "Expenses:Food:Coffee": ["7.50 GBP"],
        "Expenses:Uncategorized": ["12.00 GBP"],
        "Income:Uncategorized": ["-5.00 GBP"],
        "Income:Salary": ["-2500.00 GBP"],
        "Equity:Transfers": ["40.00 GBP"],
        "Equity:Ignored": ["3.00 GBP"],
        "Equity:Opening Balances": ["-1000.00 GBP"],
    ]

    @Test func hledgerChecksTheJournalStrictly() throws {
        let path = try Self.export()
        let checks = ["-s", "accounts", "commodities", "assertions", "balancedwithautoconversion"]
        guard let output = try PeerTool.run("hledger", ["-f", path, "check"] + checks) else { return }
        #expect(output.status == 0, "\(output.standardError)")
    }

    @Test func hledgerBalancesAreTheHandWorkedOnes() throws {
        guard let balances = try PeerTool.hledgerBalances(try Self.export()) else { return }
        #expect(balances == Self.everything)
    }

    @Test func clearedLeavesThePendingRowOutAsTheFiguresDo() throws {
        guard let balances = try PeerTool.hledgerBalances(try Self.export(), ["--cleared"]) else { return }
        var expected = Self.everything
        expected["Expenses:Food:Coffee"] = nil
        expected["Assets:Current"] = ["3095.80 GBP"]  // 3088.30 + 7.50
        #expect(balances == expected)
    }

    @Test func aTransfersSecondLegKeepsItsOwnDate() throws {
        // The card payment leaves the current account on the 15th and reaches the card on the 16th.
        let path = try Self.export()
        guard let before = try PeerTool.hledgerBalances(path, ["-e", "2026-01-16", "Liabilities:Card"]) else { return }
        #expect(before == ["Liabilities:Card": ["-30.00 GBP"]])
        guard let after = try PeerTool.hledgerBalances(path, ["-e", "2026-01-17", "Liabilities:Card"]) else { return }
        #expect(after == ["Liabilities:Card": ["70.00 GBP"]])
    }

    @Test func aTransferIsOneTransactionWithTwoPostings() throws {
        let path = try Self.export()
        let arguments = ["-f", path, "register", "--output-format", "csv", "tag:import-id=current/3"]
        guard let output = try PeerTool.run("hledger", arguments) else { return }
        let rows = output.standardOutput.split(separator: "\n").dropFirst()
        #expect(rows.count == 2)
        // The first column is the transaction's number: both postings belong to one transaction.
        #expect(Set(rows.map { $0.split(separator: ",")[0] }).count == 1)
    }

    @Test func ledgerBalancesAgree() throws {
        guard let balances = try PeerTool.ledgerBalances(try Self.export(), commodities: ["GBP": 2, "EUR": 2])
        else { return }
        #expect(balances == Self.everything)
    }

    @Test func accountsHaveTheirTypes() throws {
        let path = try Self.export()
        guard let output = try PeerTool.run("hledger", ["-f", path, "accounts", "--types"]) else { return }
        let lines = Set(
            output.standardOutput.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") })
        #expect(lines.contains("Assets:Current ; type: C"))
        #expect(lines.contains("Liabilities:Card ; type: L"))
        #expect(lines.contains("Income:Salary ; type: R"))
        #expect(lines.contains("Expenses:Food:Groceries ; type: X"))
        #expect(lines.contains("Equity:Opening Balances ; type: E"))
    }

    @Test func thePayeeCannotOpenAComment() throws {
        let text = try String(contentsOfFile: try Self.export(), encoding: .utf8)
        #expect(text.contains("2026-01-26 ! Café, Crème / Bar\n"))
        #expect(text.contains("P 2026-01-01 EUR 0.87 GBP\n"))
        #expect(text.contains("commodity EUR\n    format 1000.00 EUR\n"))
    }

    @Test func aPayeeInBracketsStaysThePayeeNotTheCode() throws {
        var journal = HandBuiltLedger.journal
        journal.transactions.append(
            HandBuiltLedger.row("current/p", "current", "2026-01-31", "-1.00", "(Amazon) Marketplace", category: "Fees")
        )
        journal.sortCanonically()
        let path = try Self.export(journal)
        let arguments = ["-f", path, "register", "-O", "csv", "tag:import-id=current/p", "Assets"]
        guard let output = try PeerTool.run("hledger", arguments) else { return }
        #expect(output.standardOutput.contains("\"2026-01-31\",\"\",\"(Amazon) Marketplace\""))
        guard
            let ledger = try PeerTool.run("ledger", ["-f", path, "register", "Fees", "--format", "%(code)|%(payee)\n"])
        else { return }
        #expect(ledger.standardOutput == "|(Amazon) Marketplace\n")
    }

    @Test func theSameLedgerGivesTheSameBytes() throws {
        let first = try Data(contentsOf: URL(fileURLWithPath: try Self.export()))
        let second = try Data(contentsOf: URL(fileURLWithPath: try Self.export()))
        #expect(first == second)
        #expect(!first.isEmpty)
    }
}
