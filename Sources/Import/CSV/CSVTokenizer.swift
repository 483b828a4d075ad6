import Ledger

/// Where one field of a CSV record is: a byte range of the text, or of the tokenizer's scratch
/// buffer when the field had to be unescaped (doubled quotes, stray quotes).
struct CSVField: Sendable {
    var start: Int
    var end: Int
    var inScratch: Bool
    var quoted: Bool

    var isEmpty: Bool { start == end }
}

/// The start of a record and anything wrong with its quoting.
struct CSVRecordHead: Sendable {
    /// The 1-based line of the record's first byte.
    var line: Int
    /// The 1-based line of the record's last byte (more than `line` when a quoted field holds line breaks).
    var lastLine: Int
    var problem: Problem?

    enum Problem: Sendable, Equatable {
        /// A quote inside a quoted field that neither doubles another quote nor ends the field
        /// (`"UAB "Naktida""`). The text is kept with the quote as written.
        case strayQuote(line: Int, column: Int)
        /// A quoted field runs to the end of the file. The record is dropped and reading goes on
        /// with the line after its first line.
        case unterminated(line: Int, column: Int)
        /// Text after the closing quote of a field (`"abc"def,`); kept as part of the field.
        case textAfterQuote(line: Int, column: Int)
        /// A quote inside a field that does not start with one (`ACME Ltd",` with its opening
        /// quote missing). The quote is left out of the value: kept, it would make `NL12...` and
        /// `NL12..."` two accounts.
        case quoteInUnquotedField(line: Int, column: Int)
        /// More than `CSVTokenizer.maximumFields` cells; the rest of the line is dropped.
        case tooManyFields(line: Int)
        /// A field longer than `CSVTokenizer.maximumFieldBytes`. The record is dropped; after a
        /// quoted field, reading goes on with the line after the record's first line (as for
        /// `unterminated`), so a stray quote cannot swallow the rest of the file.
        case fieldTooLong(line: Int, column: Int)
    }
}

/// A byte-level RFC 4180 tokenizer that is lenient where banks break the rules.
///
/// Works on UTF-8 (or any ASCII-compatible) bytes and never makes a `String`. Fields are byte
/// ranges; only fields with doubled or stray quotes are copied (into `scratch`). Line ends are
/// LF, CRLF or a lone CR; line breaks inside quoted fields belong to the field. Spaces around a
/// field are not part of it (PayPal's `Date, Time, Name` header), unless they are inside quotes.
///
/// The tokenizer holds an unsafe pointer: use it only inside `withUnsafeBufferPointer`.
///
/// One file of over 400 lines, against the habit: `next` is a state machine over bytes (in a
/// field, in quotes, after a closing quote, at a line end) whose states read best in one place,
/// with the two small value types it hands out.
struct CSVTokenizer {
    let text: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    private(set) var position: Int
    private(set) var line: Int
    /// Unescaped text of fields whose `inScratch` is true; emptied at each record.
    let scratch = ScratchBytes()
    /// Memory of `closingQuoteFollows`: a closing quote at this offset, and none up to this one.
    private var knownClosingQuote = -1
    private var knownNoClosingQuoteUntil = -1

    /// More cells than any bank export has; past this a record's line is cut short.
    static let maximumFields = 10_000

    /// The longest field, in bytes, and so the furthest a quoted field may run (line breaks
    /// included). No bank writes a 4 KB payee or memo; a longer field is damage or an attack (a
    /// 100 MB payee would reach every output), and an unclosed quote would otherwise make its
    /// record run to the end of the file. Checked against lengths the scan has anyway.
    static let maximumFieldBytes = 4096

    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let space: UInt8 = 0x20
    private static let tab: UInt8 = 0x09

    init(text: UnsafeBufferPointer<UInt8>, delimiter: UInt8, position: Int = 0, line: Int = 1) {
        self.text = text
        self.delimiter = delimiter
        self.position = position
        self.line = line
    }

    /// The bytes of `field` (valid until the next call to `next`).
    @inline(__always)
    func bytes(_ field: CSVField) -> UnsafeBufferPointer<UInt8> {
        if field.inScratch {
            return UnsafeBufferPointer(start: scratch.base + field.start, count: field.end - field.start)
        }
        return UnsafeBufferPointer(rebasing: text[field.start..<field.end])
    }

