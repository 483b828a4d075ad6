import Testing

@testable import Categorize

@Suite struct ASCIIRegexTests {
    func matches(_ pattern: String, _ text: String) -> Bool? {
        guard let regex = ASCIIRegex(pattern) else { return nil }
        var text = text
        return text.withUTF8 { regex.matches($0) }
    }

    @Test func anchorsClassesAndQuantifiers() {
        #expect(matches("^south [a-z]+ cafe", "SOUTH Row Cafe 12") == true)
        #expect(matches("^south [a-z]+ cafe", "south  cafe") == false)
        #expect(matches("^south [a-z]+ cafe", "the south row cafe") == false)
        #expect(matches("row cafe$", "south row cafe") == true)
        #expect(matches("row cafe$", "south row cafe 1") == false)
        #expect(matches("sq \\*.*coffee", "SQ *BEAN COFFEE") == true)
        #expect(matches("colou?r", "COLOR") == true)
        #expect(matches("a\\d+b", "xa42b") == true)
        #expect(matches("a\\d+b", "xab") == false)
        #expect(matches("^$", "") == true)
        #expect(matches("x*", "") == true)
    }

    @Test func patternsOutsideTheSubsetAreLeftToRegex() {
        #expect(ASCIIRegex("a|b") == nil)
        #expect(ASCIIRegex("(ab)+") == nil)
        #expect(ASCIIRegex("[^a-z]") == nil)
        #expect(ASCIIRegex("\\bbp\\b") == nil)
        #expect(ASCIIRegex("a{2}") == nil)
        #expect(ASCIIRegex("a*+") == nil)
        #expect(ASCIIRegex("[A-z]") == nil)
        #expect(ASCIIRegex("café") == nil)
        #expect(ASCIIRegex("[_@]") == nil)
        #expect(ASCIIRegex("[!-@]") == nil)
        #expect(matches("cafe", "CAFÉ") == nil)
        #expect(matches("cafe", "a\tcafe") == nil)
    }

    /// Every pattern of the subset answers as the case-insensitive `Regex` does, on many texts.
    @Test func agreesWithRegex() throws {
        let patterns = [
            "^south [a-z]+ cafe", "cafe$", "^amzn mktp", "sq \\*", "a.c", "^.*$", "b+", "[0-9]+ ltd",
            "[A-Z][a-z]*x", "ab?c", "ab*?c", "x[.-]y", "\\.com", "[-a]z", "[a-]z", "k", "^$", "^", "$", "[#%]",
            "it's", "a&b", "q\\?", "1\\+1", "^[a-f0-9]+$", "w.*w", "e ?e", "a\\-b", "a\\,b", "\\#1",
            "\\&", "a\\ b", "\\@x", "\\_", "\\=", "\\;", "\\:", "\\!", "\\\"", "\\/", "`", "<a>", "~", "%",
            "[\\-]", "#1", "x-y", "a,b", "\\$5", "\\.\\*",
        ]
        let texts = [
            "", "SOUTH ROW CAFE", "south  cafe", "Amzn Mktp UK", "SQ *BEAN", "abc", "ac", "AbBbC", "123 LTD",
            "Hello worldx", "x.y", "x-y", "xzy", "shop.COM", "-z", "az", "K", "_@#", "IT'S", "A&B", "Q?", "]",
            "1+1", "DEADbeef", "w w", "ee", "e e", "e  e", "Kelvin", "BBB", "cafe cafe", "A-B", "a,b", "#1", "&",
            "a b", "@X", "_", "=", ";", ":", "!", "\"", "/", "`", "<A>", "~", "%", "^", "a^", "X-Y", "$5", ".*",
        ]
        for pattern in patterns {
            let regex = try Regex(pattern).ignoresCase()
            let ascii = try #require(ASCIIRegex(pattern), "\(pattern)")
            for text in texts {
                var bytes = text
                let fast = bytes.withUTF8 { ascii.matches($0) }
                let slow = (try? regex.firstMatch(in: text)) != nil
                #expect(fast == slow, "/\(pattern)/ on \"\(text)\"")
            }
        }
    }

    /// Each printable character as a literal and as a class, on each printable character.
    @Test func agreesWithRegexCharacterByCharacter() throws {
        let printable = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }
        let patterns = printable.flatMap { ["\\" + $0, $0, "[" + $0 + "]", "[\\" + $0 + "]"] }
        for pattern in patterns {
            guard let ascii = ASCIIRegex(pattern) else { continue }
            let regex = try Regex(pattern).ignoresCase()
            for text in printable {
                var bytes = text
                let fast = bytes.withUTF8 { ascii.matches($0) }
                let slow = (try? regex.firstMatch(in: text)) != nil
                #expect(fast == slow, "/\(pattern)/ on \"\(text)\"")
            }
        }
    }
}
