import CLibXML2
import Ledger

/// Reads an OFX 2.x (XML) document with libxml2's streaming SAX2 parser and feeds its elements to
/// an `OFXStatementBuilder`.
///
/// This is the only file that imports `CLibXML2`; it hands out Swift values only. The document is
/// parsed with libxml2's push parser, fed in chunks, with `XML_PARSE_NONET` and never with
/// `XML_PARSE_NOENT`, `XML_PARSE_DTDLOAD` or `XML_PARSE_HUGE`, so no entity is substituted, no DTD or
/// external entity is loaded, and libxml2's size limits stay on. The SAX handler goes further: it
/// has no callbacks for the DOCTYPE, entity declarations or entity lookup, so libxml2 records no
/// entity at all and a reference to one is either an error or reported to `reference` (and the
/// document refused). Files whose DOCTYPE declares entities never get here: `OFXPreamble` rejects
/// them first.
///
/// Why SAX2 and not `xmlTextReader`: the text reader builds a tree node (and copies its text) for
/// every element and text run, and then walks and frees it; over a 1M-transaction file (193 MB,
/// 13 million elements) that took 1.7-1.9 s on its own, where the push parser with these callbacks
/// takes about 0.9 s. The callbacks only note the element (a pointer compare against libxml2's
/// interned name) and copy leaf text into one reused buffer.
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
    /// libxml2 and the builder run on this thread, one callback at a time; a large document's
    /// second half of transactions is parsed on another core at the same time when that gives
    /// the same result (`OFXXMLTwoParts`). (Until the switch to SAX2, libxml2's text reader ran
    /// on a second thread and handed events over in batches; that cost more CPU time, 0.9 s over
    /// 1M transactions, than the overlap saved. The two parts hand over only whole transactions.)
    static func tokenize(
        _ document: UnsafeBufferPointer<UInt8>, path: String, builder: inout OFXStatementBuilder
    ) throws(ImportDiagnostic) -> Problem? {
        if let split = try OFXXMLTwoParts.tokenize(document, path: path, builder: &builder) { return split.problem }
        let receiver = SAXReceiver(builder: builder)
        let problem = SAXSession.run(document, url: path, receiver: receiver)
        builder = receiver.builder
        if let failure = receiver.run.pointee.failure { throw failure }
        return problem
    }
}

/// One libxml2 push parser, fed a document a range at a time, with the SAX callbacks that drive
/// a receiver. The only place a parser is made; `run` reads a whole document in one pass.
final class SAXSession {
    /// Parser options: no network, no entity substitution, no DTD loading, CDATA as text,
    /// the declared encoding ignored (the caller hands over UTF-8), big line numbers kept.
    private static let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_IGNORE_ENC.rawValue
            | XML_PARSE_BIG_LINES.rawValue)

    /// Bytes handed to libxml2 per `xmlParseChunk`.
    private static let chunkSize = 1 << 18

    /// libxml2's global tables, set up once before any parser: `xmlInitParser` is not safe to run
    /// on two threads at once, and files are read on several (a `static let` runs exactly once).
    private static let libraryReady: Void = xmlInitParser()

    let receiver: SAXReceiver
    private let parser: xmlParserCtxtPtr

    /// A parser for a document of `documentSize` bytes whose first bytes are `head` (libxml2
    /// detects a byte order mark from them; empty for a fragment fed from its start); nil when
    /// libxml2 could not start.
    init?(head: UnsafeBufferPointer<UInt8>, documentSize: Int, url: String, receiver: SAXReceiver) {
        _ = SAXSession.libraryReady
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, name, _, _, _, _, _, _, _ in
            guard let context else { return }
            Unmanaged<SAXReceiver>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.startElement(name) }
        }
        handler.endElementNs = { context, name, _, _ in
            guard let context else { return }
            Unmanaged<SAXReceiver>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.endElement(name) }
        }
        let characters: charactersSAXFunc = { context, text, length in
            guard let context, let text else { return }
            Unmanaged<SAXReceiver>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.characters(text, Int(length)) }
        }
        handler.characters = characters
        handler.cdataBlock = characters
        handler.ignorableWhitespace = characters
        handler.reference = { context, _ in
            guard let context else { return }
            Unmanaged<SAXReceiver>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.entityReference() }
        }
        handler.serror = { context, error in
            guard let context, let error else { return }
            Unmanaged<SAXReceiver>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.record(error.pointee) }
        }
        let context = Unmanaged.passUnretained(receiver).toOpaque()
        let created = head.withMemoryRebound(to: CChar.self) { chars in
            xmlCreatePushParserCtxt(&handler, context, chars.baseAddress, Int32(chars.count), url)
        }
        guard let created else { return nil }
        parser = created
        self.receiver = receiver
        xmlCtxtUseOptions(parser, SAXSession.options)
        receiver.run.pointee.parser = parser
        receiver.run.pointee.documentSize = documentSize
    }

    deinit {
        receiver.run.pointee.parser = nil
        xmlFreeParserCtxt(parser)
    }

    /// Feeds `bytes` (which are at `offset` in the document), a chunk at a time, the last one
    /// with `terminate`; stops early when the receiver stopped the parser.
    func feed(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, terminate: Bool) {
        let run = receiver.run
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            if terminate && !run.pointee.stopped { xmlParseChunk(parser, nil, 0, 1) }
            return
        }
        base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
            var done = 0
            while done < bytes.count && !run.pointee.stopped {
                let length = min(SAXSession.chunkSize, bytes.count - done)
                run.pointee.chunkOffset = offset + done
                done += length
                xmlParseChunk(parser, chars + done - length, Int32(length), terminate && done == bytes.count ? 1 : 0)
            }
        }
    }

    /// True when libxml2 has read exactly `count` bytes (fed in all), is between elements in
    /// element content, has reported no error and was not stopped.
    func isInContent(afterReading count: Int) -> Bool {
        let run = receiver.run
        return !run.pointee.stopped && run.pointee.firstError == nil && parser.pointee.instate == XML_PARSER_CONTENT
            && xmlByteConsumed(parser) == count
    }

    /// Once the last byte is fed: why the document is not well-formed XML (or what the receiver
    /// refused), nil when it was read to the end or the receiver failed (see `failure`).
    var problem: OFXXMLTokenizer.Problem? {
        let run = receiver.run
        if run.pointee.failure != nil { return nil }
        if let problem = run.pointee.entityProblem ?? run.pointee.firstError { return problem }
        guard parser.pointee.wellFormed == 1 else {
            return OFXXMLTokenizer.Problem(line: 1, column: 1, message: "the XML cannot be read")
        }
        return nil
    }

    /// Parses `document` into `receiver` in one pass; the problem when it is not well-formed XML
    /// (or libxml2 could not start), nil when it was read to the end or the receiver stopped it.
    static func run(
        _ document: UnsafeBufferPointer<UInt8>, url: String, receiver: SAXReceiver
    ) -> OFXXMLTokenizer.Problem? {
        guard document.count >= 4, document.count < Int(Int32.max),
            let session = SAXSession(
                head: UnsafeBufferPointer(rebasing: document[..<4]), documentSize: document.count, url: url,
                receiver: receiver)
        else { return couldNotStart }
        session.feed(UnsafeBufferPointer(rebasing: document[4...]), at: 4, terminate: true)
        return session.problem
    }

    static let couldNotStart = OFXXMLTokenizer.Problem(
        line: 1, column: 1, message: "libxml2 could not start reading the document")
}

