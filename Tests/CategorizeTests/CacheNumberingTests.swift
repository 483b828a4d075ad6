import Foundation
import Ledger
import TestSupport
import Testing

@testable import Categorize

/// The text cache's numbers of clean keys and displays (`TextCache`): a run takes a key or display
/// met again under a number it has seen from that number alone, and the next file never gives one
/// number to two texts.
@Suite struct CacheNumberingTests {
    /// A text the read cache numbered keeps its number; the others are numbered from the read
    /// cache's count up, in the order they are asked for, each once.
    @Test func knownTextsKeepTheirNumbersAndNewOnesFollowTheCache() {
        var numbers = CacheNumbering(known: [-1, 7, -1, 2], count: 9)
        #expect(numbers.number(of: 1) == 7)
        #expect(numbers.number(of: 3) == 2)
        #expect(numbers.number(of: 2) == 9)
        #expect(numbers.number(of: 5) == 10)
        #expect(numbers.number(of: 0) == 11)
        #expect(numbers.number(of: 2) == 9)
        #expect(numbers.number(of: 1) == 7)
        var fresh = CacheNumbering(known: [], count: 0)
        #expect([2, 0, 2, 1].map { fresh.number(of: $0) } == [0, 1, 0, 2])
    }

    /// Payees registered from cache entries: entries of one key number are one key; an entry of
    /// another number with the same key's bytes is that key too (found by its bytes); a display
    /// number met under one key gives its display to a payee of another key; the run remembers the
    /// first number it met each key and display under, for the next file.
    @Test func payeesOfCachedEntriesAreNumberedByTheirNumbers() throws {
        let path = try TemporaryFolder.make("cache-numbering").path + "/text-cache.bin"
        let fingerprint = [UInt8](repeating: 3, count: 32)
        let file = try AtomicFileWriter(path: path)
        var writer = TextCache.Writer(fingerprint: fingerprint, to: file)
        let entries: [(payee: String, key: String, keyNumber: Int32, display: String, displayNumber: Int32)] = [
            ("TESCO STORES 3297", "tesco", 0, "Tesco", 0), ("TESCO STORE 1123", "tesco", 0, "Tesco", 0),
            ("SHELL 0123", "shell", 1, "Shell", 1), ("TESCO EXPRESS 42", "tesco", 5, "Tesco", 4),
            ("SHELL 9", "shell", 1, "Shell", 1), ("TESCO EXTRA 7", "tesco extra", 2, "Tesco", 0),
        ]
        for entry in entries {
            writer.add(
                payee: entry.payee, memo: "", bankType: "", bankCategory: "", key: entry.key,
                keyNumber: entry.keyNumber, display: entry.display, displayNumber: entry.displayNumber, matched: [])
        }
        writer.flush()
        try file.commit()
        let cache = try #require(TextCache(path: path, fingerprint: fingerprint, ruleCount: 1))
        #expect(cache.keyCount == 6)
        #expect(cache.displayCount == 5)
        let matcher = RuleMatcher(rules: [])
        var texts = DistinctTexts(textCount: entries.count + 1)
        var next = 0
        for (index, entry) in entries.enumerated() {
            let found = try #require(
                cache.entry(payee: entry.payee, memo: "", bankType: "", bankCategory: "", next: &next))
            _ = texts.payee(
                Int32(index + 1), entry.payee, normaliser: PayeeNormaliser(), matcher: matcher, cached: found,
                in: cache.reader)
        }
        #expect(texts.payees.map(\.key) == [0, 0, 1, 0, 1, 2])
        #expect(
            texts.payees.map { texts.key(of: $0) } == ["tesco", "tesco", "shell", "tesco", "shell", "tesco extra"])
        #expect(texts.payees.map(\.display) == [0, 0, 1, 0, 1, 0])
        #expect(texts.displays == ["Tesco", "Shell"])
        #expect(texts.cacheKeyOfKey == [0, 1, 2])
        #expect(texts.cacheDisplayOfDisplay == [0, 1])
    }
}
