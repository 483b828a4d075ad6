import Ledger
import TestSupport
import Testing

@testable import Import

/// Finding an OFX file by its content: the 1.x header in its many shapes, the 2.x XML prolog, or a
/// bare `<OFX>`; and telling the two readers apart.
@Suite struct OFXPreambleTests {
    static func scan(_ text: String) -> OFXPreamble? {
        Array(text.utf8).withUnsafeBufferPointer { OFXPreamble.scan($0) }
    }

    static func scan(_ bytes: [UInt8]) -> OFXPreamble? {
        bytes.withUnsafeBufferPointer { OFXPreamble.scan($0) }
    }

    static let version1Fields = [
        "OFXHEADER": "100", "DATA": "OFXSGML", "VERSION": "102", "SECURITY": "NONE", "ENCODING": "USASCII",
        "CHARSET": "1252", "COMPRESSION": "NONE", "OLDFILEUID": "NONE", "NEWFILEUID": "NONE",
    ]

    @Test func headerOneFieldPerLine() throws {
        let text =
            "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\n"
            + "COMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>"
        let preamble = try #require(Self.scan(text))
        #expect(preamble.kind == .sgmlHeader)
        #expect(preamble.fields == Self.version1Fields)
        #expect(preamble.bodyStart == text.utf8.count - 5)
    }

    @Test func headerOnOneLine() throws {
        let text =
            "OFXHEADER:100 DATA:OFXSGML VERSION:102 SECURITY:NONE ENCODING:USASCII CHARSET:1252 COMPRESSION:NONE "
            + "OLDFILEUID:NONE NEWFILEUID:NONE<OFX>"
        let preamble = try #require(Self.scan(text))
        #expect(preamble.kind == .sgmlHeader)
        #expect(preamble.fields == Self.version1Fields)
    }

    @Test func headerAfterBlankLinesWithCRLF() throws {
        let preamble = try #require(Self.scan("\r\n\r\n\r\nOFXHEADER:100\r\nDATA:OFXSGML\r\n\r\n<OFX>\r\n</OFX>"))
        #expect(preamble.kind == .sgmlHeader)
        #expect(preamble.fields == ["OFXHEADER": "100", "DATA": "OFXSGML"])
    }

    @Test func headerWithCarriageReturnsOnly() throws {
        // ofxparse's broken line endings case: two header keys.
        let preamble = try #require(Self.scan("OFXHEADER:100\rDATA:OFXSGML\r<OFX>"))
        #expect(preamble.fields.count == 2)
    }

    @Test func headerWithASpaceAfterTheColon() throws {
        let preamble = try #require(Self.scan("OFXHEADER: 100\nENCODING: USASCII\n<OFX>"))
        #expect(preamble.fields == ["OFXHEADER": "100", "ENCODING": "USASCII"])
    }

    @Test func noHeader() throws {
        let preamble = try #require(Self.scan("\n\n  <OFX>"))
        #expect(preamble.kind == .none)
        #expect(preamble.fields.isEmpty)
        #expect(preamble.bodyStart == 4)
    }

    @Test func xmlPrologAfterAByteOrderMark() throws {
        let bytes: [UInt8] =
            [0xEF, 0xBB, 0xBF]
            + Array(
                "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<!-- exported -->\n"
                    .utf8)
            + Array("<?OFX OFXHEADER=\"200\" VERSION=\"211\" SECURITY=\"NONE\"?>  \n<OFX>".utf8)
        let preamble = try #require(Self.scan(bytes))
        #expect(preamble.kind == .xmlDeclaration)
        #expect(
            preamble.fields == ["XML-ENCODING": "UTF-8", "OFXHEADER": "200", "VERSION": "211", "SECURITY": "NONE"])
        #expect(preamble.entityDeclaration == nil)
    }

    @Test func ofxProcessingInstructionWithoutXMLDeclaration() throws {
        let preamble = try #require(Self.scan("<?OFX OFXHEADER='200' VERSION='200'?><OFX>"))
        #expect(preamble.kind == .xmlDeclaration)
        #expect(preamble.fields == ["OFXHEADER": "200", "VERSION": "200"])
    }

    @Test func doctypeWithoutEntities() throws {
        let preamble = try #require(Self.scan("<?xml version=\"1.0\"?><!DOCTYPE OFX SYSTEM \"ofx.dtd\"><OFX>"))
        #expect(preamble.entityDeclaration == nil)
    }

    @Test func doctypeDeclaringEntities() throws {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE OFX [\n <!ENTITY a \"b\">\n]>\n<OFX>"
        let preamble = try #require(Self.scan(text))
        // 21 bytes of declaration, a newline, 15 of DOCTYPE, a newline, a space.
        #expect(preamble.entityDeclaration == 39)
    }

    @Test func spaceInsideTheRootTag() throws {
        #expect(Self.scan("<OFX >") != nil)
        #expect(Self.scan("<ofx>") != nil)
    }

    @Test(arguments: [
        "", "   ", "Date,Type,Description,Paid Out,Paid In,Balance\r\n", "!Type:Bank\nD01/02/2024\n^\n",
        "<html><body>", "<OFXHEADER>", "OFXHEADER:100\nDATA:OFXSGML\n", "<?xml version=\"1.0\"?><feed>",
        "<?xml version=\"1.0\"", "<!-- never closed <OFX>", "<OFXFOO>",
    ])
    func notOFX(text: String) {
        #expect(Self.scan(text) == nil)
        #expect(!OFX1Reader.recognizes(Array(text.utf8)))
        #expect(!OFX2Reader.recognizes(Array(text.utf8)))
    }

    @Test func binaryIsNotOFX() {
        var generator = SplitMix64(seed: 7)
        let bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        #expect(!OFX1Reader.recognizes(bytes))
        #expect(!OFX2Reader.recognizes(bytes))
    }

    @Test func theTwoReadersSplitTheWork() {
        let sgml = Array("OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>".utf8)
        let bare = Array("<OFX>\n".utf8)
        let xml = Array("<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\"?>\n<OFX>".utf8)
        #expect(OFX1Reader.recognizes(sgml) && !OFX2Reader.recognizes(sgml))
        #expect(OFX1Reader.recognizes(bare) && !OFX2Reader.recognizes(bare))
        #expect(OFX2Reader.recognizes(xml) && !OFX1Reader.recognizes(xml))
        #expect(OFX1Reader.format == .ofx1)
        #expect(OFX2Reader.format == .ofx2)
    }

    @Test func locationsCountLinesTheWayGrepDoes() {
        let crcrlf = Array("A\r\r\nB\r\r\nC".utf8)
        #expect(crcrlf.withUnsafeBufferPointer { OFXPreamble.location(of: 8, in: $0) } == (3, 1))
        let crOnly = Array("A\rB\rC".utf8)
        #expect(crOnly.withUnsafeBufferPointer { OFXPreamble.location(of: 4, in: $0) } == (3, 1))
        let crlf = Array("AB\r\nCD".utf8)
        #expect(crlf.withUnsafeBufferPointer { OFXPreamble.location(of: 5, in: $0) } == (2, 2))
    }
}
