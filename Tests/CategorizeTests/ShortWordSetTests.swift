import Testing

@testable import Categorize

@Suite struct ShortWordSetTests {
    func contains(_ set: ShortWordSet, _ word: String) -> Bool {
        Array(word.utf8).withUnsafeBufferPointer { set.contains($0) }
    }

    /// Exact bytes and length: a prefix, an extension or another case of a word is not the word;
    /// fifteen bytes is the longest word held, and sixteen packs to nothing.
    @Test func holdsExactlyItsWords() {
        let set = ShortWordSet(["gb", "store", "superstore", "abcdefghijklmno"])
        #expect(contains(set, "gb"))
        #expect(contains(set, "store"))
        #expect(contains(set, "superstore"))
        #expect(contains(set, "abcdefghijklmno"))
        #expect(!contains(set, "g"))
        #expect(!contains(set, "stores"))
        #expect(!contains(set, "GB"))
        #expect(!contains(set, ""))
        #expect(!contains(set, "abcdefghijklmnop"))
        #expect(Array("abcdefghijklmnop".utf8).withUnsafeBufferPointer { ShortWordSet.pack($0) } == 0)
    }

    /// Byte `i` of the word at bits 8i, the length in the top byte, across both 64-bit halves.
    @Test func packsBytesAndLength() {
        func pack(_ word: String) -> UInt128 { Array(word.utf8).withUnsafeBufferPointer { ShortWordSet.pack($0) } }
        #expect(pack("ab") == UInt128(2) << 120 | 0x6261)
        #expect(pack("") == 0)
        let twelve = pack("abcdefghijkl")
        #expect(twelve >> 64 == UInt128(12) << 56 | 0x6C6B_6A69)
        #expect(twelve & UInt128(UInt64.max) == 0x6867_6665_6463_6261)
        #expect(pack("abcdefghijklmno") >> 112 == UInt128(15) << 8 | 0x6F)
    }
}
