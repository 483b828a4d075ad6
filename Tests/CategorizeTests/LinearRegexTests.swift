import Foundation
import TestSupport
import Testing

@testable import Categorize

@Suite struct LinearRegexTests {
    func matches(_ pattern: String, _ text: String) -> Bool? {
        LinearRegex(pattern)?.matches(text)
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

    @Test func patternsThatNeedBacktrackingAreLeftToRegex() {
        for pattern in [
            "\\bbp\\b", "a*+", "(?=a)b", "(?!a)b", "(?<=a)b", "(?i)a", "(a)\\1", "a{2", "[[:alpha:]]", "[a-z&&b]",
            "\\p{L}", "a**", "[]a]", "e\u{301}", "*a", "a{3,2}", "\\x41", "(?>a)", "(^a)+", "(?:x|$){2}",
        ] {
            #expect(LinearRegex(pattern) == nil, "\(pattern)")
        }
    }

    /// Issue 20, item 15: three repetitions of `\w` before `$` on a 300-letter payee took 30 s in
    /// `Regex`; as a set of states it is 300 steps of a few states each.
    @Test func polynomialShapesRunInLinearTime() throws {
        let letters = String(repeating: "a", count: 300)
        #expect(matches("\\w+\\w+\\w+$", letters + "!") == false)
        #expect(matches("\\w+\\w+\\w+$", letters) == true)
        #expect(matches("\\w+\\w+\\w+$", "ab") == false)
        #expect(matches("\\w+\\w+\\w+$", "abc") == true)
        // The exponential shapes `RegexBacktracking` refused for `Regex` run here too.
        #expect(matches("(a+)+$", String(repeating: "a", count: 5000) + "b") == false)
        #expect(matches("^(\\w+\\s?)*$", String(repeating: "ab ", count: 2000) + "!") == false)
        #expect(matches("(x|x)*y", String(repeating: "x", count: 5000)) == false)
        #expect(matches("(x|x)*y", String(repeating: "x", count: 5000) + "y") == true)
    }

    @Test func alternationGroupsAndCounts() {
        #expect(matches("^(tesco|sainsbury'?s) ", "SAINSBURYS LOCAL") == true)
        #expect(matches("^(tesco|sainsbury'?s) ", "ASDA") == false)
        #expect(matches("^(?:ab){2}$", "abab") == true)
        #expect(matches("^(?:ab){2}$", "ababab") == false)
        #expect(matches("^x{2,3}$", "xxxx") == false)
        #expect(matches("^x{2,}$", "xxxx") == true)
        #expect(matches("^x{,2}$", "") == true)
        #expect(matches("(?<ref>\\d{4})$", "card 1234") == true)
        #expect(matches("[^a-z0-9 ]", "abc 123") == false)
        #expect(matches("[^a-z0-9 ]", "abc-123") == true)
        #expect(matches("a|", "zzz") == true)
    }

    /// Text beyond ASCII is read by characters, as `Regex` reads it.
    @Test func textBeyondASCII() {
        #expect(matches("caf.$", "CAFÉ") == true)
        #expect(matches("café", "CAFÉ") == true)
        #expect(matches("café", "CAFE\u{301}") == true)
        #expect(matches("^caf\\w$", "CAFE\u{301}") == true)
        #expect(matches("^\\w+$", "Müller") == true)
        #expect(matches("^[^a-z]+$", "ÉÉ") == true)
        #expect(matches("^\\W", "€5") == true)
        #expect(matches("straße", "STRAẞE") == true)
        #expect(matches("cafe", "CAFÉ") == false)
        #expect(matches("^.$", "\r\n") == false)
        #expect(matches("^\\s$", "\r\n") == true)
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
            let linear = try #require(LinearRegex(pattern), "\(pattern)")
            for text in texts {
                var bytes = text
                let fast = bytes.withUTF8 { linear.matches($0) }
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
            guard let linear = LinearRegex(pattern) else { continue }
            let regex = try Regex(pattern).ignoresCase()
            for text in printable {
                var bytes = text
                let fast = bytes.withUTF8 { linear.matches($0) }
                let slow = (try? regex.firstMatch(in: text)) != nil
                #expect(fast == slow, "/\(pattern)/ on \"\(text)\"")
            }
        }
    }

    /// Classes of ASCII ranges across the letters' case partners (`Regex` reads a class of
    /// ASCII members as 128 bits, each letter with its partner), plain and negated, on each
    /// printable character.
    @Test func asciiRangeClassesAgreeWithRegex() throws {
        let printable = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }
        let classes = ["@-Z", "Z-a", "X-c", "0-z", "\\[-`", "a-z", "A-Z0-9", "!-/:-@", "_a", "^-b", "K-Mx-z"]
        for members in classes {
            for pattern in ["[" + members + "]", "[^" + members + "]"] {
                let linear = try #require(LinearRegex(pattern), "\(pattern)")
                let regex = try Regex(pattern).ignoresCase()
                for text in printable + ["é", "\u{C5}"] {
                    var bytes = text
                    let fast = bytes.withUTF8 { linear.matches($0) } ?? linear.matches(text)
                    let slow = (try? regex.firstMatch(in: text)) != nil
                    #expect(fast == slow, "/\(pattern)/ on \"\(text)\"")
                }
            }
        }
    }

