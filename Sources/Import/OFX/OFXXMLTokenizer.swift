import CLibXML2
import Dispatch
import Ledger

/// Reads an OFX 2.x (XML) document with libxml2's streaming reader and feeds its elements to an
/// `OFXStatementBuilder`.
///
/// This is the only file that imports `CLibXML2`; it hands out Swift values only. The reader is
/// owned by `XMLTextReader` and freed in its `deinit`. The document is parsed with `XML_PARSE_NONET`
/// and never with `XML_PARSE_NOENT`, `XML_PARSE_DTDLOAD` or `XML_PARSE_HUGE`, so no entity is
/// substituted, no DTD or external entity is loaded, and libxml2's size limits stay on. Files whose
/// DOCTYPE declares entities never get here: `OFXPreamble` rejects them first.
enum OFXXMLTokenizer {
    /// Why libxml2 gave up on a document: its message and where.
    struct Problem: Sendable, Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// Parses `document` (UTF-8) into `builder`. Returns the problem when the document is not
    /// well-formed XML, nil when it was read to the end; throws what the builder throws.
    ///
    /// With `pipelined`, libxml2 reads on a second thread and hands batches of events to the
    /// builder on this one, so parsing and building overlap (worth it for large files: libxml2's
    /// reader is about half the time). `document` is only used until this returns.
    static func tokenize(
        _ document: UnsafeBufferPointer<UInt8>, path: String, builder: inout OFXStatementBuilder,
        pipelined: Bool = false
    ) throws(ImportDiagnostic) -> Problem? {
        guard pipelined else {
            guard let reader = XMLTextReader(document, url: path) else { return couldNotStart }
            return try reader.read(into: &builder)
        }
        let pipe = OFXEventPipe(depth: 4)
        let outcome = ProducerOutcome()
        let input = SendableBuffer(buffer: document)
        let done = DispatchSemaphore(value: 0)
        // A queue of its own targets the overcommitting pool, so the reader gets a thread even when
        // every worker thread is busy (and this one is about to wait for it).
        DispatchQueue(label: "closebook.ofx.xml-reader").async {
            var sink = BatchingSink(pipe: pipe)
            if let reader = XMLTextReader(input.buffer, url: path) {
                do throws(ImportDiagnostic) {
                    outcome.problem = try reader.read(into: &sink)
                    sink.flush()
                } catch {
                    // The builder gave up; it has its own error to report.
                }
            } else {
                outcome.problem = couldNotStart
            }
            pipe.finish()
            done.signal()
        }
        var failure: ImportDiagnostic?
        while let batch = pipe.receive() {
            if failure == nil {
                do throws(ImportDiagnostic) {
                    try batch.replay(into: &builder)
                } catch {
                    failure = error
                    pipe.cancel()
                }
            }
            pipe.recycle(batch)
        }
        done.wait()
        if let failure { throw failure }
        return outcome.problem
    }

    private static let couldNotStart = Problem(
        line: 1, column: 1, message: "libxml2 could not start reading the document")
}

/// What the reading thread found, read by the building thread after `done` is signalled.
private final class ProducerOutcome: @unchecked Sendable {
    var problem: OFXXMLTokenizer.Problem?
}

/// The document's bytes, shared with the reading thread for the duration of `tokenize`.
private struct SendableBuffer: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
}

/// Collects events into batches of about 64 KB and sends each full one down the pipe.
private struct BatchingSink: OFXEventSink {
    let pipe: OFXEventPipe
    private var batch: OFXEventBatch
    private static let batchSize = 1 << 16

    init(pipe: OFXEventPipe) {
        self.pipe = pipe
        batch = OFXEventBatch(capacity: BatchingSink.batchSize + 4096)
    }

    mutating func statementAhead(bytesRemaining: Int) { batch.statementAhead(bytesRemaining: bytesRemaining) }

    mutating func start(_ tag: OFXTag, line: Int, column: Int) throws(ImportDiagnostic) {
        batch.start(tag, line: line, column: column)
    }

    mutating func end(_ tag: OFXTag) throws(ImportDiagnostic) {
        batch.end(tag)
        try sendIfFull()
    }

    mutating func leaf(
        _ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, line: Int, column: Int
    ) throws(ImportDiagnostic) {
        batch.leaf(tag, value, line: line, column: column)
        try sendIfFull()
    }

    /// Sends what is left.
    mutating func flush() {
        if !batch.bytes.isEmpty { _ = pipe.send(batch) }
    }

    @inline(__always)
    private mutating func sendIfFull() throws(ImportDiagnostic) {
        guard batch.bytes.count >= BatchingSink.batchSize else { return }
        let keepGoing = pipe.send(batch)
        batch = pipe.emptyBatch(capacity: BatchingSink.batchSize + 4096)
        guard keepGoing else { throw ImportDiagnostic(path: "", line: 0, message: "stopped") }
    }
}

/// Owns one `xmlTextReaderPtr` and the error it reports.
private final class XMLTextReader {
    private let reader: xmlTextReaderPtr
    private let size: Int
    private let errors: ErrorCollector

