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
}
