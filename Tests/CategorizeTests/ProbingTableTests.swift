import Testing

@testable import Categorize

/// `ProbingTable` gives back the value each key was given, for keys that differ in one field only,
/// across its growth from its first slots.
@Suite struct ProbingTableTests {
    static func key(_ number: Int) -> LedgerWriter.AddedKey {
        LedgerWriter.AddedKey(
            category: Int32(number % 7) - 1, source: Int32(number % 3), decision: Int32(number / 4) - 1,
            isTransfer: number % 2 == 1, isIgnored: number % 4 >= 2)
    }

    @Test func givesEachKeyItsValue() {
        var table = ProbingTable<LedgerWriter.AddedKey, Int32>()
        // 5,000 keys, every one different (the decision and the two flags together are `number`).
        for number in 0..<5000 {
            #expect(table.value(for: Self.key(number)) == nil)
            #expect(table.value(for: Self.key(number), orAdding: Int32(number * 3)) == Int32(number * 3))
        }
        for number in 0..<5000 {
            #expect(table.value(for: Self.key(number)) == Int32(number * 3))
            // Met again, a key keeps its first value.
            #expect(table.value(for: Self.key(number), orAdding: -1) == Int32(number * 3))
        }
        #expect(table.keys.count == 5000)
        #expect(table.keys[4321] == Self.key(4321) && table.values[4321] == Int32(4321 * 3))
        // Keys no one added (a known key with its flag and decision changed, or its category) have none.
        var other = Self.key(10)
        other.isIgnored.toggle()
        other.decision = 9999
        #expect(table.value(for: other) == nil)
        other = Self.key(10)
        other.category = 100
        #expect(table.value(for: other) == nil)
    }

    /// Counting by place (as the learned fallback counts a month's examples), then emptied for the
    /// next month: 3,000 rows of 700 keys (row `r` has key `r % 700`), so keys below 200 are met
    /// five times and the others four (3,000 = 4 x 700 + 200), in the order first met; after
    /// `removeAll` no key has a value, and the next 50 are counted from nothing.
    @Test func countsByPlaceAndEmptiesForTheNextMonth() {
        var table = ProbingTable<LedgerWriter.AddedKey, Int>(capacity: 16)
        for row in 0..<3000 {
            let place = table.place(of: Self.key(row % 700), orAdding: 0)
            table[place: place] += 1
        }
        #expect(table.keys.count == 700)
        #expect(table.keys.enumerated().allSatisfy { $0.element == Self.key($0.offset) })
        #expect((0..<700).allSatisfy { table.value(for: Self.key($0)) == ($0 < 200 ? 5 : 4) })
        table.removeAll()
        #expect(table.keys.isEmpty && table.values.isEmpty)
        #expect((0..<700).allSatisfy { table.value(for: Self.key($0)) == nil })
        for row in 0..<100 {
            let place = table.place(of: Self.key(1000 + row % 50), orAdding: 0)
            table[place: place] += 1
        }
        #expect(table.keys.count == 50)
        #expect((0..<50).allSatisfy { table.value(for: Self.key(1000 + $0)) == 2 })
    }
}