    /// Generated patterns (groups, alternations, classes, counts, anchors) on generated texts of
    /// ASCII and non-ASCII characters: the same answer as the case-insensitive `Regex`.
    /// `CLOSEBOOK_REGEX_SEED=n` tries another deterministic set; seed 11 holds a repeated group
    /// with `^` that `Regex` and a set of states once read differently.
    @Test(arguments: [20, 11])
    func agreesWithRegexOnGeneratedPatternsAndTexts(seed: Int) throws {
        let chosen = ProcessInfo.processInfo.environment["CLOSEBOOK_REGEX_SEED"].flatMap { UInt64($0) }
        var random = SplitMix64(seed: chosen ?? UInt64(seed))
        var checked = 0
        for _ in 0..<400 {
            let pattern = PatternGenerator.pattern(&random, depth: 2)
            guard let linear = LinearRegex(pattern) else { continue }
            let regex = try #require(try? Regex(pattern).ignoresCase(), "/\(pattern)/ read but not valid")
            for _ in 0..<30 {
                let text = PatternGenerator.text(&random)
                let slow = (try? regex.firstMatch(in: text)) != nil
                let escaped = text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
                #expect(linear.matches(text) == slow, "/\(pattern)/ on \"\(escaped)\"")
                checked += 1
            }
        }
        #expect(checked > 6000)
    }
}

enum PatternGenerator {
    static let atoms = [
        "a", "b", "k", "s", "é", "É", "ß", "1", " ", "-", "_", "\\.", "\\-", ".", "\\w", "\\W", "\\d", "\\D", "\\s",
        "\\S", "[a-c]", "[^a-c]", "[éa]", "[^é]", "[0-9]", "[\\w-]", "[^\\s]", "[à-ÿ]", "[A-Z]", "[^\\d]", "[@_]",
        "[ß]",
        "[k1 ]", "[^k]",
    ]
    static let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{2,}", "*?", "+?", "{,2}"]
    /// Not the Kelvin sign: `Regex` itself takes it for `k` in `/k/` and `/k+?/` but not in `/k+/`.
    static let characters: [String] = [
        "a", "A", "b", "B", "c", "k", "K", "s", "S", "é", "É", "e\u{301}", "E\u{301}", "ß", "ẞ", "ü", "1", "9", "٣",
        "½",
        " ", "\u{A0}", "-", ".", "_", "@", "`", "日", "\n", "\r\n", "\t", "€", "👍", "à", "ÿ", "Ÿ", "ſ", "Å",
    ]

    static func pattern(_ random: inout SplitMix64, depth: Int) -> String {
        var pattern = random.below(6) == 0 ? "^" : ""
        for _ in 0..<(1 + random.below(3)) {
            if depth > 0 && random.below(4) == 0 {
                let branches = (0...random.below(2)).map { _ in Self.pattern(&random, depth: depth - 1) }
                pattern += "(" + (random.below(2) == 0 ? "?:" : "") + branches.joined(separator: "|") + ")"
            } else {
                pattern += random.pick(atoms)
            }
            pattern += random.pick(quantifiers)
        }
        if random.below(5) == 0 { pattern += "$" }
        return pattern
    }

    static func text(_ random: inout SplitMix64) -> String {
        (0..<random.below(9)).map { _ in random.pick(characters) }.joined()
    }
}