    @inline(__always)
    private func isPadding(_ byte: UInt8) -> Bool {
        byte == CSVTokenizer.space || (byte == CSVTokenizer.tab && delimiter != CSVTokenizer.tab)
    }

    @inline(__always)
    private func endsField(_ byte: UInt8) -> Bool {
        byte == delimiter || byte == CSVTokenizer.lineFeed || byte == CSVTokenizer.carriageReturn
    }

    /// Reads the next record into `fields` (cleared first), skipping empty lines. Nil at the end.
    mutating func next(into fields: inout [CSVField]) -> CSVRecordHead? {
        fields.removeAll(keepingCapacity: true)
        scratch.removeAll()
        let count = text.count
        while position < count {
            let byte = text[position]
            if byte == CSVTokenizer.lineFeed {
                position += 1
                line += 1
            } else if byte == CSVTokenizer.carriageReturn {
                position += 1
                if position < count && text[position] == CSVTokenizer.lineFeed { position += 1 }
                line += 1
            } else {
                break
            }
        }
        guard position < count else { return nil }
        let recordStart = position
        let recordLine = line
        var lineStart = position
        var problem: CSVRecordHead.Problem?

        while true {
            while position < count && isPadding(text[position]) { position += 1 }
            if position < count && text[position] == CSVTokenizer.quote {
                let openQuote = position
                let openLine = line
                position += 1
                let contentStart = position
                var copying = false
                var scratchStart = 0
                var broken = false
                var contentEnd = position
                quoted: while true {
                    if position - contentStart > CSVTokenizer.maximumFieldBytes {
                        let column = openQuote - lineStartOf(openQuote) + 1
                        resume(afterLineOf: recordStart, line: recordLine)
                        return CSVRecordHead(
                            line: recordLine, lastLine: recordLine,
                            problem: .fieldTooLong(line: openLine, column: column))
                    }
                    if position >= count {
                        // Never closed: drop the record, resume after its first line.
                        let column = openQuote - lineStartOf(openQuote) + 1
                        resume(afterLineOf: recordStart, line: recordLine)
                        return CSVRecordHead(
                            line: recordLine, lastLine: recordLine,
                            problem: .unterminated(line: openLine, column: column))
                    }
                    if !copying {
                        // Plain text up to the next quote or line break needs no look.
                        position = firstOf(
                            CSVTokenizer.quote, CSVTokenizer.lineFeed, CSVTokenizer.carriageReturn, from: position)
                        if position >= count { continue }
                    }
                    let byte = text[position]
                    if byte == CSVTokenizer.quote {
                        let next: UInt8? = position + 1 < count ? text[position + 1] : nil
                        if next == nil || endsField(next!) {
                            contentEnd = position
                            position += 1
                            break quoted
                        }
                        if next == CSVTokenizer.quote {
                            let afterPair: UInt8? = position + 2 < count ? text[position + 2] : nil
                            if !copying {
                                copying = true
                                scratchStart = scratch.count
                                scratch.append(UnsafeBufferPointer(rebasing: text[contentStart..<position]))
                            }
                            scratch.append(CSVTokenizer.quote)
                            position += 2
                            if broken && (afterPair == nil || endsField(afterPair!)) {
                                // `"UAB "Naktida""`: the pair is a stray quote plus the closing one.
                                break quoted
                            }
                            continue
                        }
                        // Spaces between the closing quote and the delimiter.
                        var probe = position + 1
                        while probe < count && isPadding(text[probe]) { probe += 1 }
                        if probe >= count || endsField(text[probe]) {
                            contentEnd = position
                            position = probe
                            break quoted
                        }
                        // A quote followed by text. If a closing quote follows later on this line,
                        // this one is a stray quote inside the field (`"UAB "Naktida""`); if not,
                        // it closes the field and the text after it is junk (`"Coffee" shop,`).
                        if !closingQuoteFollows(after: position + 1) {
                            contentEnd = position
                            position += 1
                            break quoted
                        }
                        if problem == nil {
                            problem = .strayQuote(line: line, column: position - lineStartOf(position) + 1)
                        }
                        broken = true
                        if !copying {
                            copying = true
                            scratchStart = scratch.count
                            scratch.append(UnsafeBufferPointer(rebasing: text[contentStart..<position]))
                        }
                        scratch.append(CSVTokenizer.quote)
                        position += 1
                        continue
                    }
                    if byte == CSVTokenizer.lineFeed {
                        line += 1
                        lineStart = position + 1
                    } else if byte == CSVTokenizer.carriageReturn {
                        if !(position + 1 < count && text[position + 1] == CSVTokenizer.lineFeed) {
                            line += 1
                            lineStart = position + 1
                        }
                    }
                    if copying { scratch.append(byte) }
                    position += 1
                }
                if copying {
                    fields.append(CSVField(start: scratchStart, end: scratch.count, inScratch: true, quoted: true))
                } else {
                    fields.append(CSVField(start: contentStart, end: contentEnd, inScratch: false, quoted: true))
                }
            } else {
                let start = position
                // Quotes are looked for in the same pass (a quote is never padding, so one found
                // lies before the padding trimmed off the end).
                var firstQuote: Int?
                position = firstOf(
                    delimiter, CSVTokenizer.lineFeed, CSVTokenizer.carriageReturn, CSVTokenizer.quote, from: position)
                while position < count && text[position] == CSVTokenizer.quote && delimiter != CSVTokenizer.quote {
                    if firstQuote == nil { firstQuote = position }
                    position = firstOf(
                        delimiter, CSVTokenizer.lineFeed, CSVTokenizer.carriageReturn, CSVTokenizer.quote,
                        from: position + 1)
                }
                if position - start > CSVTokenizer.maximumFieldBytes {
                    problem = .fieldTooLong(line: line, column: start - lineStart + 1)
                }
                var end = position
                while end > start && isPadding(text[end - 1]) { end -= 1 }
                if let quote = firstQuote {
                    if problem == nil { problem = .quoteInUnquotedField(line: line, column: quote - lineStart + 1) }
                    let scratchStart = scratch.count
                    for offset in start..<end where text[offset] != CSVTokenizer.quote { scratch.append(text[offset]) }
                    fields.append(CSVField(start: scratchStart, end: scratch.count, inScratch: true, quoted: false))
                } else {
                    fields.append(CSVField(start: start, end: end, inScratch: false, quoted: false))
                }
            }
            // After a field: a delimiter, a line end, the end of the text, or junk after a closing quote.
            if position >= count { break }
            if !endsField(text[position]) {
                // Text after a closing quote (`"abc"def`): take it into the field.
                if problem == nil { problem = .textAfterQuote(line: line, column: position - lineStart + 1) }
                let junkStart = position
                while position < count && !endsField(text[position]) { position += 1 }
                var last = fields.removeLast()
                if !last.inScratch {
                    let start = scratch.count
                    scratch.append(UnsafeBufferPointer(rebasing: text[last.start..<last.end]))
                    last = CSVField(start: start, end: scratch.count, inScratch: true, quoted: true)
                }
                scratch.append(CSVTokenizer.quote)
                scratch.append(UnsafeBufferPointer(rebasing: text[junkStart..<position]))
                last.end = scratch.count
                fields.append(last)
                if position >= count { break }
            }
            let byte = text[position]
            if byte == delimiter && fields.count >= CSVTokenizer.maximumFields {
                // Not a bank export (a line of nothing but delimiters): drop the rest of the line
                // rather than hold millions of empty fields.
                if problem == nil { problem = .tooManyFields(line: line) }
                while position < count && text[position] != CSVTokenizer.lineFeed
                    && text[position] != CSVTokenizer.carriageReturn
                {
                    position += 1
                }
                continue
            }
            if byte == delimiter {
                position += 1
                if position >= count {
                    fields.append(CSVField(start: position, end: position, inScratch: false, quoted: false))
                    break
                }
                continue
            }
            if byte == CSVTokenizer.lineFeed || byte == CSVTokenizer.carriageReturn {
                position += 1
                if byte == CSVTokenizer.carriageReturn && position < count && text[position] == CSVTokenizer.lineFeed {
                    position += 1
                }
                line += 1
                return CSVRecordHead(line: recordLine, lastLine: line - 1, problem: problem)
            }
        }
        return CSVRecordHead(line: recordLine, lastLine: line, problem: problem)
    }

