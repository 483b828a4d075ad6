import Ledger
import Testing

/// Skipping a value passes over exactly that value, keys and strings checked as they are read.
@Suite struct JSONScannerTests {
    @Test func skipsAnObjectWithEscapedKeysAndNestedValuesToItsEnd() throws {
        let text = #"{"a\"b": [1, -2.5e3, {"c\u00e9": "x\\y\n"}], "d": {"e": [true, false, null]}, "": ""} ,7"#
        var scanner = JSONScanner(bytes: Array(text.utf8))
        try scanner.skipValue()
        // Just past the closing brace: " ,7" is left.
        #expect(scanner.position == text.utf8.count - 3)
    }

    @Test func skipsAStringOfPlainRunsAndEscapes() throws {
        let text = #""plain \"quoted\" and \u00e9 then plain again"rest"#
        var scanner = JSONScanner(bytes: Array(text.utf8))
        try scanner.skipString()
        #expect(scanner.position == text.utf8.count - 4)
    }

    @Test(arguments: [
        (#"{"k\q": 1}"#, "invalid escape"), (#"{"k": "unterminated}"#, "unterminated string"),
        ("\"line\nbreak\"", "control character in string"), (#"{"k" 1}"#, "expected ':'"),
    ])
    func failsWhereReadingWouldFail(text: String, reason: String) {
        var scanner = JSONScanner(bytes: Array(text.utf8))
        do {
            try scanner.skipValue()
            Issue.record("'\(text)' was skipped")
        } catch {
            #expect(error.reason == reason)
        }
    }
}
