import Foundation
import Ledger
import TestSupport
import Testing

@testable import Categorize

/// The rows cache changes how much of a journal is read, never what reading it comes to: the rows
/// taken from a cache and read on from a checkpoint equal, column by column and text by text, the
/// rows of the same journal read whole.
@Suite struct LedgerRowsCacheTests {
    /// `count` rows in canonical order (date, then account, then id) from 2026-01-01, four a day:
    /// payees that repeat (a few dozen merchants) unless `distinctPayees`, memos that change every
    /// few rows, a bank type on some, two accounts and, from `euroFrom`, rows of a third in euros.
    static func transactions(
        count: Int, from first: Int = 0, distinctPayees: Bool = false, euroFrom: Int = .max
    ) -> [Transaction] {
        (first..<first + count).map { index in
            let date = CivilDate(year: 2026, month: 1, day: 1)!.adding(days: index / 4)!
            let account = index >= euroFrom && index % 4 == 3 ? "euro" : index % 4 < 2 ? "card" : "current"
            let payee = distinctPayees ? "CARD PAYMENT \(index) REF \(index * 7919 % 100_003)" : "SHOP \(index % 37)"
            return Fixture.transaction(
                "\(account)/t\(String(index + 1_000_000))", account: account, date: date.description,
                amount: "-\(1 + index % 90).\(10 + index % 89)", payee: payee, memo: "memo \(index / 5 % 13)",
                bankType: index % 3 == 0 ? "POS" : nil, currency: account == "euro" ? .eur : .gbp)
        }
    }

    /// Writes `transactions` as a journal in a new folder; its path.
    func journal(_ transactions: [Transaction]) throws -> String {
        let folder = try TemporaryFolder.make("rows-cache").path
        try Fixture.writeJournal(transactions, to: folder)
        return folder + "/build/journal.jsonl"
    }

    func read(_ path: String, cache: String? = nil, step: Int) throws -> LedgerRows {
        try LedgerRows(
            file: JournalBytes(contentsOf: path), path: path,
            cache: cache.flatMap { LedgerRowsCache(path: $0) }, checkpointStep: step)
    }

    /// Reads `earlier` whole and keeps its cache; reads `later` with that cache and whole; checks the
    /// two readings of `later` are the same and returns the rows taken from the cache.
    func resumedRows(earlier: [Transaction], later: [Transaction], step: Int) throws -> Int? {
        let first = try journal(earlier)
        let cache = first + ".rows-cache"
        let rows = try read(first, step: step)
        LedgerRowsCache.write(rows, to: cache)
        #expect(FileManager.default.fileExists(atPath: cache))
        let second = try journal(later)
        let resumed = try read(second, cache: cache, step: step)
        let whole = try read(second, step: step)
        Self.expectSame(resumed, whole)
        return resumed.reading?.resumedRows
    }

    static func expectSame(_ lhs: LedgerRows, _ rhs: LedgerRows) {
        #expect(lhs.layout == rhs.layout)
        #expect(lhs.texts == rhs.texts)
        #expect(lhs.payee == rhs.payee)
        #expect(lhs.memo == rhs.memo)
        #expect(lhs.bankType == rhs.bankType)
        #expect(lhs.bankCategory == rhs.bankCategory)
        #expect(lhs.account == rhs.account)
        #expect(lhs.accounts == rhs.accounts)
        #expect(lhs.date == rhs.date)
        #expect(lhs.minorUnits == rhs.minorUnits)
        #expect(lhs.currency == rhs.currency)
        #expect(lhs.currencies == rhs.currencies)
        #expect(lhs.category == rhs.category)
        #expect(lhs.source == rhs.source)
        #expect(lhs.peer == rhs.peer)
        #expect(lhs.scannedOrder == rhs.scannedOrder)
        #expect(lhs.canonicalOrder() == rhs.canonicalOrder())
        #expect(lhs.header.accounts.map(\.id) == rhs.header.accounts.map(\.id))
        // The same checkpoints, taken from the cache or made anew (only the latter lack a hash).
        func unhashed(_ rows: LedgerRows) -> [LedgerRowsCache.Checkpoint] {
            (rows.reading?.checkpoints ?? []).map {
                var point = $0
                point.hash = nil
                return point
            }
        }
        #expect(unhashed(lhs) == unhashed(rhs))
        #expect(lhs.reading?.accountChanges == rhs.reading?.accountChanges)
    }

    @Test func aLongerJournalIsReadOnFromWhereTheLastOneEnded() throws {
        let earlier = Self.transactions(count: 3_000)
        // A month more: new payees, a new account, a new currency.
        let added = Self.transactions(count: 400, from: 3_000, euroFrom: 3_100).map { row -> Transaction in
            var row = row
            if row.account.rawValue == "current" { row.payee += " NEW" }
            return row
        }
        #expect(try resumedRows(earlier: earlier, later: earlier + added, step: 512) == 3_000)
    }

    @Test func theSameJournalIsTakenWholeAndItsCacheIsKept() throws {
        let rows = Self.transactions(count: 2_000)
        #expect(try resumedRows(earlier: rows, later: rows, step: 256) == 2_000)
        let path = try journal(rows)
        let cache = path + ".rows-cache"
        LedgerRowsCache.write(try read(path, step: 256), to: cache)
        // Nothing read anew: the cache it came from is as good as a new one, and is not written.
        #expect(try read(path, cache: cache, step: 256).reading?.needsWriting == false)
        #expect(try read(path, step: 256).reading?.needsWriting == true)
    }

