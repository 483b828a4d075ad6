import Testing

@testable import Report

/// Text the engine wrote that does not parse is shown with its letters, digits, spaces and
/// `.`, `-`, `:` only.
@Suite struct EngineValueFormatterTests {
    @Test(arguments: [
        ("12.5%!", "12.5"),
        ("2026-10-01<b>", "2026-10-01b"),
        ("n/a (see: notes)", "na see: notes"),
        ("*_[x]_*", "x"),
        // Beyond ASCII: letters and numbers of every script are kept.
        ("Café ½ <x>", "Café ½ x"),
        ("", ""),
    ])
    func keepsLettersDigitsAndAFewMarks(text: String, expected: String) {
        #expect(EngineValueFormatter.plain(text) == expected)
    }
}
