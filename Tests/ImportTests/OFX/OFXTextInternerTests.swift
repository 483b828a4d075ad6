import Testing

@testable import Import

/// The shared strings for repeated payee names and memos: same text in, equal text out, whatever
/// the slot holds.
@Suite struct OFXTextInternerTests {
    static func text(_ interner: inout OFXTextInterner, _ value: String) -> String {
        Array(value.utf8).withUnsafeBufferPointer { interner.text($0) }
    }

    @Test func repeatedAndDifferentValues() {
        var interner = OFXTextInterner(slots: 4)
        let values = [
            "BADGER HOUSE BAKERY 4239", "BADGER HOUSE BAKERY 4238", "short", "BADGER HOUSE BAKERY 4239",
            "exactly 16 bytes", "exactly 16 byteS", "Café Lumière, Zürich 1", "", "BADGER HOUSE BAKERY 4239",
            String(repeating: "x", count: 1000), String(repeating: "x", count: 1001),
        ]
        for value in values + values.reversed() + values {
            #expect(Self.text(&interner, value) == value)
        }
    }

    @Test func valuesDifferingOnlyInTheirLastBytes() {
        // Sixteen bytes are read as two words; seventeen as two words and an overlapping last one.
        var interner = OFXTextInterner(slots: 1)
        for value in ["0123456789abcdef", "0123456789abcdeF", "0123456789abcdefg", "0123456789abcdefh"] {
            #expect(Self.text(&interner, value) == value)
            #expect(Self.text(&interner, value) == value)
        }
    }

    @Test func hashSeesEveryByte() {
        let base = Array("TESCO EXPRESS 4475 YORK GB".utf8)
        let hash = base.withUnsafeBufferPointer { OFXTextInterner.hash($0) }
        for index in base.indices {
            var changed = base
            changed[index] ^= 0x01
            #expect(changed.withUnsafeBufferPointer { OFXTextInterner.hash($0) } != hash)
        }
    }
}
