import TestSupport
import Testing

@testable import Categorize

/// The literal automaton finds exactly the occurrences a naive search finds, with its table of
/// 16-bit states and with the 32-bit one.
@Suite struct LiteralAutomatonTests {
    /// Every (pattern, end) where a pattern occurs in `text`, by a search at every position.
    static func naive(_ patterns: [[UInt8]], _ text: [UInt8]) -> [[Int]] {
        var found: [[Int]] = []
        for (id, pattern) in patterns.enumerated() where !pattern.isEmpty && pattern.count <= text.count {
            for start in 0...(text.count - pattern.count) where Array(text[start..<start + pattern.count]) == pattern {
                found.append([id, start + pattern.count])
            }
        }
        return found.sorted { $0.lexicographicallyPrecedes($1) }
    }

    static func found(_ automaton: LiteralAutomaton, _ text: [UInt8]) -> [[Int]] {
        var found: [[Int]] = []
        text.withUnsafeBufferPointer { automaton.scan($0) { pattern, end in found.append([Int(pattern), end]) } }
        return found.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test func overlappingNestedAndRepeatedLiterals() {
        let patterns = ["he", "she", "his", "hers", "s", "hehe", "e"].map { Array($0.utf8) }
        let text = Array("ushers hehehe his".utf8)
        for limit in [LiteralAutomaton.narrowLimit, 0] {
            let automaton = LiteralAutomaton(patterns: patterns, narrowLimit: limit)
            let found = Self.found(automaton, text)
            #expect(found == Self.naive(patterns, text))
            // Counted by hand (ends are the index after the last byte): "she" ends at 4, "he" at
            // 4, 9, 11 and 13, "hers" at 6, "hehe" at 11 and 13.
            #expect(found.filter { $0[0] == 1 } == [[1, 4]])
            #expect(found.filter { $0[0] == 0 }.map { $0[1] } == [4, 9, 11, 13])
            #expect(found.filter { $0[0] == 3 } == [[3, 6]])
            #expect(found.filter { $0[0] == 5 }.map { $0[1] } == [11, 13])
        }
    }

    /// Generated pattern sets over a small alphabet (so literals share prefixes and suffixes) on
    /// generated texts, each through both tables.
    @Test(arguments: [3, 17, 40])
    func agreesWithANaiveSearch(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let alphabet = Array("abc d-1".utf8)
        for _ in 0..<40 {
            let patterns = (0..<(1 + random.below(30))).map { _ in
                (0..<(1 + random.below(6))).map { _ in random.pick(alphabet) }
            }
            let narrow = LiteralAutomaton(patterns: patterns)
            let wide = LiteralAutomaton(patterns: patterns, narrowLimit: 0)
            for _ in 0..<20 {
                // Bytes no pattern holds too, which share the automaton's class 0.
                let text = (0..<random.below(60)).map { _ in random.pick(alphabet + Array("xyz".utf8)) }
                let expected = Self.naive(patterns, text)
                #expect(Self.found(narrow, text) == expected)
                #expect(Self.found(wide, text) == expected)
            }
        }
    }
}
