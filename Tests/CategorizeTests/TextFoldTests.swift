import Testing

@testable import Categorize

@Suite struct TextFoldTests {
    /// Letters lower-cased, white space collapsed and trimmed, text beyond ASCII in NFKC.
    @Test func foldsAsTheRulesCompare() {
        func folded(_ text: String) -> String { String(decoding: TextFold.fold(text), as: UTF8.self) }
        #expect(folded("  TESCO   Stores\t3297 ") == "tesco stores 3297")
        #expect(folded("CAF\u{C9}") == "caf\u{E9}")
        #expect(folded("Cafe\u{301}") == "caf\u{E9}")
        #expect(folded("\u{A0}A\u{A0}\u{A0}B\u{A0}") == "a b")
        #expect(folded(" \t ") == "")
    }

    /// Texts folded one after another into one array are each folded as on their own, whatever
    /// was before them: ASCII and beyond, leading and trailing spaces, empty ones.
    @Test func foldsEndToEndAsOneByOne() {
        let texts = ["  TESCO   Stores\t3297 ", "", "CAF\u{C9} \u{A0}NERO ", "   ", "Cafe\u{301}", "x"]
        var together: [UInt8] = [0x21]
        var ends: [Int] = [1]
        for text in texts {
            TextFold.fold(text, appendingTo: &together)
            ends.append(together.count)
        }
        #expect(together.first == 0x21)
        for (index, text) in texts.enumerated() {
            #expect(Array(together[ends[index]..<ends[index + 1]]) == TextFold.fold(text), "\(text)")
        }
        #expect(String(decoding: together, as: UTF8.self) == "!tesco stores 3297caf\u{E9} nerocaf\u{E9}x")
    }
}
