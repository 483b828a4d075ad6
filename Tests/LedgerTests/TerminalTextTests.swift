import Ledger
import Testing

/// `TerminalText.oneLine`: a file name with a new line or an escape sequence cannot forge a
/// message or rewrite the screen.
@Suite struct TerminalTextTests {
    @Test func writesControlCharactersAsEscapes() {
        #expect(
            TerminalText.oneLine("inbox/a.csv\ninbox/b.csv:1:1: error: forged")
                == "inbox/a.csv\\ninbox/b.csv:1:1: error: forged")
        #expect(TerminalText.oneLine("x\r\t\u{1B}[2J\u{7F}\u{01}") == "x\\r\\t\\e[2J\\x7F\\x01")
    }

    @Test func leavesOtherTextAlone() {
        #expect(TerminalText.oneLine("inbox/Café statement €.csv") == "inbox/Café statement €.csv")
        #expect(TerminalText.oneLine("") == "")
    }
}
