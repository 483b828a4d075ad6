import Foundation
import Ledger
import TestSupport
import Testing

@testable import Categorize

/// The ledger's leading rows that the spare already holds as this run would write them are left in
/// place (`EarlierLedger`); the ledger is the same bytes as a run that writes it whole, whatever
/// was left.
@Suite struct EarlierLedgerTests {
    static let rules = """
        if payee ~ "shop 1"
            category Shopping:One
        if payee ~ "shop 2"
            category Shopping:Two

        """

    /// A workspace with `rules` and the journal of `transactions`, with the journal's rows file as
    /// the import writes it (each row told by a hash of its bytes, a few unknown), unless
    /// `rowsFile` is false.
    func workspace(
        _ transactions: [Transaction], rules: String = rules, rowsFile: Bool = true, renamedAccount: Bool = false
    ) throws -> String {
        let folder = try TemporaryFolder.make("earlier-ledger").path
        try FileOutput.write(rules, to: folder + "/rules/10-main.rules")
        try writeJournal(transactions, to: folder, rowsFile: rowsFile, renamedAccount: renamedAccount)
        return folder
    }

    /// With `renamedAccount`, the journal's header names the savings account `Savingz`: as long, other
    /// bytes (its rows are the same).
    func writeJournal(
        _ transactions: [Transaction], to folder: String, rowsFile: Bool = true, renamedAccount: Bool = false
    ) throws {
        let path = folder + "/build/journal.jsonl"
        var journal = Fixture.journal(transactions)
        if renamedAccount { journal.accounts[1].name = "Savingz" }
        let bytes = JournalCodec.encode(journal)
        try FileOutput.write(bytes, to: path)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        let rows = lines.dropFirst()
        let journalRows = JournalRows(
            headerLength: lines.first!.count + 1,
            // Every seventh row unknown, as the import leaves a row it cannot vouch for: the ledger
            // tells those by their own bytes.
            identities: rows.enumerated().map { index, line in
                index % 7 == 1
                    ? RowIdentity.unknown
                    : Array(line).withUnsafeBufferPointer { ByteKeyedCache<Int>.hash($0) } | 1
            },
            lengths: rows.map { UInt32($0.count + 1) })
        if rowsFile {
            JournalRowsFile.save(JournalRowsFile.Prepared(journalRows), journal: path)
        } else {
            unlink(JournalRowsFile.path(ofJournal: path))
        }
    }

    /// Categorises the workspace as `make report` does (a spare kept for any ledger); the result
    /// and the ledger's bytes.
    func run(_ folder: String) throws -> (result: CategorizeRun.Result, ledger: [UInt8]) {
        var run = CategorizeRun(
            workspace: folder, journalPath: folder + "/build/journal.jsonl",
            mode: .write(
                ledger: folder + "/build/ledger.jsonl", uncategorized: folder + "/build/uncategorized.csv",
                report: folder + "/build/categorize-report.json"))
        run.smallestSpare = 0
        let result = run.execute()
        #expect(result.exitCode == 0, "\(result.standardError)")
        return (result, try FileOutput.read(folder + "/build/ledger.jsonl"))
    }

    /// The ledger a run that finds no earlier ledger writes for `transactions` and `rules`.
    func whole(_ transactions: [Transaction], rules: String = rules, renamedAccount: Bool = false) throws -> [UInt8] {
        let (result, ledger) = try run(try workspace(transactions, rules: rules, renamedAccount: renamedAccount))
        #expect(result.ledgerRowsKept == 0)
        return ledger
    }

    /// Two runs over the first journal (the second keeps the first's ledger as its spare), then
    /// `edit` of the workspace's folder and the journal of `later` (its header's savings account
    /// renamed with `renamedAccount`): what the third run left in place, and its ledger.
    func monthEnd(
        earlier: [Transaction], later: [Transaction], laterRules: String = rules, renamedAccount: Bool = false,
        edit: (String) throws -> Void = { _ in }
    ) throws -> (kept: Int, ledger: [UInt8], folder: String) {
        let folder = try workspace(earlier)
        _ = try run(folder)
        _ = try run(folder)
        #expect(FileManager.default.fileExists(atPath: folder + "/build/.ledger.jsonl.spare"))
        #expect(FileManager.default.fileExists(atPath: folder + "/build/.ledger.jsonl.spare.rows"))
        try edit(folder)
        try FileOutput.write(laterRules, to: folder + "/rules/10-main.rules")
        try writeJournal(later, to: folder, renamedAccount: renamedAccount)
        let (result, ledger) = try run(folder)
        #expect(result.ledgerRowsKept + result.ledgerRowsWritten == later.count)
        return (result.ledgerRowsKept, ledger, folder)
    }

