import Ledger

/// Reads one OFX file, whichever dialect it turns out to be; both OFX readers call this.
///
/// First the file becomes UTF-8 text: declared encodings are often wrong in OFX
/// (`ENCODING:USASCII` over the byte 0xE0), so the declaration is not trusted. A file that is
/// valid UTF-8 is UTF-8; UTF-16 (with a byte-order mark, or zero bytes every other byte) is
/// decoded as such; any other file is Windows-1252, the code page nearly every OFX 1.x export
/// uses (`CHARSET:1252`), whatever its header says. Decoding uses the shared `TextDecoding`.
///
/// Then the preamble decides the route: an XML declaration goes to libxml2 (`OFXXMLTokenizer`),
/// anything else to the SGML tokenizer (`OFXSGMLTokenizer`). A file that declares XML but is not
/// well-formed XML, typically an OFX 2 prolog over an SGML body with unclosed leaf elements (ANZ's
/// exports), is read again as SGML with a warning, and reported as `ofx-1`. Both routes feed the
/// same `OFXStatementBuilder`.
enum OFXDocument {
    static func read(_ bytes: [UInt8], path: String, context: ReadContext) throws(ImportDiagnostic) -> ParsedFile {
        var warnings: [ImportDiagnostic] = []
        let text = utf8(bytes, path: path, warnings: &warnings)
        let result: Result<ParsedFile, ImportDiagnostic> = text.withUnsafeBufferPointer { buffer in
            do throws(ImportDiagnostic) {
                return .success(try read(buffer, path: path, context: context))
            } catch {
                return .failure(error)
            }
        }
        var parsed = try result.get()
        parsed.warnings = warnings + parsed.warnings
        return parsed
    }

    /// The preamble of a file as the readers' `recognizes` sees it (UTF-16 decoded first).
    static func preamble(of bytes: [UInt8]) -> OFXPreamble? {
        if isUTF16(bytes) {
            let prefix = TextDecoding.decode(Array(bytes.prefix(1 << 14)), declared: nil).bytes
            return prefix.withUnsafeBufferPointer { OFXPreamble.scan($0) }
        }
        return bytes.withUnsafeBufferPointer { OFXPreamble.scan($0) }
    }

    /// The file as UTF-8 (without copying when it already is).
    private static func utf8(_ bytes: [UInt8], path: String, warnings: inout [ImportDiagnostic]) -> [UInt8] {
        if isUTF16(bytes) {
            let decoded = TextDecoding.decode(bytes, declared: nil)
            warnings += decoded.warnings.map {
                ImportDiagnostic(severity: .warning, path: path, line: $0.line, message: $0.message)
            }
            return decoded.bytes
        }
        guard case .invalid(let offset) = TextDecoding.validateUTF8(bytes) else { return bytes }
        let preamble = bytes.withUnsafeBufferPointer { OFXPreamble.scan($0) }
        let hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if preamble?.declaresSingleByteCharset != true,
            let mixed = TextDecoding.decodeMixedFields(
                hasByteOrderMark ? Array(bytes[3...]) : bytes, codePage: .windows1252)
        {
            // Mostly UTF-8: only the fields with bytes that are not are read as Windows-1252.
            warnings += mixed.warnings.map {
                ImportDiagnostic(severity: .warning, path: path, line: $0.line, message: $0.message)
            }
            return mixed.bytes
        }
        if preamble?.declaresSingleByteCharset != true {
            let (line, column) = bytes.withUnsafeBufferPointer { OFXPreamble.location(of: offset, in: $0) }
            let declared = preamble?.declaredEncoding.map { "declared as \($0) but is " } ?? ""
            let byte = String(bytes[offset], radix: 16, uppercase: true)
            warnings.append(
                ImportDiagnostic(
                    severity: .warning, path: path, line: line, column: column,
                    message: "the file is \(declared)not valid UTF-8 (byte 0x\(byte)); it is read as Windows-1252"))
        }
        return TextDecoding.decodeSingleByte(hasByteOrderMark ? Array(bytes[3...]) : bytes, as: .windows1252).bytes
    }

    private static func isUTF16(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || TextDecoding.looksLikeUTF16(bytes) != nil
    }

    /// Reads UTF-8 text.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, context: ReadContext
    ) throws(ImportDiagnostic) -> ParsedFile {
        guard let preamble = OFXPreamble.scan(bytes) else {
            throw ImportDiagnostic(
                path: path, line: 1, column: 1,
                message: "the file does not start with an OFX header or an <OFX> element, so it is not OFX")
        }
        if let entity = preamble.entityDeclaration {
            let (line, column) = OFXPreamble.location(of: entity, in: bytes)
            throw ImportDiagnostic(
                path: path, line: line, column: column,
                message: "the DOCTYPE declares entities; OFX never uses them, and entities can expand without "
                    + "limit or read other files, so the file is refused")
        }
        if let nul = OFXBytes.firstNUL(bytes) {
            let (line, column) = OFXPreamble.location(of: nul, in: bytes)
            throw ImportDiagnostic(
                path: path, line: line, column: column,
                message: "the file contains a NUL byte: it is binary, not OFX text")
        }
        guard preamble.kind == .xmlDeclaration else {
            return try readSGML(bytes, preamble: preamble, path: path, context: context)
        }
        var builder = OFXStatementBuilder(path: path, context: context, decodesEntities: false)
        guard let problem = try OFXXMLTokenizer.tokenize(bytes, path: path, builder: &builder) else {
            return try builder.finish(format: .ofx2)
        }
        var parsed = try readSGML(bytes, preamble: preamble, path: path, context: context)
        parsed.warnings.insert(
            ImportDiagnostic(
                severity: .warning, path: path, line: problem.line, column: problem.column,
                message: "the file declares XML but is not well-formed XML (\(problem.message)); "
                    + "it is read as OFX 1 SGML instead"),
            at: 0)
        return parsed
    }

    private static func readSGML(
        _ bytes: UnsafeBufferPointer<UInt8>, preamble: OFXPreamble, path: String, context: ReadContext
    ) throws(ImportDiagnostic) -> ParsedFile {
        let builder = OFXStatementBuilder(path: path, context: context, decodesEntities: true)
        let (line, column) = OFXPreamble.location(of: preamble.bodyStart, in: bytes)
        var tokenizer = OFXSGMLTokenizer(
            bytes: bytes, start: preamble.bodyStart, line: line, lineStart: preamble.bodyStart - (column - 1),
            lineBreak: OFXPreamble.lineBreak(of: bytes), path: path, builder: builder)
        try tokenizer.run()
        var finished = tokenizer.builder
        return try finished.finish(format: .ofx1)
    }
}
