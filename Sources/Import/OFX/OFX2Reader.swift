/// Reads OFX 2.x and QFX files: XML with an `<?xml?>` and/or `<?OFX OFXHEADER="200"?>` prolog.
///
/// Recognised by content: an XML declaration or OFX processing instruction, optionally after a
/// UTF-8 BOM, white space, comments or a DOCTYPE, followed by the `<OFX>` root. The body is read
/// with libxml2's streaming SAX2 parser (`OFXXMLTokenizer`); a body that is not well-formed XML (an OFX 2
/// prolog over SGML-style unclosed elements) is read as SGML instead, with a warning.
public struct OFX2Reader: StatementReader {
    public static let format = FileFormat.ofx2

    public init() {}

    public static func recognizes(_ bytes: [UInt8]) -> Bool {
        OFXDocument.preamble(of: bytes)?.kind == .xmlDeclaration
    }

    public func read(_ bytes: [UInt8], path: String, context: ReadContext) throws(ImportDiagnostic) -> ParsedFile {
        try OFXDocument.read(bytes, path: path, context: context)
    }
}
