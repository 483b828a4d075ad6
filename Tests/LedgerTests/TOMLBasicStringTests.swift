import Ledger
import Testing

/// The one TOML string quoter, for the profiles and `[[accounts]]` entries the import prints.
@Suite("TOML basic string")
struct TOMLBasicStringTests {
    @Test func escapesWhatWouldBreakALineOrATerminal() {
        #expect(TOMLBasicString.quoted("Bank \"A\" C:\\x") == #""Bank \"A\" C:\\x""#)
        #expect(TOMLBasicString.quoted("a\nb\rc\td") == #""a\nb\rc\td""#)
        #expect(TOMLBasicString.quoted("\u{01}\u{1B}\u{7F}") == #""\u0001\u001B\u007F""#)
    }

    @Test func keepsTextBeyondASCIIAsItIs() {
        #expect(TOMLBasicString.quoted("Crédit Agricole – 口座") == "\"Crédit Agricole – 口座\"")
    }
}
