import TestSupport
import Testing

@testable import Categorize

/// Keys sorted by their digits come out as the standard library sorts them: many keys (passes of
/// 11 bits, some skipped where every key shares the digit), repeated keys, and few keys.
@Suite struct RadixSortTests {
    /// `count` keys below 2^`bits`, the same on every run.
    static func keys(_ count: Int, bits: Int) -> [UInt64] {
        var generator = SplitMix64(seed: UInt64(bits))
        return (0..<count).map { _ in bits >= 64 ? generator.next() : generator.next() & (UInt64(1) << bits &- 1) }
    }

    @Test(arguments: [1, 11, 12, 22, 40, 51, 64]) func manyKeysSortAsTheStandardLibrarySortsThem(bits: Int) {
        var keys = Self.keys(50_000, bits: bits)
        let expected = keys.sorted()
        RadixSort.sort(&keys, bits: bits)
        #expect(keys == expected)
    }

    /// Amount, day and position packed as `UncategorizedOrder` packs them, 47 bits: the same
    /// amount (5) for every key and nothing in bits 33 to 43, so two of the five passes are
    /// skipped; the days run down as the positions run up.
    @Test func packedKeysWithSharedDigitsSort() {
        let amount: UInt64 = 5 << 44
        var keys: [UInt64] = (0..<10_000).map { (position: Int) -> UInt64 in
            let day = UInt64(9_999 - position) << 14
            return amount | day | UInt64(position)
        }
        let expected = keys.sorted()
        RadixSort.sort(&keys, bits: 47)
        #expect(keys == expected)
        #expect(keys.first == amount | 9_999)
        #expect(keys.last == amount | UInt64(9_999) << 14)
    }

    @Test func repeatedAndFewKeysSort() {
        var repeated = [UInt64](repeating: 5, count: 5_000) + [UInt64](repeating: 2, count: 5_000) + [9, 0]
        RadixSort.sort(&repeated, bits: 4)
        #expect(repeated == [0] + [UInt64](repeating: 2, count: 5_000) + [UInt64](repeating: 5, count: 5_000) + [9])
        var few: [UInt64] = [3, 1, 2]
        RadixSort.sort(&few, bits: 2)
        #expect(few == [1, 2, 3])
        var none: [UInt64] = []
        RadixSort.sort(&none, bits: 0)
        #expect(none.isEmpty)
    }
}