    /// Parser options: no network, no entity substitution, no DTD loading, CDATA as text,
    /// the declared encoding ignored (the caller hands over UTF-8), big line numbers kept.
    private static let options: Int32 = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_IGNORE_ENC.rawValue
            | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_COMPACT.rawValue)

    init?(_ document: UnsafeBufferPointer<UInt8>, url: String) {
        guard let base = document.baseAddress, document.count < Int(Int32.max) else { return nil }
        let created = base.withMemoryRebound(to: CChar.self, capacity: document.count) { chars in
            xmlReaderForMemory(chars, Int32(document.count), url, "UTF-8", XMLTextReader.options)
        }
        guard let created else { return nil }
        reader = created
        size = document.count
        errors = ErrorCollector()
        let handler: xmlStructuredErrorFunc = { context, error in
            guard let context, let error else { return }
            Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
        }
        xmlTextReaderSetStructuredErrorHandler(reader, handler, Unmanaged.passUnretained(errors).toOpaque())
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    func read(into builder: inout some OFXEventSink) throws(ImportDiagnostic) -> OFXXMLTokenizer.Problem? {
        var tags = TagCache()
        var pending: (tag: OFXTag, line: Int)?
        var text: [UInt8] = []
        text.reserveCapacity(256)
        // The line the last text node ended on (libxml2 records a text node's line when it has read
        // it), which is the line of the element after it: used for elements past line 65535.
        var cursorLine = 1
        while true {
            let status = xmlTextReaderRead(reader)
            if status != 1 {
                if status == 0 && errors.first == nil { return nil }
                return errors.first ?? OFXXMLTokenizer.Problem(line: 1, column: 1, message: "the XML cannot be read")
            }
            // libxml2 stops (status -1) on well-formedness errors; a recoverable error it reports and
            // reads past is returned at the end, so the loop does not check after every node.
            let type = xmlTextReaderNodeType(reader)
            // Names, lines and text are read from the node itself: fewer calls per node, and no
            // namespaces in OFX, so an element's name is its local name.
            guard let node = xmlTextReaderCurrentNode(reader) else { continue }
            switch type {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                if let open = pending {
                    if open.tag.isStatement {
                        builder.statementAhead(bytesRemaining: size - Int(xmlTextReaderByteConsumed(reader)))
                    }
                    try builder.start(open.tag, line: open.line, column: 1)
                    pending = nil
                }
                let tag = tags.tag(node.pointee.name)
                // libxml2 keeps an element's line in 16 bits; past 65535 it is worked out from the
                // text nodes before it, whose lines `XML_PARSE_BIG_LINES` keeps in full.
                let line = node.pointee.line == UInt16.max ? cursorLine : Int(node.pointee.line)
                if xmlTextReaderIsEmptyElement(reader) == 1 {
                    try builder.leaf(tag, UnsafeBufferPointer(start: nil, count: 0), line: line, column: 1)
                } else {
                    pending = (tag, line)
                    text.removeAll(keepingCapacity: true)
                }
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                let bytes = XMLTextReader.content(of: node)
                if pending != nil { text.append(contentsOf: bytes) }
                if node.pointee.line == UInt16.max { cursorLine = Int(xmlGetLineNo(node)) }
            case Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue), Int32(XML_READER_TYPE_WHITESPACE.rawValue):
                // White space adds nothing to a trimmed value; it only moves the line past 65535.
                if node.pointee.line == UInt16.max { cursorLine = Int(xmlGetLineNo(node)) }
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                if let open = pending {
                    try text.withUnsafeBufferPointer { (value) throws(ImportDiagnostic) in
                        try builder.leaf(open.tag, value, line: open.line, column: 1)
                    }
                    pending = nil
                } else {
                    try builder.end(tags.tag(node.pointee.name))
                }
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
                let line = Int(xmlTextReaderGetParserLineNumber(reader))
                return OFXXMLTokenizer.Problem(line: line, column: 1, message: "the document refers to an entity")
            default:
                break
            }
        }
    }

    /// The text of a text node (its `content`, NUL-terminated).
    @inline(__always)
    private static func content(of node: xmlNodePtr) -> UnsafeBufferPointer<UInt8> {
        guard let content = node.pointee.content else { return UnsafeBufferPointer(start: nil, count: 0) }
        var length = 0
        while content[length] != 0 { length += 1 }
        return UnsafeBufferPointer(start: content, count: length)
    }

}

/// A direct-mapped cache from libxml2's interned element names (the parser's dictionary gives each
/// name one address) to tags, so most lookups are one pointer comparison.
private struct TagCache {
    private var keys = [UnsafePointer<xmlChar>?](repeating: nil, count: 256)
    private var tags = [OFXTag](repeating: .other, count: 256)
    private let table = OFXTagTable.standard

    @inline(__always)
    mutating func tag(_ name: UnsafePointer<xmlChar>?) -> OFXTag {
        guard let name else { return .other }
        let slot = (Int(bitPattern: UInt(bitPattern: name)) >> 4) & 255
        if keys[slot] == name { return tags[slot] }
        var length = 0
        while name[length] != 0 { length += 1 }
        let tag = table.tag(forHash: OFXTagTable.hash(UnsafeBufferPointer(start: name, count: length)))
        keys[slot] = name
        tags[slot] = tag
        return tag
    }
}

/// Keeps the first error libxml2 reports, so nothing is printed and the message reaches the user.
private final class ErrorCollector {
    private(set) var first: OFXXMLTokenizer.Problem?

    func record(_ error: xmlError) {
        guard first == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.message.map { String(cString: $0) } ?? "unknown XML error"
        while let last = message.last, last.isWhitespace { message.removeLast() }
        first = OFXXMLTokenizer.Problem(line: Int(error.line), column: Int(max(error.int2, 1)), message: message)
    }
}
