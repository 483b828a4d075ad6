import Ledger

/// Reads one OFX file, whichever dialect it turns out to be; both OFX readers call this.
///
/// The preamble decides the route: an XML declaration goes to libxml2 (`OFXXMLTokenizer`), anything
/// else to the SGML tokenizer (`OFXSGMLTokenizer`). A file that declares XML but is not well-formed
/// XML, typically an OFX 2 prolog over an SGML body with unclosed leaf elements (ANZ's exports), is
/// read again as SGML with a warning. Both routes feed the same `OFXStatementBuilder`.
enum OFXDocument {
    /// Files at least this large are read with libxml2 on a second thread (see `OFXXMLTokenizer`).
    static let pipelineThreshold = 1 << 22

    static func read(_ bytes: [UInt8], path: String, context: ReadContext) throws(ImportDiagnostic) -> ParsedFile {
        let result: Result<ParsedFile, ImportDiagnostic> = bytes.withUnsafeBufferPointer { buffer in
            do throws(ImportDiagnostic) {
                return .success(try read(buffer, path: path, context: context))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

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
        var warnings: [ImportDiagnostic] = []
        let invalid = OFXTextDecoding.firstInvalidUTF8(bytes)
        let decoding: OFXTextDecoding = invalid == nil ? .utf8 : .windows1252
        if let invalid, !preamble.declaresSingleByteCharset {
            let (line, column) = OFXPreamble.location(of: invalid, in: bytes)
            let declared = preamble.declaredEncoding.map { "declared as \($0) but is " } ?? ""
            let byte = String(bytes[invalid], radix: 16, uppercase: true)
            warnings.append(
                ImportDiagnostic(
                    severity: .warning, path: path, line: line, column: column,
                    message: "the file is \(declared)not valid UTF-8 (byte 0x\(byte)); it is read as Windows-1252"))
        }
        var parsed: ParsedFile
        if preamble.kind == .xmlDeclaration {
            // Overlapping libxml2 and the builder on two threads pays off only for large files.
            let pipelined = bytes.count >= OFXDocument.pipelineThreshold
            var builder = OFXStatementBuilder(path: path, context: context, decoding: .utf8, decodesEntities: false)
            let problem: OFXXMLTokenizer.Problem?
            if decoding == .utf8 {
                problem = try OFXXMLTokenizer.tokenize(bytes, path: path, builder: &builder, pipelined: pipelined)
            } else {
                let converted = OFXTextDecoding.utf8FromWindows1252(bytes)
                let outcome: Result<OFXXMLTokenizer.Problem?, ImportDiagnostic> = converted.withUnsafeBufferPointer {
                    do throws(ImportDiagnostic) {
                        return .success(
                            try OFXXMLTokenizer.tokenize($0, path: path, builder: &builder, pipelined: pipelined))
                    } catch {
                        return .failure(error)
                    }
                }
                problem = try outcome.get()
            }
            if let problem {
                warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: path, line: problem.line, column: problem.column,
                        message: "the file declares XML but is not well-formed XML (\(problem.message)); "
                            + "it is read as OFX 1 SGML instead"))
                parsed = try readSGML(bytes, preamble: preamble, path: path, context: context, decoding: decoding)
            } else {
                parsed = try builder.finish(format: .ofx2)
            }
        } else {
            parsed = try readSGML(bytes, preamble: preamble, path: path, context: context, decoding: decoding)
        }
        parsed.warnings = warnings + parsed.warnings
        return parsed
    }

    private static func readSGML(
        _ bytes: UnsafeBufferPointer<UInt8>, preamble: OFXPreamble, path: String, context: ReadContext,
        decoding: OFXTextDecoding
    ) throws(ImportDiagnostic) -> ParsedFile {
        let builder = OFXStatementBuilder(path: path, context: context, decoding: decoding, decodesEntities: true)
        let (line, column) = OFXPreamble.location(of: preamble.bodyStart, in: bytes)
        var tokenizer = OFXSGMLTokenizer(
            bytes: bytes, start: preamble.bodyStart, line: line, lineStart: preamble.bodyStart - (column - 1),
            lineBreak: OFXPreamble.lineBreak(of: bytes), path: path, builder: builder)
        try tokenizer.run()
        var finished = tokenizer.builder
        return try finished.finish(format: .ofx1)
    }
}