/// What the SAX callbacks call; hands element events to the builder.
///
/// The mutable state lives behind pointers the receiver owns (`let` properties), not in `var`
/// properties: every access to a class's `var` is checked at run time for exclusivity, which cost
/// more than the work itself at thirteen million callbacks.
final class SAXReceiver {
    let run: UnsafeMutablePointer<SAXRunState>
    private let state: UnsafeMutablePointer<ReceiverState>

    /// A receiver for a document, or for a fragment of one (`fragment`, which checks its shape);
    /// `listOpening` hears when the document's first transaction list opens.
    init(builder: OFXStatementBuilder, fragment: FragmentShape? = nil, listOpening: ListOpening? = nil) {
        run = .allocate(capacity: 1)
        run.initialize(to: SAXRunState())
        state = .allocate(capacity: 1)
        state.initialize(to: ReceiverState(builder: builder, fragment: fragment, listOpening: listOpening))
    }

    deinit {
        run.deinitialize(count: 1)
        run.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var builder: OFXStatementBuilder { state.pointee.builder }

    /// True when no element's text is being gathered (the last event closed an element).
    var isBetweenElements: Bool { state.pointee.isBetweenElements }

    /// Takes in the records of a part of the document read elsewhere (`OFXStatementBuilder.absorb`).
    func absorb(
        _ part: OFXStatementBuilder.StatementState, skipped: [SkippedRecord], movingLinesBy lines: Int
    ) {
        state.pointee.builder.absorb(part, skipped: skipped, movingLinesBy: lines)
    }

    func startElement(_ name: UnsafePointer<xmlChar>?) {
        if let error = state.pointee.startElement(name, run: run) { stop(error) }
    }

    func characters(_ bytes: UnsafePointer<xmlChar>, _ length: Int) {
        state.pointee.characters(bytes, length)
    }

    func endElement(_ name: UnsafePointer<xmlChar>?) {
        guard let error = state.pointee.endElement(name) else { return }
        guard error != FragmentShape.wrapperClosed else {
            // Where the fragment's wrapper closed: the bytes read up to just after its end tag.
            if let parser = run.pointee.parser {
                run.pointee.fragmentEnd = Int(xmlByteConsumed(parser))
                xmlStopParser(parser)
            }
            return
        }
        stop(error)
    }

    func entityReference() {
        guard run.pointee.entityProblem == nil else { return }
        run.pointee.entityProblem = OFXXMLTokenizer.Problem(
            line: run.pointee.line, column: 1, message: "the document refers to an entity")
        if let parser = run.pointee.parser { xmlStopParser(parser) }
    }

    private func stop(_ error: ImportDiagnostic) {
        run.pointee.failure = error
        if let parser = run.pointee.parser { xmlStopParser(parser) }
    }

    func record(_ error: xmlError) {
        guard run.pointee.firstError == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.message.map { String(cString: $0) } ?? "unknown XML error"
        while let last = message.last, last.isWhitespace { message.removeLast() }
        run.pointee.firstError = OFXXMLTokenizer.Problem(
            line: Int(error.line), column: Int(max(error.int2, 1)), message: message)
    }
}

/// The state of one parse that is not about elements.
struct SAXRunState {
    /// The parser being run (set while a `SAXSession` lives), for line numbers and stopping.
    var parser: xmlParserCtxtPtr?
    var documentSize = 0
    /// Where the chunk being parsed starts in the document.
    var chunkOffset = 0
    /// The first error libxml2 reported (nothing is printed).
    var firstError: OFXXMLTokenizer.Problem?
    /// Set when the document refers to an entity libxml2 does not know (an external DTD's).
    var entityProblem: OFXXMLTokenizer.Problem?
    /// What the sink threw; parsing stopped there.
    var failure: ImportDiagnostic?

