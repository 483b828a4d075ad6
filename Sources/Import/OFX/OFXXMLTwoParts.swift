import Foundation
import Ledger

/// A large OFX 2.x document read in two parts at once, with the same statements, records,
/// skipped records and warnings, at the same lines, as one pass (`OFXXMLTokenizer`).
///
/// Why: libxml2 and the statement builder read a document on one core, and a bank's export of a
/// million transactions is one file. The transactions of a statement's list are most of the
/// bytes, so the document is cut after a `</STMTTRN>` near its middle, and the transactions from
/// there to the end of their list (the middle part) are parsed on another core as a fragment of
/// their own, into a builder of their own open in a transaction list in the currency of the
/// document's first list, while the first part is read here up to the cut.
///
/// The middle part's records are taken only when it holds nothing but `STMTTRN` elements (with
/// their leaves and the `PAYEE`, `CURRENCY` and `ORIGCURRENCY` inside), parses as well-formed XML
/// on its own, and the first part ended exactly at the cut, between elements, in a transaction
/// list that is not the pending one, in the same currency, with no transaction, balance or status
/// open: there one pass would have closed the same transactions in the same state. The parser
/// then reads on from the list's end, given a line break for each of the middle's (so that lines
/// and columns stay the document's). Otherwise the middle part's work is dropped and this parser
/// reads it itself: the same result, at one core's speed.
enum OFXXMLTwoParts {
    /// Documents of fewer bytes are read in one pass: the second thread would cost more than it saves.
    static let fromBytes = 8 << 20

    /// What a read in two parts found.
    struct Outcome {
        var problem: OFXXMLTokenizer.Problem?
        /// True when the middle part's records were taken (false: this thread read it too).
        var usedMiddle: Bool
    }

