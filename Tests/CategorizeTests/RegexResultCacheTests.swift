import Ledger
import Testing

@testable import Categorize

/// `RuleMatcher.regexMatches`: a `LinearRegex` runs each time and keeps nothing per text; a
/// `Regex` (here one with `\b`, which `LinearRegex` does not read) is remembered by text id.
@Suite struct RegexResultCacheTests {
    /// Regular expression 0 is linear, 1 has word boundaries.
    let matcher = RuleMatcher(
        rules: Fixture.rules(
            """
            if payee ~ /^tesco [0-9]+/
                category Groceries
            if payee ~ /\\bshell\\b/
                category Fuel
            """))

    /// `tesco 3297` matches the linear one, `asda 12` does not, and asked twice with the same text
    /// id the answers stay: no table by text id is kept for it (it was, a byte per id up to the
    /// largest id seen, before).
    @Test func aLinearRegexKeepsNothingPerText() {
        #expect(matcher.linearRegexes[0] != nil)
        var scratch = matcher.makeScratch()
        let tesco = matcher.foldedText("TESCO 3297", id: 70)
        let asda = matcher.foldedText("ASDA 12", id: 71)
        #expect(matcher.regexMatches(0, tesco, &scratch))
        #expect(!matcher.regexMatches(0, asda, &scratch))
        #expect(matcher.regexMatches(0, tesco, &scratch))
        #expect(scratch.regexResults.allSatisfy { $0.isEmpty })
    }

    /// `shell 12` holds the word `shell`: a match, kept as 2 at its id (5); `shells` does not: 1 at
    /// id 6.
    @Test func aBacktrackingRegexIsRememberedByTextID() {
        #expect(matcher.linearRegexes[1] == nil)
        var scratch = matcher.makeScratch()
        #expect(matcher.regexMatches(1, matcher.foldedText("SHELL 12", id: 5), &scratch))
        #expect(!matcher.regexMatches(1, matcher.foldedText("SHELLS", id: 6), &scratch))
        #expect(scratch.regexResults[1][5] == 2)
        #expect(scratch.regexResults[1][6] == 1)
    }
}