    /// For a fragment's receiver: the bytes read when its wrapper closed (the parse stopped there).
    var fragmentEnd: Int?

    var stopped: Bool { failure != nil || entityProblem != nil || fragmentEnd != nil }

    /// The line libxml2 is on (full width: the parser's own counter, not a node's 16 bits).
    var line: Int {
        guard let input = parser?.pointee.input else { return 1 }
        return Int(input.pointee.line)
    }
}

/// Turns SAX callbacks into element events for the builder: an element with text only becomes a leaf,
/// one with child elements a start and an end.
struct ReceiverState: ~Copyable {
    var builder: OFXStatementBuilder
    private var tags = TagCache()
    /// The element opened last, while nothing but text has followed it.
    private var pending: (tag: OFXTag, line: Int)?
    /// The text of the pending element so far, in one buffer reused for every element.
    private var text = ByteBuffer(capacity: ReceiverState.leafTextCapacity)

    /// Room for the longest leaf text most files have (a memo), before the buffer grows.
    private static let leafTextCapacity = 256

    /// Set when the events are a fragment's (`OFXXMLTwoParts`): anything but transactions in it
    /// stops the parse.
    private var fragment: FragmentShape?
    /// Told when the first transaction list opens, then dropped.
    private var listOpening: ListOpening?

    init(builder: OFXStatementBuilder, fragment: FragmentShape? = nil, listOpening: ListOpening? = nil) {
        self.builder = builder
        self.fragment = fragment
        self.listOpening = listOpening
    }

    var isBetweenElements: Bool { pending == nil }

    /// Returns what the sink threw, if anything.
    @inline(__always)
    mutating func startElement(
        _ name: UnsafePointer<xmlChar>?, run: UnsafeMutablePointer<SAXRunState>
    ) -> ImportDiagnostic? {
        if let open = pending {
            pending = nil
            if open.tag.isStatement {
                builder.bytesRemaining = run.pointee.documentSize - run.pointee.chunkOffset
            }
            do throws(ImportDiagnostic) {
                try builder.start(open.tag, line: open.line, column: 1)
            } catch {
                return error
            }
            if open.tag == .banktranlist, let opening = listOpening {
                opening.tell(builder.statement.map { $0.currency })
                listOpening = nil
            }
        }
        let tag = tags.tag(name)
        if fragment != nil, !fragment!.admits(tag) { return FragmentShape.refusal }
        pending = (tag, run.pointee.line)
        text.removeAll()
        return nil
    }

    @inline(__always)
    mutating func characters(_ bytes: UnsafePointer<xmlChar>, _ length: Int) {
        // Text after a child element (mixed content) belongs to no leaf and is dropped.
        guard pending != nil else { return }
        text.append(bytes, count: length)
    }

    @inline(__always)
    mutating func endElement(_ name: UnsafePointer<xmlChar>?) -> ImportDiagnostic? {
        if fragment != nil {
            switch fragment!.closes() {
            case .element: break
            case .wrapper: return FragmentShape.wrapperClosed
            case .transaction:
                // A transaction with text and no elements would be a leaf, not a transaction.
                if pending != nil { return FragmentShape.refusal }
            }
        }
        if let open = pending {
            pending = nil
            builder.leaf(open.tag, text.bytes, line: open.line, column: 1)
            return nil
        }
        do throws(ImportDiagnostic) {
            try builder.end(tags.tag(name))
        } catch {
            return error
        }
        return nil
    }
}

/// A direct-mapped cache from libxml2's interned element names (the parser's dictionary gives each
/// name one address) to tags, so most lookups are one pointer comparison.
struct TagCache {
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
