import Testing

@testable import Ledger

/// The one JSON string escaper, as the journal, `JSONWriter` and the pretty encoder write strings:
/// only `"`, `\` and control characters escaped, non-ASCII text as it is.
@Suite("JSON string escaper")
struct JSONStringEscaperTests {
    /// A quote, a backslash, a slash, line feed, return, tab, backspace, form feed, U+0001, U+001F
    /// and `é` (two UTF-8 bytes), with plain runs between them longer than eight bytes.
    static let text = "say \"hi\" \\ a/b\n\r\t\u{08}\u{0C}\u{01}\u{1F} café, plain enough"

    static func escaped(_ controls: JSONStringEscaper.ControlEscapes) -> String {
        var bytes: [UInt8] = Array("[".utf8)
        Array(text.utf8).withUnsafeBufferPointer { JSONStringEscaper.append($0, to: &bytes, controls: controls) }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func journalAndWriterSpellControlsInHexadecimal() {
        #expect(
            Self.escaped(.hexadecimal)
                == #"[say \"hi\" \\ a/b\n\r\t\u0008\u000c\u0001\u001f café, plain enough"#)
    }

    @Test func prettyEncoderSpellsBackspaceAndFormFeedAsJSONEncoderDoes() {
        #expect(
            Self.escaped(.foundation) == #"[say \"hi\" \\ a/b\n\r\t\b\f\u0001\u001f café, plain enough"#)
    }

    @Test func theJournalRowAndTheWriterAgree() {
        // The journal's in-place writer and the appending form give the same bytes.
        let bytes = JournalRowEncoder.escapedBytes(Self.text)
        #expect("[" + String(decoding: bytes, as: UTF8.self) == Self.escaped(.hexadecimal))
        var writer = JSONWriter()
        writer.beginObject()
        writer.string("k", Self.text)
        writer.endObject()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"k":"say \"hi\" \\ a/b\n\r\t\u0008\u000c\u0001\u001f café, plain enough"}"#)
    }
}
