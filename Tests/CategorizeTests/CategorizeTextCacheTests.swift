import Foundation
import Ledger
import TestSupport
import Testing

@testable import Categorize

/// The text cache changes how much work a run does, never what it writes: with no cache, a cache
/// of the same journal, a cache of a shorter journal (a month end) or a cache of other rules, the
/// ledger, `uncategorized.csv` and the report are the same bytes.
@Suite struct CategorizeTextCacheTests {
    /// Rules of every kind an entry can hold: text rules, a regular expression, a rule that also
    /// reads the amount (its texts are matched again every run), a `continue` rule and a transfer.
    static let rules = """
        if payee ~ tesco | sainsbury
            category Food:Groceries
        if payee ~ /coffee \\d+/
            category Food:Coffee
        if payee ~ shell and amount < -50
            category Transport:Fuel
        if memo ~ ref
            tag referenced
            continue
        if payee ~ "transfer to savings"
            transfer savings

        """

    /// 9,000 rows over five months (more than one batch of rows normalised ahead): merchants that
    /// repeat, payees with a reference of their own, memos, bank types.
    static func transactions(count: Int = 9_000) -> [Transaction] {
        (0..<count).map { index in
            let day = 1 + index % 28
            let month = 1 + index * 5 / count
            let date = "2026-0\(month)-\(day < 10 ? "0" : "")\(day)"
            let payee: String
            switch index % 7 {
            case 0: payee = "TESCO STORES \(3000 + index % 50)"
            case 1: payee = "COFFEE \(index)"
            case 2: payee = "SHELL \(index % 9) GARAGE"
            case 3: payee = "CARD PAYMENT TO SHOP \(index) LONDON"
            case 4: payee = "TRANSFER TO SAVINGS"
            case 5: payee = "SAINSBURY'S S/MKT \(index % 40)"
            default: payee = "AMAZON MKTPLACE \(index)"
            }
            return Fixture.transaction(
                "current/t\(index)", date: date,
                amount: index % 7 == 2 ? "-\(20 + index % 60).00" : "-\(1 + index % 30).50",
                payee: payee, memo: index % 5 == 0 ? "ref \(index % 11)" : "", bankType: index % 3 == 0 ? "POS" : nil)
        }
    }

    func workspace(rules: String = Self.rules, transactions: [Transaction] = Self.transactions()) throws -> String {
        let folder = try TemporaryFolder.make("text-cache-run").path
        try FileOutput.write(rules, to: folder + "/rules/10-main.rules")
        try FileOutput.write("id,category\ncurrent/t7,Food:Treats\n", to: folder + "/overrides.csv")
        try write(transactions, to: folder)
        return folder
    }

    func write(_ transactions: [Transaction], to folder: String) throws {
        try Fixture.writeJournal(transactions, to: folder)
    }

    /// Runs the stage, with the text cache at `cache` when given; returns the three outputs' bytes.
    func run(_ folder: String, cache: String?) throws -> [[UInt8]] {
        try Fixture.runStage(folder, textCache: cache)
    }

    @Test func aCacheOfTheSameJournalChangesNothing() throws {
        let folder = try workspace()
        let cache = folder + "/build/text-cache.bin"
        let fresh = try run(folder, cache: nil)
        #expect(!FileManager.default.fileExists(atPath: cache))
        #expect(try run(folder, cache: cache) == fresh)
        let made = try FileOutput.read(cache)
        #expect(made.count > 9_000 / 7 * 5 * 20)
        #expect(try run(folder, cache: cache) == fresh)
        // What a run met is what it writes, whether it took it from the cache or not.
        #expect(try FileOutput.read(cache) == made)
    }

    /// A month end: the cache of the first four months, then all five.
    @Test func aCacheOfAShorterJournalChangesNothing() throws {
        let all = Self.transactions()
        let folder = try workspace(transactions: Array(all.prefix(7_200)))
        let cache = folder + "/build/text-cache.bin"
        _ = try run(folder, cache: cache)
        try write(all, to: folder)
        let warm = try run(folder, cache: cache)
        #expect(try run(folder, cache: nil) == warm)
    }

