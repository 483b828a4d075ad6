import Import
import Testing

@Suite("Text decoding")
struct TextDecodingTests {
    func text(_ decoded: DecodedText) -> String { String(decoding: decoded.bytes, as: UTF8.self) }

    @Test func asciiAndUTF8AreNotCopiedOrChanged() {
        let bytes = Array("Date,Amount\nCafé,1\n".utf8)
        let decoded = TextDecoding.decode(bytes, declared: nil)
        #expect(decoded.bytes == bytes)
        #expect(decoded.encoding == .utf8)
        #expect(!decoded.hadByteOrderMark)
        #expect(decoded.warnings.isEmpty)
    }

    @Test func byteOrderMarksWin() {
        let utf8 = TextDecoding.decode([0xEF, 0xBB, 0xBF] + Array("é".utf8), declared: .windows1252)
        #expect(text(utf8) == "é")
        #expect(utf8.hadByteOrderMark)
        #expect(
            utf8.warnings == [
                TextDecoding.Warning(
                    line: 1,
                    message:
                        "file starts with a UTF-8 byte-order mark; read as UTF-8 although windows-1252 was declared")
            ])
        let le = TextDecoding.decode([0xFF, 0xFE, 0x41, 0x00, 0xE9, 0x00, 0x3D, 0xD8, 0x00, 0xDE], declared: nil)
        #expect(text(le) == "Aé😀")
        #expect(le.encoding == .utf16LE)
        let be = TextDecoding.decode([0xFE, 0xFF, 0x00, 0x41, 0x20, 0xAC], declared: .utf8)
        #expect(text(be) == "A€")
        #expect(be.encoding == .utf16BE)
    }

    @Test func utf16WithoutByteOrderMarkIsDetected() {
        let bytes = Array("Date;Amount\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let decoded = TextDecoding.decode(bytes, declared: nil)
        #expect(decoded.encoding == .utf16LE)
        #expect(text(decoded) == "Date;Amount\n")
    }

    @Test func singleBytePages() {
        // 0x80 euro, 0x96 en dash, 0xE9 é in Windows-1252.
        #expect(text(TextDecoding.decode([0x80, 0x96, 0xE9], declared: .windows1252)) == "€–é")
        // The same bytes in ISO-8859-1 are C1 controls and é.
        #expect(text(TextDecoding.decode([0x80, 0x96, 0xE9], declared: .iso88591)) == "\u{80}\u{96}é")
        // Windows-1251: 0xCF 0xF0 0xE8 = "При"; Windows-1257: 0xE0 0xF0 = "ąš".
        #expect(text(TextDecoding.decode([0xCF, 0xF0, 0xE8], declared: .windows1251)) == "При")
        #expect(text(TextDecoding.decode([0xE0, 0xF0], declared: .windows1257)) == "ąš")
        // ISO-8859-15 has the euro at 0xA4.
        #expect(text(TextDecoding.decode([0xA4], declared: .iso885915)) == "€")
    }

    @Test func notUTF8FallsBackToWindows1252WithAWarning() {
        let decoded = TextDecoding.decode(Array("a\nb\n".utf8) + [0x43, 0x61, 0x66, 0xE9], declared: nil)
        #expect(text(decoded) == "a\nb\nCafé")
        #expect(decoded.encoding == .windows1252)
        #expect(
            decoded.warnings == [
                TextDecoding.Warning(
                    line: 3,
                    message:
                        "file is not valid UTF-8 (byte 0xE9 on this line); read as windows-1252; declare the encoding in the profile if that is wrong"
                )
            ])
    }

    @Test func declaredSingleByteButValidUTF8() {
        let decoded = TextDecoding.decode(Array("Prämie".utf8), declared: .iso88591)
        #expect(text(decoded) == "Prämie")
        #expect(decoded.encoding == .utf8)
        #expect(decoded.warnings.count == 1)
    }

    @Test(arguments: [
        [0xC0, 0x80] as [UInt8],  // overlong
        [0xED, 0xA0, 0x80],  // surrogate
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0xE2, 0x82],  // truncated
        [0xFF],
    ])
    func invalidUTF8IsReplaced(bytes: [UInt8]) {
        let decoded = TextDecoding.decode(Array("x".utf8) + bytes, declared: .utf8)
        #expect(text(decoded).hasPrefix("x\u{FFFD}"))
        #expect(decoded.warnings.count == 1)
    }

    @Test func encodingNames() {
        #expect(TextEncoding(name: "UTF8") == .utf8)
        #expect(TextEncoding(name: "cp1252") == .windows1252)
        #expect(TextEncoding(name: "Latin1") == .iso88591)
        #expect(TextEncoding(name: "iso8859-1") == .iso88591)
        #expect(TextEncoding(name: "utf-16") == .utf16LE)
        #expect(TextEncoding(name: "1252") == .windows1252)
        #expect(TextEncoding(name: "ISO-8859-1") == .iso88591)
        #expect(TextEncoding(name: "ebcdic") == nil)
    }
}

@Suite("Text decoding: declarations that do not fit")
struct TextDecodingMismatchTests {
    @Test func utf16DeclaredAsSingleByte() {
        let bytes = Array("Date;Amount\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let decoded = TextDecoding.decode(bytes, declared: .windows1252)
        #expect(String(decoding: decoded.bytes, as: UTF8.self) == "Date;Amount\n")
        #expect(
            decoded.warnings == [
                TextDecoding.Warning(
                    line: 1,
                    message:
                        "file is UTF-16 without a byte-order mark although windows-1252 was declared; read as utf-16le")
            ])
    }
}
