import Testing

@testable import Categorize

/// Keys sorted by their digits come out as the standard library sorts them: many keys (passes of
/// 11 bits, some skipped where every key shares the digit), repeated keys, and few keys.
@Suite struct RadixSortTests {
    /// SplitMix64: the same keys on every run.
    struct Keys {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// `count` keys below 2^`bits`.
        mutating func make(_ count: Int, bits: Int) -> [UInt64] {
            (0..<count).map { _ in bits >= 64 ? next() : next() & (UInt64(1) << bits &- 1) }
        }
    }

    @Test(arguments: [1, 11, 12, 22, 40, 51, 64]) func manyKeysSortAsTheStandardLibrarySortsThem(bits: Int) {
        var generator = Keys(state: UInt64(bits))
        var keys = generator.make(50_000, bits: bits)
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
