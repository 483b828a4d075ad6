/// Reads OFX 1.x files: SGML with an `OFXHEADER:100` header block, or a bare `<OFX>` body.
///
/// Recognised by content: the `OFXHEADER` header (one field per line or all on one line, after
/// blank lines or a UTF-8 BOM), or `<OFX>` as the first element when there is no XML declaration.
/// The body is read by `OFXSGMLTokenizer` (see there for why it is not normalised to XML).
public struct OFX1Reader: StatementReader {
    public static let format = FileFormat.ofx1

    public init() {}

    public static func recognizes(_ bytes: [UInt8]) -> Bool {
        guard let preamble = OFXDocument.preamble(of: bytes) else { return false }
        return preamble.kind != .xmlDeclaration
    }

    public func read(_ bytes: [UInt8], path: String, context: ReadContext) throws(ImportDiagnostic) -> ParsedFile {
        try OFXDocument.read(bytes, path: path, context: context)
    }
}
