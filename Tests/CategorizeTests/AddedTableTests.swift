import Testing

@testable import Categorize

/// `LedgerWriter.AddedTable` gives back the piece each key was given, for keys that differ in one
/// field only, across its growth from 1,024 slots.
@Suite struct AddedTableTests {
    static func key(_ number: Int) -> LedgerWriter.AddedKey {
        LedgerWriter.AddedKey(
            category: Int32(number % 7) - 1, source: Int32(number % 3), decision: Int32(number / 4) - 1,
            isTransfer: number % 2 == 1, isIgnored: number % 4 >= 2)
    }

    @Test func givesEachKeyItsPiece() {
        var table = LedgerWriter.AddedTable()
        // 5,000 keys, every one different (the decision and the two flags together are `number`).
        for number in 0..<5000 {
            #expect(table.piece(Self.key(number)) == nil)
            table.add(Self.key(number), piece: Int32(number * 3))
        }
        for number in 0..<5000 { #expect(table.piece(Self.key(number)) == Int32(number * 3)) }
        // A key that differs from a known one in a single field has no piece.
        var other = Self.key(10)
        other.isIgnored.toggle()
        other.decision = 9999
        #expect(table.piece(other) == nil)
        other = Self.key(10)
        other.category = 100
        #expect(table.piece(other) == nil)
    }
}
