import Testing

@testable import Ledger

/// The one interning table: the import's account cells and the journal's repeated texts go through
/// it, so it must give back exactly the text of the bytes, share one `String` per long text, and
/// never store a text that is not its own bytes.
@Suite("Byte-keyed cache")
struct ByteKeyedCacheTests {
    static func text(_ cache: inout ByteKeyedCache<String>, _ text: [UInt8]) -> String {
        text.withUnsafeBufferPointer { cache.text($0) }
    }

    /// Where a string's UTF-8 bytes are: equal for two values that share one storage.
    static func storage(_ text: String) -> UnsafePointer<UInt8>? {
        text.utf8.withContiguousStorageIfAvailable { $0.baseAddress }.flatMap { $0 }
    }

    @Test("a text longer than 15 bytes is made once and shared; a short one is not stored")
    func sharing() {
        var cache = ByteKeyedCache<String>()
        let long = Array("TESCO STORES 1234 LONDON".utf8)  // 24 bytes
        let first = Self.text(&cache, long)
        let again = Self.text(&cache, Array(long))
        #expect(first == "TESCO STORES 1234 LONDON")
        #expect(again == "TESCO STORES 1234 LONDON")
        #expect(Self.storage(first) != nil)
        #expect(Self.storage(first) == Self.storage(again))
        #expect(Self.text(&cache, Array("Coffee".utf8)) == "Coffee")
        #expect(Self.text(&cache, Array("0123456789abcde".utf8)) == "0123456789abcde")  // 15 bytes
        #expect(cache.count == 1)
        #expect(Self.text(&cache, Array("0123456789abcdef".utf8)) == "0123456789abcdef")  // 16 bytes
        #expect(cache.count == 2)
    }

    @Test("texts that differ in one byte, or only in length, stay apart")
    func distinctKeys() {
        var cache = ByteKeyedCache<String>()
        let texts = [
            "AMZN MKTP UK*1A2B3C", "AMZN MKTP UK*1A2B3D", "AMZN MKTP UK*1A2B3", "AMZN MKTP UK*1A2B3CC",
            "Café Noir, Zürich HB", "Cafe Noir, Zurich HB",
        ]
        for _ in 0..<3 {
            for text in texts { #expect(Self.text(&cache, Array(text.utf8)) == text) }
        }
        #expect(cache.count == 6)
    }

    @Test("ill-formed UTF-8 reads as String(decoding:) reads it and is never stored")
    func illFormed() {
        var cache = ByteKeyedCache<String>()
        let invalid: [UInt8] = Array("0123456789abcdef".utf8) + [0xFF, 0xC3]
        #expect(Self.text(&cache, invalid) == "0123456789abcdef\u{FFFD}\u{FFFD}")
        #expect(Self.text(&cache, invalid) == "0123456789abcdef\u{FFFD}\u{FFFD}")
        #expect(cache.count == 0)
    }

    @Test("value(for:make:) asks make once per distinct text while texts repeat")
    func makesOncePerText() {
        var cache = ByteKeyedCache<Int>()
        var made: [String] = []
        let keys = ["GBP", "EUR", "GBP", "", "EUR", "GBP", ""]
        let values = keys.map { key in
            Array(key.utf8).withUnsafeBufferPointer { bytes in
                cache.value(for: bytes) { text in
                    made.append(text)
                    return made.count
                }
            }
        }
        #expect(values == [1, 2, 1, 3, 2, 1, 3])
        #expect(made == ["GBP", "EUR", ""])
    }

    @Test("store(_:forValidUTF8:) keeps values apart by bytes, through the table's growing")
    func storesValidBytes() {
        var cache = ByteKeyedCache<Int32>(capacity: 4)
        let keys = (0..<100).map { "p:word\($0)" } + ["", "k:word1", "p:word1 "]
        for (index, key) in keys.enumerated() {
            Array(key.utf8).withUnsafeBufferPointer { cache.store(Int32(index), forValidUTF8: $0) }
        }
        let found = keys.map { key in Array(key.utf8).withUnsafeBufferPointer { cache.stored($0) } }
        #expect(found == (0..<Int32(keys.count)).map { Optional($0) })
        #expect(Array("p:word100".utf8).withUnsafeBufferPointer { cache.stored($0) } == nil)
    }
}