    /// The file's inode number: the same after an append in place, another after a rewrite.
    func inode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
    }

    /// A month end meets every text of the cache and some new ones: they are added to the file in
    /// place, and it is then the file a run without a cache writes for the whole journal (here,
    /// where no text repeats under two numbers, byte for byte).
    @Test func aMonthEndAddsItsNewTextsToTheCacheInPlace() throws {
        let all = Self.transactions()
        let folder = try workspace(transactions: Array(all.prefix(7_200)))
        let cache = folder + "/build/text-cache.bin"
        _ = try run(folder, cache: cache)
        let before = try FileOutput.read(cache)
        let file = try inode(cache)
        try write(all, to: folder)
        let warm = try run(folder, cache: cache)
        let after = try FileOutput.read(cache)
        #expect(try inode(cache) == file)
        #expect(after.count > before.count)
        #expect(Array(after.prefix(before.count)) == before)
        let fresh = folder + "/build/fresh-cache.bin"
        #expect(try run(folder, cache: fresh) == warm)
        #expect(try FileOutput.read(fresh) == after)
        // Nothing new: the file is left as it is.
        #expect(try run(folder, cache: cache) == warm)
        #expect(try FileOutput.read(cache) == after)
        #expect(try inode(cache) == file)
    }

    /// Each key number of a cache file and the key texts its entries give it, and the same of
    /// display numbers: a number must never name two texts.
    func textsByNumber(_ path: String) throws -> (keys: [Int: Set<String>], displays: [Int: Set<String>]) {
        let fingerprint = try #require(CacheFingerprint.make(rules: Fixture.rules(Self.rules)))
        let cache = try #require(TextCache(path: path, fingerprint: fingerprint, ruleCount: 5))
        var keys: [Int: Set<String>] = [:]
        var displays: [Int: Set<String>] = [:]
        cache.withEntries { bytes, size in
            var offset = TextCache.headerSize
            while offset < bytes.count {
                let lengths = TextCache.Lengths(bytes, at: offset)
                let start = offset + TextCache.lengthsSize + lengths.texts
                keys[lengths.keyNumber, default: []].insert(
                    String(decoding: bytes[start..<start + lengths.key], as: UTF8.self))
                displays[lengths.displayNumber, default: []].insert(
                    String(decoding: bytes[start + lengths.key..<start + lengths.key + lengths.display], as: UTF8.self))
                offset += size(offset)
            }
        }
        return (keys, displays)
    }

    /// Month after month, the cache added to in place, then written whole once a month's rows are
    /// gone, then added to again: every run writes what a run without a cache writes, and every
    /// number the file gives a key or a display names that text alone.
    @Test func numbersNameOneTextMonthAfterMonth() throws {
        let all = Self.transactions()
        let folder = try workspace(transactions: Array(all.prefix(5_400)))
        let cache = folder + "/build/text-cache.bin"
        _ = try run(folder, cache: cache)
        for (step, rows) in [Array(all.prefix(7_200)), all, Array(all.dropFirst(1_800)), all].enumerated() {
            try write(rows, to: folder)
            let warm = try run(folder, cache: cache)
            #expect(try run(folder, cache: nil) == warm, "step \(step)")
            let numbered = try textsByNumber(cache)
            #expect(!numbered.keys.isEmpty && numbered.keys.values.allSatisfy { $0.count == 1 }, "step \(step)")
            #expect(!numbered.displays.isEmpty && numbered.displays.values.allSatisfy { $0.count == 1 }, "step \(step)")
        }
    }

    /// A run that does not meet every text of the cache (an inbox file taken out) writes it whole,
    /// with the texts it met only.
    @Test func aCacheWithTextsTheRunDidNotMeetIsWrittenWhole() throws {
        let all = Self.transactions()
        let folder = try workspace(transactions: all)
        let cache = folder + "/build/text-cache.bin"
        _ = try run(folder, cache: cache)
        let file = try inode(cache)
        try write(Array(all.prefix(7_200)), to: folder)
        let warm = try run(folder, cache: cache)
        #expect(try inode(cache) != file)
        let fresh = folder + "/build/fresh-cache.bin"
        #expect(try run(folder, cache: fresh) == warm)
        #expect(try FileOutput.read(cache) == FileOutput.read(fresh))
    }

    /// A cache with a few entries the run does not meet (here one, written by hand: a text of no
    /// row) is still added to in place at a month end; the outputs are those of a run without one.
    @Test func aFewUnmetEntriesStillLetTheMonthEndAppend() throws {
        let all = Self.transactions()
        let folder = try workspace(transactions: Array(all.prefix(7_200)))
        let cache = folder + "/build/text-cache.bin"
        _ = try run(folder, cache: cache)
        let fingerprint = try #require(CacheFingerprint.make(rules: Fixture.rules(Self.rules)))
        let read = try #require(TextCache(path: cache, fingerprint: fingerprint, ruleCount: 5))
        let entries = read.count
        let identity = try #require(TextCache.FileIdentity(path: cache))
        let appender = try #require(TextCacheAppender(path: cache, identity: identity))
        var writer = TextCache.Writer(appendingTo: appender)
        writer.add(
            payee: "SHOP NO ROW HAS", memo: "", bankType: "", bankCategory: "", key: "shop no row has",
            keyNumber: Int32(read.keyCount), display: "Shop No Row Has",
            displayNumber: Int32(read.displayCount), matched: [])
        writer.flush()
        #expect(appender.finish())
        let file = try inode(cache)
        try write(all, to: folder)
        let warm = try run(folder, cache: cache)
        #expect(try inode(cache) == file)
        let after = try #require(TextCache(path: cache, fingerprint: fingerprint, ruleCount: 5))
        #expect(after.count > entries + 1)
        #expect(try run(folder, cache: nil) == warm)
    }

    /// One unmet entry in 64 is few; one more is not.
    @Test func fewUnmetIsAtMostOneIn64() {
        #expect(TextCacheContent.fewUnmet([Bool](repeating: true, count: 63) + [false]))
        #expect(!TextCacheContent.fewUnmet([Bool](repeating: true, count: 62) + [false, false]))
        #expect(TextCacheContent.fewUnmet([Bool](repeating: true, count: 126) + [false, false]))
        #expect(TextCacheContent.fewUnmet([]))
    }

    /// Rules edited since the cache was made: the cache is not read, and the run is a fresh one.
    @Test func aCacheOfOtherRulesIsNotRead() throws {
        let folder = try workspace()
        let cache = folder + "/build/text-cache.bin"
        _ = try run(folder, cache: cache)
        let edited = Self.rules.replacingOccurrences(of: "amount < -50", with: "amount < -40")
        try FileOutput.write(edited, to: folder + "/rules/10-main.rules")
        let warm = try run(folder, cache: cache)
        #expect(try run(folder, cache: nil) == warm)
        // The fuel rule now takes rows from -40.01 to -50.00 as well: the cache of the old rules
        // would have left them out.
        let ledger = try JournalCodec.decode(warm[0], path: "ledger")
        #expect(
            ledger.transactions.contains {
                $0.category == CategoryPath("Transport:Fuel") && $0.amount.minorUnits > -5_000
            })
    }

    /// The cache is read: an entry written by hand under the run's own fingerprint, saying the
    /// rules give `UNKNOWN SHOP` rule 0, files it under Food:Groceries though no rule says so.
    /// (A test that the other tests' cache was used at all, and that a cache is only as right as
    /// its fingerprint.)
    @Test func anEntryOfTheRightFingerprintIsTakenAsItIs() throws {
        let shop = Fixture.transaction("current/u1", amount: "-3.00", payee: "UNKNOWN SHOP")
        let folder = try workspace(transactions: [shop])
        let cache = folder + "/build/text-cache.bin"
        let fresh = try JournalCodec.decode(try run(folder, cache: nil)[0], path: "ledger")
        #expect(fresh.transactions[0].category == nil)
        let fingerprint = try #require(CacheFingerprint.make(rules: Fixture.rules(Self.rules)))
        let file = try AtomicFileWriter(path: cache)
        var writer = TextCache.Writer(fingerprint: fingerprint, to: file)
        writer.add(
            payee: "UNKNOWN SHOP", memo: "", bankType: "", bankCategory: "", key: "unknown shop",
            keyNumber: 0, display: "Unknown Shop", displayNumber: 0, matched: [0])
        writer.flush()
        try file.commit()
        let ledger = try JournalCodec.decode(try run(folder, cache: cache)[0], path: "ledger")
        #expect(ledger.transactions[0].category == CategoryPath("Food:Groceries"))
    }
}
