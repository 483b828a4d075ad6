import Testing

@testable import Ledger

/// Text files people edit end their lines with LF, CR LF or a lone CR, and may start with a byte
/// order mark; every reader sees the same lines.
@Suite("Line ends of edited text")
struct TextLinesTests {
    @Test func splitsOnEveryLineEnd() {
        #expect(TextLines.split("a\nb\n") == ["a", "b", ""])
        #expect(TextLines.split("\u{FEFF}a\r\nb\r\n") == ["a", "b", ""])
        #expect(TextLines.split("a\rb\r\rc") == ["a", "b", "", "c"])
        #expect(TextLines.split("a\r\n\nb\r") == ["a", "", "b", ""])
        // A mark anywhere but at the start is text.
        #expect(TextLines.split("a\n\u{FEFF}b") == ["a", "\u{FEFF}b"])
        #expect(TextLines.split("") == [""])
    }

    /// The lines found by bytes are the lines `Character`s give, on texts of every line end
    /// beside combining marks, emoji, a byte order mark and text beyond ASCII (a generated mix).
    @Test func splitsAsCharactersDo() {
        let pieces = ["a", "é", "e\u{301}", "\u{301}", "\n", "\r", "\r\n", "\u{FEFF}", "👍🏽", "日", " ", "\n\u{301}"]
        var state: UInt64 = 7
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int(state % 9) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var body = Substring(text)
            if body.first == TextLines.byteOrderMark { body = body.dropFirst() }
            let byCharacter = body.split(omittingEmptySubsequences: false) {
                $0 == "\n" || $0 == "\r\n" || $0 == "\r"
            }
            #expect(
                TextLines.split(text).map(String.init) == byCharacter.map(String.init), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func normalisesToLF() {
        #expect(TextLines.normalised("\u{FEFF}x = 1\r\ny = 2\r") == "x = 1\ny = 2\n")
        #expect(TextLines.normalised("x = 1\ny = 2\n") == "x = 1\ny = 2\n")
    }

    static let config = [
        "base_currency = \"GBP\"", "", "[[accounts]]", "id = \"current\"", "inbox = [\"northwind-*.csv\"]",
        "opening_balance = \"1520.75\"", "",
    ]

    @Test(arguments: ["\r\n", "\r"])
    func closebookTomlReadsTheSameWhateverTheLineEnds(lineEnd: String) throws {
        let text = "\u{FEFF}" + Self.config.joined(separator: lineEnd)
        let config = try WorkspaceConfig.parse(text, path: "closebook.toml")
        #expect(config.baseCurrency == .gbp)
        #expect(config.accounts.map(\.id) == ["current"])
        #expect(config.accounts.first?.openingBalance?.minorUnits == 152_075)
        #expect(config.accounts.first?.line == 3)
        #expect(config.accounts.first?.inboxLine == 5)
        var wrong = Self.config
        wrong[5] = "opening_balanc = \"1\""
        #expect {
            try WorkspaceConfig.parse("\u{FEFF}" + wrong.joined(separator: lineEnd), path: "closebook.toml")
        } throws: { error in
            (error as? ConfigError)?.description.hasPrefix(
                "closebook.toml:6:1: error: unknown account key 'opening_balanc'") == true
        }
    }
}