    /// The offset of the first of the bytes `a`, `b` or `c` at or after `start`, or the end of the
    /// text.
    ///
    /// Fields are most of a file's bytes; testing eight at a time with the usual bit tricks is
    /// several times faster than a byte loop. The lowest flagged byte of a word is always a true
    /// match (borrows only move upwards), so the offset is exact.
    @inline(__always)
    private func firstOf(_ a: UInt8, _ b: UInt8, _ c: UInt8, from start: Int) -> Int {
        firstOf(a, b, c, c, from: start)
    }

    /// `firstOf(_:_:_:from:)` for four bytes: an unquoted field ends at the delimiter or a line
    /// end, and is looked through for a quote in the same pass.
    @inline(__always)
    private func firstOf(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, from start: Int) -> Int {
        let count = text.count
        var index = start
        if let base = text.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let (wordA, wordB, wordC, wordD) = (
                ones &* UInt64(a), ones &* UInt64(b), ones &* UInt64(c), ones &* UInt64(d)
            )
            while index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let (x, y, z, w) = (word ^ wordA, word ^ wordB, word ^ wordC, word ^ wordD)
                let flags = ((x &- ones) & ~x) | ((y &- ones) & ~y) | ((z &- ones) & ~z) | ((w &- ones) & ~w)
                let found = flags & (ones &* 0x80)
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < count {
            let byte = text[index]
            if byte == a || byte == b || byte == c || byte == d { return index }
            index += 1
        }
        return count
    }

