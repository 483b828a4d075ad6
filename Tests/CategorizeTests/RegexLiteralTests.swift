import Testing

@testable import Categorize

@Suite struct RegexLiteralTests {
    /// The literal the matcher filters a regular expression's texts by: the run after a leading
    /// `^` (at the start of the text) when it has three bytes or more or is the longest, with the
    /// longest run beside it; else the longest run anywhere; none where a match need not contain one.
    @Test func prefilterTakesTheRunAfterALeadingAnchor() {
        func prefilter(_ pattern: String) -> String? {
            guard let found = RegexLiteral.prefilter(in: pattern) else { return nil }
            let also = found.also.map { " + " + String(decoding: $0, as: UTF8.self) } ?? ""
            return String(decoding: found.literal, as: UTF8.self) + (found.atStart ? " at start" : "") + also
        }
        #expect(prefilter("^south [a-z]+ stores") == "south at start + stores")
        #expect(prefilter("^AMZN mktp") == "amzn at start")
        #expect(prefilter("^ab") == "ab at start")
        #expect(prefilter("^ab.*xyz") == "xyz")
        #expect(prefilter("^a+bc") == "bc")
        #expect(prefilter("^abc+d") == "abc at start")
        #expect(prefilter("^a?bcd") == "bcd")
        #expect(prefilter("^\\.com") == ".com at start")
        #expect(prefilter("^[a-z]+ ltd") == "ltd")
        #expect(prefilter("(?m)^abc") == "abc")
        #expect(prefilter("^^abc") == "abc")
        #expect(prefilter("^tfl|abc") == nil)
        #expect(prefilter("^\\d+") == nil)
        // `required` is still the longest run, for the linter.
        #expect(RegexLiteral.required(in: "^south [a-z]+ stores") == Array("stores".utf8))
    }
}
