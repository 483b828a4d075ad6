import Categorize
import Foundation
import Ledger
import TestSupport
import Testing

/// The figure file the stage writes beside the ledger holds, row for row, what decoding the ledger
/// gives the analysis; and it is not trusted once the ledger changes.
@Suite struct LedgerFiguresTests {
    /// `LedgerWriterTests`' journal, with rows in the encoder's exact form that are pending (with
    /// and without a memo) and one in another currency.
    static func journal() -> Journal {
        var journal = LedgerWriterTests.journal()
        var pending = Fixture.transaction("current/p1", date: "2026-10-05", amount: "-3.00", payee: "TESCO EXPRESS")
        pending.status = .pending
        var pendingWithMemo = Fixture.transaction(
            "current/p2", date: "2026-10-05", amount: "-4.00", payee: "CORNER SHOP", memo: "milk", bankType: "POS")
        pendingWithMemo.status = .pending
        // A memo that reads like the status field: the status is found by its place, not by search.
        let lookalike = Fixture.transaction(
            "current/p3", date: "2026-10-05", amount: "-5.00", payee: "KIOSK", memo: ",status:pending")
        let euro = Fixture.transaction(
            "card/e1", account: "card", date: "2026-10-06", amount: "-12.50", payee: "TESCO PARIS",
            currency: Currency(code: "EUR")!)
        journal.transactions += [pending, pendingWithMemo, lookalike, euro]
        return journal
    }

    /// A folder with `journal()` categorised by `LedgerWriterTests`' rules; returns it.
    static func categorized(_ name: String) throws -> String {
        let folder = try TemporaryFolder.make(name).path
        try FileOutput.write(LedgerWriterTests.rules, to: folder + "/rules/10-main.rules")
        try FileOutput.write(JournalCodec.encode(Self.journal()), to: folder + "/journal.jsonl")
        LedgerWriterTests.categorize(folder)
        return folder
    }

    @Test func theFigureFileHoldsWhatDecodingTheLedgerGives() throws {
        let folder = try Self.categorized("ledger-figures")
        let ledger = folder + "/ledger.jsonl"
        let decoded = try JournalCodec.decodeFigures(try JournalBytes(contentsOf: ledger), path: ledger).rows
        let figures = FigureFile.read(path: folder + "/.ledger.jsonl.figures", ledger: FileStamp(path: ledger)!)
        #expect(figures?.rows == decoded)
        // Pending rows, splits, another currency, ignored and transfer rows: the hashes made from
        // the file's bytes are the rows' own.
        #expect(figures?.contentHashes == decoded.map(\.contentHash))
        // The cases the columns must get right are there.
        let byID = Dictionary(uniqueKeysWithValues: decoded.map { ($0.id.rawValue, $0) })
        #expect(byID["current/p1"]?.status == .pending)
        #expect(byID["current/p2"]?.status == .pending)
        #expect(byID["current/p3"]?.status == .posted)
        #expect(byID["current/t4"]?.status == .pending)
        #expect(byID["current/t8"]?.splits.count == 2)
        #expect(byID["current/t9"]?.payee == "Spotify Premium")
        #expect(byID["card/e1"]?.amount.currency.code == "EUR")
        #expect(byID["current/t6"]?.isIgnored == true)
        #expect(byID["current/t3"]?.isTransfer == true)
    }

    @Test func aLedgerWrittenAgainWithoutItLeavesTheFigureFileUnread() throws {
        let folder = try Self.categorized("ledger-figures-stale")
        let ledger = folder + "/ledger.jsonl"
        #expect(FigureFile.read(path: folder + "/.ledger.jsonl.figures", ledger: FileStamp(path: ledger)!) != nil)
        let bytes = try FileOutput.read(ledger)
        try FileOutput.write(bytes, to: ledger)
        #expect(FigureFile.read(path: folder + "/.ledger.jsonl.figures", ledger: FileStamp(path: ledger)!) == nil)
    }
}
