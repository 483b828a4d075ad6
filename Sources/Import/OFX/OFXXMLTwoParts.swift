import Ledger

/// A large OFX 2.x document read in two parts at once, with the same statements, records,
/// skipped records and warnings, at the same lines, as one pass (`OFXXMLTokenizer`).
///
/// Why: libxml2 and the statement builder read a document on one core, and a bank's export of a
/// million transactions is one file. The transactions of a statement's list are most of the
/// bytes, so the document is cut after a `</STMTTRN>` near its middle, and the transactions from
/// there to the list's `</BANKTRANLIST>` (the middle part) are parsed on another core as a
/// fragment of their own, while the first part is read here up to the cut.
///
/// The middle part is used only when it holds nothing but `STMTTRN` elements (with their leaves
/// and the `PAYEE`, `CURRENCY` and `ORIGCURRENCY` inside), parses as well-formed XML on its own,
/// and the first part ended exactly at the cut, between elements, with no transaction, balance
/// or status open: there one pass would have read the same transactions in the same state. Its
/// transactions are then closed here, in order, and the parser reads on from the list's end,
/// given a line break for each of the middle's (so that lines and columns stay the document's).
/// Otherwise the middle part's work is dropped and this parser reads it itself: the same result,
/// at one core's speed.
enum OFXXMLTwoParts {
    /// Documents of fewer bytes are read in one pass: the second thread would cost more than it saves.
    static let fromBytes = 8 << 20

    /// What a read in two parts found.
    struct Outcome {
        var problem: OFXXMLTokenizer.Problem?
        /// True when the middle part's transactions were taken (false: this thread read it too).
        var usedMiddle: Bool
    }

    /// Reads `document` into `builder` in two parts; nil when it is read in one pass instead
    /// (small, one core, or no list to cut), and the caller reads it.
    static func tokenize(
        _ document: UnsafeBufferPointer<UInt8>, path: String, builder: inout OFXStatementBuilder,
        cores: Int = Cores.available, fromBytes: Int = fromBytes
    ) throws(ImportDiagnostic) -> Outcome? {
        guard cores > 1, document.count >= max(fromBytes, 16), document.count < Int(Int32.max),
            let cut = cut(of: document)
        else { return nil }
        let receiver = SAXReceiver(builder: builder)
        guard
            let session = SAXSession(
                head: UnsafeBufferPointer(rebasing: document[..<4]), documentSize: document.count, url: path,
                receiver: receiver)
        else { return Outcome(problem: SAXSession.couldNotStart, usedMiddle: false) }
        var middle: Middle?
        let fragmentBuilder = OFXStatementBuilder(path: path, context: builder.context, decodesEntities: false)
        var before = (lineFeeds: 0, returns: 0)
        Cores.both(cores: cores) {
            session.feed(UnsafeBufferPointer(rebasing: document[4..<cut]), at: 4, terminate: false)
            // The middle part's lines start after this part's (counted here: this part is read first).
            before = LineEnds.tally(in: document.baseAddress!, count: cut)
        } _: {
            middle = read(document, from: cut, url: path, builder: fragmentBuilder)
        }
        var usedMiddle = false
        if let middle, let base = document.baseAddress, session.isInContent(afterReading: cut),
            receiver.isBetweenElements, receiver.builder.acceptsTransactionsHere,
            before.returns + middle.returns == 0
                || before.returns + middle.returns == LineEnds.pairs(in: base, count: middle.end)
        {
            let end = middle.end
            receiver.closeTransactions(of: middle.transactions, movingLinesBy: before.lineFeeds)
            middle.lineBreaks.withUnsafeBufferPointer { session.feed($0, at: cut, terminate: false) }
            session.feed(UnsafeBufferPointer(rebasing: document[end...]), at: end, terminate: true)
            usedMiddle = true
        } else {
            session.feed(UnsafeBufferPointer(rebasing: document[cut...]), at: cut, terminate: true)
        }
        let problem = session.problem
        builder = receiver.builder
        if let failure = receiver.run.pointee.failure { throw failure }
        return Outcome(problem: problem, usedMiddle: usedMiddle)
    }

    /// Where the middle part starts: just after the first `</STMTTRN>` past the document's middle.
    /// (It ends where the transaction list is closed, as libxml2 reads it: `read` finds that.)
    static func cut(of document: UnsafeBufferPointer<UInt8>) -> Int? {
        let close = Array("</STMTTRN>".utf8)
        return find(close, in: document, from: document.count / 100 * 47).map { $0 + close.count }
    }

    /// The transactions of the middle part, and the line breaks that stand for it.
    private struct Middle {
        var transactions: FragmentTransactions
        /// A line feed for each of the part's, then a space for each character after its last.
        var lineBreaks: [UInt8]
        /// Where the part ends: where the `</BANKTRANLIST>` that closes the list starts.
        var end: Int
        /// Carriage returns in the part.
        var returns: Int
    }