    /// True when a quote that ends a field (followed by padding and a delimiter, a line end or the
    /// end of the text) comes after `offset` on the same line.
    ///
    /// The answer is remembered for the rest of the line, so a line full of stray quotes is scanned
    /// once, not once per quote.
    private mutating func closingQuoteFollows(after offset: Int) -> Bool {
        if offset <= knownClosingQuote { return true }
        if offset <= knownNoClosingQuoteUntil { return false }
        var index = offset
        let count = text.count
        while index < count {
            let byte = text[index]
            if byte == CSVTokenizer.lineFeed || byte == CSVTokenizer.carriageReturn { break }
            if byte == CSVTokenizer.quote {
                var probe = index + 1
                while probe < count && isPadding(text[probe]) { probe += 1 }
                if probe >= count || endsField(text[probe]) {
                    knownClosingQuote = index
                    return true
                }
            }
            index += 1
        }
        knownNoClosingQuoteUntil = index
        return false
    }

    /// The offset where the line holding `offset` starts.
    private func lineStartOf(_ offset: Int) -> Int {
        var index = offset
        while index > 0 {
            let byte = text[index - 1]
            if byte == CSVTokenizer.lineFeed || byte == CSVTokenizer.carriageReturn { break }
            index -= 1
        }
        return index
    }

    /// Moves to the start of the line after the one holding `offset`.
    private mutating func resume(afterLineOf offset: Int, line recordLine: Int) {
        var index = offset
        let count = text.count
        while index < count && text[index] != CSVTokenizer.lineFeed && text[index] != CSVTokenizer.carriageReturn {
            index += 1
        }
        if index < count {
            if text[index] == CSVTokenizer.carriageReturn && index + 1 < count
                && text[index + 1] == CSVTokenizer.lineFeed
            {
                index += 1
            }
            index += 1
        }
        position = index
        line = recordLine + 1
        knownClosingQuote = -1
        knownNoClosingQuoteUntil = -1
    }
}

/// The tokenizer's scratch bytes: Ledger's `ByteBuffer`, held by reference because the tokenizer
/// is a copyable value that hands out pointers into them for the current record. Owned by one
/// tokenizer; freed with it.
///
/// The buffer's accesses are not checked for exclusivity at run time: one tokenizer uses it, one
/// call at a time, and the check cost about 1% of a CSV import's instructions (it ran for every
/// record, to empty the buffer).
final class ScratchBytes {
    @exclusivity(unchecked) private var buffer: ByteBuffer

    init(capacity: Int = 256) { buffer = ByteBuffer(capacity: capacity) }

    var base: UnsafeMutablePointer<UInt8> {
        @inline(__always) get { buffer.start }
    }

    var count: Int {
        @inline(__always) get { buffer.count }
    }

    @inline(__always)
    func removeAll() { buffer.removeAll() }

    @inline(__always)
    func append(_ byte: UInt8) { buffer.append(byte) }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) { buffer.append(bytes) }
}