    @Test func aMonthMoreLeavesEveryEarlierRowInPlace() throws {
        let earlier = LedgerRowsCacheTests.transactions(count: 400)
        let later = earlier + LedgerRowsCacheTests.transactions(count: 120, from: 400)
        let (kept, ledger, folder) = try monthEnd(earlier: earlier, later: later)
        // Every one of the 400 earlier rows is categorised as before: all are left where they are.
        #expect(kept == 400)
        #expect(ledger == (try whole(later)))
        // The new ledger's rows file describes it: the next run can leave its rows in place too.
        let rowsFile = JournalRowsFile(path: folder + "/build/.ledger.jsonl.rows")
        #expect(rowsFile?.describes(folder + "/build/ledger.jsonl") == true)
        #expect(rowsFile?.rows.identities.count == 520)
    }

    /// A month end over `count` rows and `added` more, under `laterRules` then: it leaves `kept`
    /// rows in place, and its ledger is the whole one's.
    func expectMonthEnd(
        count: Int, added: Int, laterRules: String = rules, renamedAccount: Bool = false, kept expected: Int,
        edit: (String) throws -> Void = { _ in }
    ) throws {
        let earlier = LedgerRowsCacheTests.transactions(count: count)
        let later = earlier + LedgerRowsCacheTests.transactions(count: added, from: count)
        let (kept, ledger, _) = try monthEnd(
            earlier: earlier, later: later, laterRules: laterRules, renamedAccount: renamedAccount, edit: edit)
        #expect(kept == expected)
        #expect(ledger == (try whole(later, rules: laterRules, renamedAccount: renamedAccount)))
    }

    @Test func aChangedRuleLeavesOnlyTheRowsBeforeTheFirstItChanges() throws {
        // `SHOP 3` is the payee of rows 3, 40, 77...: from row 3 on, the ledger is written anew.
        let changed = Self.rules + "if payee ~ \"shop 3\"\n    category Shopping:Three\n"
        try expectMonthEnd(count: 400, added: 40, laterRules: changed, kept: 3)
    }

    /// A category renamed to one as long: rows of the same length, other bytes, from its first row
    /// on: row 1 (`SHOP 1`, one the journal's rows file leaves unknown, told by its bytes) and row 2
    /// (`SHOP 2`, told by its journal row's identity and its added fields).
    @Test(arguments: [("Shopping:One", "Shopping:Uno", 1), ("Shopping:Two", "Shopping:Dos", 2)])
    func aCategoryRenamedToOneAsLongLeavesOnlyTheRowsBeforeItsFirst(from: String, to: String, kept: Int) throws {
        let renamed = Self.rules.replacingOccurrences(of: from, with: to)
        try expectMonthEnd(count: 400, added: 40, laterRules: renamed, kept: kept)
    }

    @Test func aHeaderChangedLeavesNoRowInPlace() throws {
        // The same rows under a header of the same length that names an account otherwise: the
        // spare's rows are this ledger's, its first line is not.
        try expectMonthEnd(count: 200, added: 20, renamedAccount: true, kept: 0)
    }

    @Test func aSpareChangedSinceItsRowsFileIsWrittenOver() throws {
        // The spare is edited after its rows file was written: that file no longer describes it.
        try expectMonthEnd(count: 200, added: 20, kept: 0) { folder in
            let spare = folder + "/build/.ledger.jsonl.spare"
            let bytes = try FileOutput.read(spare)
            let at = bytes.count / 2
            let handle = try #require(FileHandle(forWritingAtPath: spare))
            try handle.seek(toOffset: UInt64(at))
            try handle.write(contentsOf: [bytes[at] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")])
            try handle.close()
        }
    }

    @Test func aJournalWithoutItsRowsFileIsWrittenWholeWithNoRowsFile() throws {
        let earlier = LedgerRowsCacheTests.transactions(count: 200)
        let folder = try workspace(earlier)
        _ = try run(folder)
        #expect(FileManager.default.fileExists(atPath: folder + "/build/.ledger.jsonl.rows"))
        try writeJournal(earlier + LedgerRowsCacheTests.transactions(count: 20, from: 200), to: folder, rowsFile: false)
        let (result, _) = try run(folder)
        #expect(result.ledgerRowsKept == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/build/.ledger.jsonl.rows"))
    }
}
