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

    /// A key written once (`JSONWriter.Key`) gives the bytes of the same key given as text, escaped
    /// the same way, in objects of several members.
    @Test func writtenKeysGiveTheBytesOfKeysAsText() {
        var byText = JSONWriter()
        var byKey = JSONWriter()
        let quoted = JSONWriter.Key("a \"quoted\" key")
        let plain = JSONWriter.Key("n")
        for _ in 0..<2 {
            byText.beginObject()
            byText.string("a \"quoted\" key", Self.text)
            byText.raw("n", Array("12.50".utf8))
            byText.endObject()
            byText.newline()
            byKey.beginObject()
            byKey.string(quoted, Self.text)
            byKey.raw(plain, Array("12.50".utf8))
            byKey.endObject()
            byKey.newline()
        }
        #expect(byKey.bytes == byText.bytes)
        #expect(
            String(decoding: byKey.bytes.prefix(29), as: UTF8.self) == #"{"a \"quoted\" key":"say \"hi"#)
    }
}