    @Test func aChangedRowIsReadAgainFromTheCheckpointBeforeIt() throws {
        let earlier = Self.transactions(count: 3_000)
        var later = earlier
        later[1_700].payee = "SHOP CHANGED"
        #expect(try resumedRows(earlier: earlier, later: later, step: 512) == 1_536)
        // A row added between two rows read before: the same.
        var inserted = earlier
        inserted.insert(
            Fixture.transaction("current/t1000999x", date: "2026-02-05", amount: "-1.00", payee: "X"), at: 140)
        #expect(try resumedRows(earlier: earlier, later: inserted, step: 64) == 128)
        // A change in the first chunk: nothing is taken.
        var early = earlier
        early[3].memo = "other"
        #expect(try resumedRows(earlier: earlier, later: early, step: 512) == nil)
    }

    /// 20,000 distinct payees: the payee table stops storing at its 16,384th lookup and keeps no
    /// keys, so only the checkpoints after that can be returned to.
    @Test func aPayeeTableThatStoppedStoringIsReturnedToOnlyAfterItStopped() throws {
        let earlier = Self.transactions(count: 20_000, distinctPayees: true)
        var late = earlier
        late[18_500].payee = "CHANGED"
        #expect(try resumedRows(earlier: earlier, later: late, step: 4_096) == 16_384)
        var early = earlier
        early[10_000].payee = "CHANGED"
        #expect(try resumedRows(earlier: earlier, later: early, step: 4_096) == nil)
    }

    /// Journals of a few hundred to a few thousand rows, each read with the cache of a journal that
    /// differs from it by rows added at the end, a row changed, a row inserted or removed, or
    /// the end cut off, at random places, with checkpoints every 16 to 256 rows: the rows read
    /// with the cache equal the rows read whole every time (`resumedRows` checks it).
    @Test func randomEditsNeverChangeWhatReadingComesTo() throws {
        var random = SplitMix64(seed: 0x5EED_2026)
        var resumedSomewhere = 0
        for round in 0..<24 {
            let count = 200 + random.below(1_800)
            let step = 16 << random.below(5)
            let earlier = Self.transactions(
                count: count, distinctPayees: round % 3 == 0, euroFrom: round % 4 == 0 ? count / 2 : .max)
            var later = earlier
            let at = random.below(count)
            switch round % 5 {
            case 0: later += Self.transactions(count: 1 + random.below(300), from: count)
            case 1: later[at].amount = Money(minorUnits: later[at].amount.minorUnits - 1, currency: .gbp)
            case 2:
                later.insert(
                    Fixture.transaction("card/t\(at)x", account: "card", amount: "-2.00", payee: "NEW"), at: at)
            case 3: later.remove(at: at)
            default: later.removeLast(1 + at / 2)
            }
            if let rows = try resumedRows(earlier: earlier, later: later, step: step) {
                resumedSomewhere += 1
                #expect(rows % step == 0 || rows == count, "round \(round): resumed at \(rows)")
            }
        }
        // Most edits leave a checkpoint before them.
        #expect(resumedSomewhere >= 12)
    }

    @Test func aCacheChangedAnywhereOrCutShortIsNotRead() throws {
        let path = try journal(Self.transactions(count: 1_000))
        let cache = path + ".rows-cache"
        LedgerRowsCache.write(try read(path, step: 128), to: cache)
        let bytes = try FileOutput.read(cache)
        #expect(LedgerRowsCache(path: cache) != nil)
        for offset in [20, bytes.count / 3, bytes.count / 2, bytes.count - 30] {
            var changed = bytes
            changed[offset] ^= 0x01
            try FileOutput.write(changed, to: cache)
            #expect(LedgerRowsCache(path: cache) == nil, "byte \(offset) changed")
        }
        try FileOutput.write(Array(bytes.dropLast(100)), to: cache)
        #expect(LedgerRowsCache(path: cache) == nil)
    }

    /// The stage writes the same ledger, `uncategorized.csv` and report with the cache as without,
    /// at a month end (a cache of the journal without its last month) and with nothing changed.
    @Test func theStageWritesTheSameWithTheCache() throws {
        let folder = try TemporaryFolder.make("rows-cache-stage").path
        try FileOutput.write(
            "if payee ~ \"shop 1\"\n    category Food:Groceries\nif memo ~ \"memo 3\"\n    category Fun\n",
            to: folder + "/rules/10-main.rules")
        let all = Self.transactions(count: 3_000, euroFrom: 2_500)
        try Fixture.writeJournal(all, to: folder)
        let fresh = try Fixture.runStage(folder)
        let cache = folder + "/build/rows-cache.bin"
        try Fixture.writeJournal(Array(all.prefix(2_600)), to: folder)
        _ = try Fixture.runStage(folder, rowsCache: cache)
        #expect(FileManager.default.fileExists(atPath: cache))
        try Fixture.writeJournal(all, to: folder)
        #expect(try Fixture.runStage(folder, rowsCache: cache) == fresh)
        #expect(try Fixture.runStage(folder, rowsCache: cache) == fresh)
    }
}