    /// Reads `document` into `builder` in two parts; nil when it is read in one pass instead
    /// (small, one core, or no transaction to cut after), and the caller reads it.
    static func tokenize(
        _ document: UnsafeBufferPointer<UInt8>, path: String, builder: inout OFXStatementBuilder,
        cores: Int = Cores.available, fromBytes: Int = fromBytes
    ) throws(ImportDiagnostic) -> Outcome? {
        guard cores > 1, document.count >= max(fromBytes, 16), document.count < Int(Int32.max),
            let base = document.baseAddress, let cut = cut(of: document)
        else { return nil }
        let opening = ListOpening()
        let receiver = SAXReceiver(builder: builder, listOpening: opening)
        guard
            let session = SAXSession(
                head: UnsafeBufferPointer(rebasing: document[..<4]), documentSize: document.count, url: path,
                receiver: receiver)
        else { return Outcome(problem: SAXSession.couldNotStart, usedMiddle: false) }
        let start = builder
        var middle: Middle?
        var before = (lineFeeds: 0, returns: 0)
        Cores.both(cores: cores) {
            session.feed(UnsafeBufferPointer(rebasing: document[4..<cut]), at: 4, terminate: false)
            // No list before the cut: the middle part is not read.
            opening.tell(nil)
            // The middle part's lines follow this part's (counted here, while the other core reads).
            before = LineEnds.tally(in: base, count: cut)
        } _: {
            // In the currency of the document's first transaction list, once it opens.
            guard let currency = opening.wait() else { return }
            middle = read(document, from: cut, url: path, builder: start, currency: currency)
        }
        var usedMiddle = false
        if let middle, session.isInContent(afterReading: cut), receiver.isBetweenElements,
            receiver.builder.acceptsTransactions(closedIn: middle.currency),
            before.returns + middle.returns == 0
                || before.returns + middle.returns == LineEnds.pairs(in: base, count: middle.end)
        {
            receiver.absorb(middle.statement, skipped: middle.skipped, movingLinesBy: before.lineFeeds)
            middle.lineBreaks.withUnsafeBufferPointer { session.feed($0, at: cut, terminate: false) }
            session.feed(UnsafeBufferPointer(rebasing: document[middle.end...]), at: middle.end, terminate: true)
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
        return find(close, in: document, from: document.count / 2).map { $0 + close.count }
    }

    /// The middle part as its own builder read it.
    private struct Middle {
        /// The builder's statement: the part's records, and what closing them counted.
        var statement: OFXStatementBuilder.StatementState
        var skipped: [SkippedRecord]
        /// The currency the transactions were closed in.
        var currency: Currency?
        /// A line feed for each of the part's, then a space for each character after its last.
        var lineBreaks: [UInt8]
        /// Where the part ends: where the `</BANKTRANLIST>` that closes the list starts.
        var end: Int
        /// Carriage returns in the part.
        var returns: Int
    }

    /// Parses the document from `cut` on as the content of a `BANKTRANLIST` of its own, up to the
    /// end tag that closes it, into a builder like `builder` open in a list in `currency`; nil
    /// when that is not well-formed, holds anything but transactions, or warns.
    private static func read(
        _ document: UnsafeBufferPointer<UInt8>, from cut: Int, url: String, builder: OFXStatementBuilder,
        currency: Currency?
    ) -> Middle? {
        guard let base = document.baseAddress else { return nil }
        // Room for the transactions the rest of the document may hold (no transaction takes
        // fewer than about 80 bytes of XML), so that the table is not grown and copied.
        let rest = document.count - cut
        let part = builder.partReader(currency: currency, reserving: min(rest / 128, 1 << 24), textBytes: rest / 2)
        let receiver = SAXReceiver(builder: part, fragment: FragmentShape())
        guard
            let session = SAXSession(
                head: UnsafeBufferPointer(start: nil, count: 0), documentSize: document.count, url: url,
                receiver: receiver)
        else { return nil }
        let wrapper = Array("<BANKTRANLIST>".utf8)
        wrapper.withUnsafeBufferPointer { session.feed($0, at: cut, terminate: false) }
        session.feed(UnsafeBufferPointer(rebasing: document[cut...]), at: cut, terminate: false)
        let closeTag = "</BANKTRANLIST>".utf8.count
        let read = receiver.builder
        guard receiver.run.pointee.failure == nil, receiver.run.pointee.firstError == nil,
            receiver.run.pointee.entityProblem == nil, let consumed = receiver.run.pointee.fragmentEnd,
            read.warnings.isEmpty, let statement = read.statement
        else { return nil }
        // The list's end tag, written as this reads it: `</BANKTRANLIST >` is one too, but then
        // where it starts is not known from where it ends.
        let end = cut + consumed - wrapper.count - closeTag
        guard end >= cut, end + closeTag <= document.count,
            UnsafeBufferPointer(rebasing: document[end..<end + closeTag]).elementsEqual("</BANKTRANLIST>".utf8)
        else { return nil }
        let within = LineEnds.tally(in: base + cut, count: end - cut)
        var lastLineEnd = end - 1
        while lastLineEnd >= cut && base[lastLineEnd] != 0x0A { lastLineEnd -= 1 }
        // libxml2 counts columns in characters: one for each byte that does not continue one.
        let lastLine = UnsafeBufferPointer(
            start: base + max(lastLineEnd + 1, cut), count: end - max(lastLineEnd + 1, cut))
        var lineBreaks = [UInt8](repeating: 0x0A, count: within.lineFeeds)
        lineBreaks.append(contentsOf: repeatElement(0x20, count: lastLine.count { $0 & 0xC0 != 0x80 }))
        return Middle(
            statement: statement, skipped: read.skipped, currency: currency, lineBreaks: lineBreaks, end: end,
            returns: within.returns)
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

/// Tells the middle part's reader (`OFXXMLTwoParts`) the currency of the document's first
/// transaction list once it opens: the statement's `CURDEF`, or nil when it has none; an outer
/// nil when no list opened before the cut (or outside a statement).
final class ListOpening: @unchecked Sendable {
    private let condition = NSCondition()
    private var told = false
    private var currency: Currency??

    /// Says what the list opened in; only the first call counts.
    func tell(_ currency: Currency??) {
        condition.lock()
        defer { condition.unlock() }
        guard !told else { return }
        told = true
        self.currency = currency
        condition.broadcast()
    }

    /// Waits to be told.
    func wait() -> Currency?? {
        condition.lock()
        defer { condition.unlock() }
        while !told { condition.wait() }
        return currency
    }
}

/// The shape a fragment read on its own (`OFXXMLTwoParts`) must have: its wrapper, and in it
/// `STMTTRN` elements alone, which hold only leaves, `PAYEE`, `CURRENCY`, `ORIGCURRENCY` and
/// unknown elements (any other aggregate would act on the statement around it).
struct FragmentShape {
    /// What a fragment's receiver stops the parse with when the fragment holds something else.
    static let refusal = ImportDiagnostic(
        path: "", line: 1, message: "the part holds more than transactions; it is read in one pass")
    /// What it stops the parse with when the fragment's wrapper closes (not a failure).
    static let wrapperClosed = ImportDiagnostic(path: "", line: 1, message: "the part's list is closed")

    /// Elements open: the fragment's own wrapper is the first.
    private var depth = 0

    enum Closing { case element, transaction, wrapper }

    /// Opens `tag`; false when the fragment may not hold it there.
    mutating func admits(_ tag: OFXTag) -> Bool {
        depth += 1
        switch depth {
        case 1: return true
        case 2: return tag == .stmttrn
        default: return !tag.isAggregate || tag == .payee || tag == .currency || tag == .origcurrency || tag == .other
        }
    }

    /// Closes the innermost element: the wrapper, one of its transactions, or something within.
    mutating func closes() -> Closing {
        defer { depth -= 1 }
        switch depth {
        case 1: return .wrapper
        case 2: return .transaction
        default: return .element
        }
    }
}