    /// Parses the document from `cut` on as the content of a `BANKTRANLIST` of its own, up to
    /// the end tag that closes it; nil when that is not well-formed, holds anything but
    /// transactions, or the document has a carriage return alone before the end (libxml2 counts
    /// lines by line feeds only, so its lines would not be known).
    private static func read(
        _ document: UnsafeBufferPointer<UInt8>, from cut: Int, url: String, builder: OFXStatementBuilder
    ) -> Middle? {
        guard let base = document.baseAddress else { return nil }
        // Room for the transactions the rest of the document may hold (no transaction takes
        // fewer than about 80 bytes of XML), so that the arrays are not grown and copied.
        let rest = document.count - cut
        let receiver = SAXReceiver(
            builder: builder, fragment: FragmentTransactions(reserving: min(rest / 128, 1 << 24), textBytes: rest / 2))
        guard
            let session = SAXSession(
                head: UnsafeBufferPointer(start: nil, count: 0), documentSize: document.count, url: url,
                receiver: receiver)
        else { return nil }
        let wrapper = Array("<BANKTRANLIST>".utf8)
        wrapper.withUnsafeBufferPointer { session.feed($0, at: cut, terminate: false) }
        session.feed(UnsafeBufferPointer(rebasing: document[cut...]), at: cut, terminate: false)
        let closeTag = "</BANKTRANLIST>".utf8.count
        guard receiver.run.pointee.failure == nil, receiver.run.pointee.firstError == nil,
            receiver.run.pointee.entityProblem == nil, let read = receiver.run.pointee.fragmentEnd,
            let transactions = receiver.fragment
        else { return nil }
        let end = cut + read - wrapper.count - closeTag
        guard end >= cut, end + closeTag <= document.count else { return nil }
        // Counted once the part is read, so that parsing starts at once.
        let within = LineEnds.tally(in: base + cut, count: end - cut)
        var lastLineEnd = end - 1
        while lastLineEnd >= cut && base[lastLineEnd] != 0x0A { lastLineEnd -= 1 }
        // libxml2 counts columns in characters: one for each byte that does not continue one.
        let lastLine = UnsafeBufferPointer(
            start: base + max(lastLineEnd + 1, cut), count: end - max(lastLineEnd + 1, cut))
        var lineBreaks = [UInt8](repeating: 0x0A, count: within.lineFeeds)
        lineBreaks.append(contentsOf: repeatElement(0x20, count: lastLine.count { $0 & 0xC0 != 0x80 }))
        return Middle(transactions: transactions, lineBreaks: lineBreaks, end: end, returns: within.returns)
    }

    /// The first place from `start` where `needle` is in `haystack`.
    private static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first else { return nil }
        var position = start
        while position + needle.count <= haystack.count {
            if haystack[position] == first, needle.indices.allSatisfy({ haystack[position + $0] == needle[$0] }) {
                return position
            }
            position += 1
        }
        return nil
    }
}

/// The transactions of a fragment read on its own (`OFXXMLTwoParts`), opened by its builder and
/// kept here, texts and all, to be closed by the document's builder in order.
struct FragmentTransactions {
    /// What a fragment's receiver stops the parse with when the fragment holds something else.
    static let refusal = ImportDiagnostic(
        path: "", line: 1, message: "the part holds more than transactions; it is read in one pass")
    /// What it stops the parse with when the fragment's wrapper closes (not a failure).
    static let wrapperClosed = ImportDiagnostic(path: "", line: 1, message: "the part's list is closed")

    private(set) var transactions: [OFXStatementBuilder.TransactionState] = []
    /// The transactions' texts, end to end (their ranges point here).
    private(set) var text: [UInt8] = []
    /// Elements open: the fragment's own wrapper is the first.
    private var depth = 0

    enum Closing { case element, transaction, wrapper }

    /// Opens `tag`; false when the fragment may not hold it there: each element in the wrapper
    /// is a `STMTTRN`, and within one only leaves, `PAYEE`, `CURRENCY`, `ORIGCURRENCY` and
    /// unknown elements (any other aggregate would act on the statement around it).
    mutating func admits(_ tag: OFXTag) -> Bool {
        depth += 1
        switch depth {
        case 1: return true
        case 2: return tag == .stmttrn
        default: return !tag.isAggregate || tag == .payee || tag == .currency || tag == .origcurrency || tag == .other
        }
    }

    /// Closes the innermost element; a transaction when it is one of the wrapper's.
    mutating func closes() -> Closing {
        defer { depth -= 1 }
        switch depth {
        case 1: return .wrapper
        case 2: return .transaction
        default: return .element
        }
    }

    init(reserving count: Int = 0, textBytes: Int = 0) {
        transactions.reserveCapacity(count)
        text.reserveCapacity(textBytes)
    }

    /// Keeps `transaction`, whose texts are in `ownText`.
    mutating func collect(_ transaction: OFXStatementBuilder.TransactionState, text ownText: [UInt8]) {
        transactions.append(transaction.movingTexts(by: text.count))
        text.append(contentsOf: ownText)
    }
}
