import Ledger

/// Reads the body of an OFX 1.x (SGML) file and feeds its elements to an `OFXStatementBuilder`.
///
/// Why a tokenizer of our own and not SGML-to-XML normalisation fed to libxml2. Speed: normalising
/// needs this same scan anyway (to find where leaf values end and which aggregates were left open)
/// and then pays for a second full parse. Measured in release mode on generated 1M-transaction files
/// (`scripts/generate-ofx-benchmark.py`), libxml2's SAX2 parser alone, doing nothing with the
/// events, takes about 0.9 s over the XML file (its text reader 1.7-1.9 s), while this tokenizer
/// and the statement builder together read the SGML file in about 0.9 s; normalise-then-libxml2
/// could only be slower than either. Robustness: every repair a normaliser makes must be escaped again for a strict XML
/// parser (`AT&T`, a raw `<`, `&nbsp;`, `<!-- -->` after values), and a wrong guess about where an
/// unclosed aggregate ends becomes a well-formedness error that loses the whole file, where the
/// shared builder simply hands each value to the innermost aggregate it knows.
///
/// What it tolerates, as ofxparse does: leaf elements without end tags (`<TRNAMT>-6.60<FITID>...`)
/// and with them (`<CODE>0</CODE>`), aggregates left open (an end tag closes every element opened
/// inside it; a start tag closes an open element of the same name, since no OFX element contains
/// itself), stray end tags, several elements per line, `<!-- comments -->` after values, CDATA
/// sections, `<OFX >`, self-closing `<TAG/>`, and a `<` that does not start a tag. What it rejects,
/// with line and column: a tag without its closing `>`, a file that ends inside an aggregate other
/// than `OFX` (truncated), elements nested more than 1000 deep, and a body with no `<OFX>`.
///
/// One file of over 400 lines, against the habit: a tokenizer's state machine (tags, values,
/// comments, CDATA, the open-element stack) reads best in one place.
struct OFXSGMLTokenizer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let path: String
    /// The builder the events go to; take it back with `finish(format:)` after `run()`.
    private(set) var builder: OFXStatementBuilder
    private let table = OFXTagTable.standard
    private var index: Int
    private var line: Int
    private var lineStart: Int
    /// The byte that ends a line: LF, or CR in a file that has no LF at all (see `OFXPreamble.lineBreak`).
    private let lineBreak: UInt8
    private var stack: [(hash: UInt64, tag: OFXTag, line: Int)] = []
    private var scratch: [UInt8] = []

    /// Reads from `start` (the `<OFX` of the body), which is on 1-based line `line`, beginning at `lineStart`.
    init(
        bytes: UnsafeBufferPointer<UInt8>, start: Int, line: Int, lineStart: Int, lineBreak: UInt8, path: String,
        builder: OFXStatementBuilder
    ) {
        self.lineBreak = lineBreak
        self.bytes = bytes
        self.index = start
        self.line = line
        self.lineStart = lineStart
        self.path = path
        self.builder = builder
        stack.reserveCapacity(32)
    }

    /// OFX nests about ten deep; a bound keeps a hostile file from making every tag search a long one.
    static let maximumDepth = 1000

    /// Tokenizes the whole body; throws on malformed tags and truncation.
    mutating func run() throws(ImportDiagnostic) {
        let count = bytes.count
        while true {
            // White space between elements, or stray text outside any value: skipped.
            move(toNext: UInt8(ascii: "<"))
            guard index < count else { break }
            let byte = bytes[index]
            guard index + 1 < count else { break }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                try skipMarkupDeclaration()
            } else if next == UInt8(ascii: "/") {
                let tagLine = line
                let tagColumn = column(of: index)
                guard let hash = try readEndTag() else {
                    throw error(tagLine, tagColumn, "an end tag '</' has no element name")
                }
                if try close(hash), !skipToNextDocument() { return }
            } else if isNameStart(next) {
                try readElement()
            } else {
                advance(over: byte)
            }
        }
        try endOfFile()
    }

    // MARK: - Elements

    /// Reads `<NAME>` and what follows it: a value (a leaf), nothing (an empty element), or children.
    private mutating func readElement() throws(ImportDiagnostic) {
        let tagLine = line
        let tagColumn = column(of: index)
        let count = bytes.count
        let nameStart = index + 1
        let (cursor, hash) = scanName(from: nameStart)
        let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<cursor])
        index = cursor
        var selfClosing = false
        // OFX has no attributes, but `<OFX VERSION="102">` is skipped rather than refused; a `<`
        // before the closing `>` means the tag is broken.
        while index < count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "<") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                advance(over: byte)
                while index < count, bytes[index] != byte, bytes[index] != UInt8(ascii: "<") {
                    advance(over: bytes[index])
                }
                if index < count, bytes[index] == byte { index += 1 }
                continue
            }
            selfClosing = byte == UInt8(ascii: "/")
            if !selfClosing && !OFXBytes.isSpace(byte) && index == cursor {
                break  // a name byte we do not accept, straight after the name
            }
            advance(over: byte)
        }
        guard index < count, bytes[index] == UInt8(ascii: ">") else {
            let shown = String(decoding: name.prefix(40), as: UTF8.self)
            if index >= count {
                throw error(tagLine, tagColumn, "the file ends inside the tag <\(shown): it looks truncated")
            }
            throw error(tagLine, tagColumn, "the tag <\(shown) is not closed by '>'")
        }
        index += 1
        let tag = table.tag(forHash: hash)
        if selfClosing {
            builder.leaf(tag, UnsafeBufferPointer(start: nil, count: 0), line: tagLine, column: tagColumn)
            return
        }
        let valueRange = try readValue()
        let hasValue: Bool
        if let valueRange {
            let value = UnsafeBufferPointer(rebasing: bytes[valueRange])
            hasValue = !OFXBytes.trimmed(value).isEmpty
            if hasValue { builder.leaf(tag, value, line: tagLine, column: tagColumn) }
        } else {
            hasValue = scratch.withUnsafeBufferPointer { value in
                let hasValue = !OFXBytes.trimmed(value).isEmpty
                if hasValue { builder.leaf(tag, value, line: tagLine, column: tagColumn) }
                return hasValue
            }
        }
        if hasValue {
            try consumeEndTag(matching: hash)
            return
        }
        if try consumeEndTag(matching: hash) {
            builder.leaf(tag, UnsafeBufferPointer(start: nil, count: 0), line: tagLine, column: tagColumn)
            return
        }
        // An aggregate (or an empty leaf without an end tag, which is harmless as one).
        if let open = stack.lastIndex(where: { $0.hash == hash }) {
            try closeElements(from: open)
        }
        guard stack.count < OFXSGMLTokenizer.maximumDepth else {
            throw error(
                tagLine, tagColumn,
                "elements nest more than \(OFXSGMLTokenizer.maximumDepth) deep, which no OFX file does")
        }
        stack.append((hash, tag, tagLine))
        if tag.isStatement { builder.bytesRemaining = count - index }
        try builder.start(tag, line: tagLine, column: tagColumn)
    }

    /// The text after a start tag up to the next tag: its range in the file, or nil when comments or
    /// CDATA sections had to be cut out and the text is in `scratch` (comments dropped, CDATA kept).
    private mutating func readValue() throws(ImportDiagnostic) -> Range<Int>? {
        let count = bytes.count
        var segmentStart = index
        var usesScratch = false
        while true {
            move(toNext: UInt8(ascii: "<"))
            guard index < count else { break }
            if hasPrefix("<!--") || hasPrefix("<![CDATA[") {
                if !usesScratch {
                    scratch.removeAll(keepingCapacity: true)
                    usesScratch = true
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<index]))
                if hasPrefix("<!--") {
                    try skip(to: "-->", what: "comment")
                } else {
                    let contentStart = index + 9
                    try skip(to: "]]>", what: "CDATA section")
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<(index - 3)]))
                }
                segmentStart = index
                continue
            }
            guard index + 1 < count else { break }
            let next = bytes[index + 1]
            if isNameStart(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?")
            {
                break
            }
            advance(over: bytes[index])  // a '<' that starts no tag is text
        }
        guard usesScratch else { return segmentStart..<index }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<index]))
        return nil
    }

    /// Consumes `</NAME>` when it comes next (after white space and comments) and names `hash`.
    @discardableResult
    private mutating func consumeEndTag(matching hash: UInt64) throws(ImportDiagnostic) -> Bool {
        let count = bytes.count
        let saved = (index, line, lineStart)
        while index < count {
            if OFXBytes.isSpace(bytes[index]) {
                advance(over: bytes[index])
            } else if hasPrefix("<!--") {
                try skip(to: "-->", what: "comment")
            } else {
                break
            }
        }
        if index + 1 < count, bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/") {
            let before = (index, line, lineStart)
            if let endHash = try readEndTag(), endHash == hash { return true }
            (index, line, lineStart) = before
        }
        (index, line, lineStart) = saved
        return false
    }

    /// Reads `</NAME>` at `index` and returns the name's hash; nil for `</>`.
    private mutating func readEndTag() throws(ImportDiagnostic) -> UInt64? {
        let tagLine = line
        let tagColumn = column(of: index)
        let count = bytes.count
        let nameStart = index + 2
        let (cursor, hash) = scanName(from: nameStart)
        let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<cursor])
        index = cursor
        while index < count, OFXBytes.isSpace(bytes[index]) { advance(over: bytes[index]) }
        guard index < count, bytes[index] == UInt8(ascii: ">") else {
            let shown = String(decoding: name.prefix(40), as: UTF8.self)
            if index >= count {
                throw error(tagLine, tagColumn, "the file ends inside the tag </\(shown): it looks truncated")
            }
            throw error(tagLine, tagColumn, "the end tag </\(shown) is not closed by '>'")
        }
        index += 1
        return name.isEmpty ? nil : hash
    }

    /// Closes the open element named by `hash` and everything opened inside it; true when that was `OFX`.
    private mutating func close(_ hash: UInt64) throws(ImportDiagnostic) -> Bool {
        guard let open = stack.lastIndex(where: { $0.hash == hash }) else { return false }  // stray end tag
        let isRoot = stack[open].tag == .ofx
        try closeElements(from: open)
        return isRoot && stack.isEmpty
    }

    private mutating func closeElements(from position: Int) throws(ImportDiagnostic) {
        while stack.count > position {
            let element = stack.removeLast()
            try builder.end(element.tag)
        }
    }

    /// After `</OFX>`: moves to the `<OFX>` of a second document appended to the first (some exports
    /// concatenate one per account) and returns true, or warns about anything but white space left
    /// over and returns false.
    private mutating func skipToNextDocument() -> Bool {
        let count = bytes.count
        while index < count {
            if OFXBytes.isSpace(bytes[index]) {
                advance(over: bytes[index])
            } else if hasPrefix("<!--") || hasPrefix("<?") {
                let terminator: StaticString = hasPrefix("<!--") ? "-->" : "?>"
                do throws(ImportDiagnostic) {
                    try skip(to: terminator, what: "comment")
                } catch {
                    break
                }
            } else {
                break
            }
        }
        guard index < count else { return false }
        let rest = UnsafeBufferPointer(rebasing: bytes[index...])
        if let next = OFXPreamble.scan(rest)?.bodyStart {
            let target = index + next
            while index < target { advance(over: bytes[index]) }
            return true
        }
        builder.warn(line: line, column: column(of: index), "the text after </OFX> is ignored")
        return false
    }

    private mutating func endOfFile() throws(ImportDiagnostic) {
        guard let innermost = stack.last else { return }
        if stack.count == 1 && innermost.tag == .ofx {
            builder.warn(line: line, column: column(of: index), "the file ends without </OFX>; it may be truncated")
            try closeElements(from: 0)
            return
        }
        let name = innermost.tag == .other ? "an element" : "<\(innermost.tag.name)>"
        throw error(
            line, column(of: index),
            "the file ends inside \(name) opened at line \(innermost.line): it looks truncated")
    }

    // MARK: - Bytes

    private mutating func skipMarkupDeclaration() throws(ImportDiagnostic) {
        if hasPrefix("<!--") {
            try skip(to: "-->", what: "comment")
        } else if hasPrefix("<![CDATA[") {
            try skip(to: "]]>", what: "CDATA section")
        } else if hasPrefix("<?") {
            try skip(to: ">", what: "processing instruction")
        } else {
            try skip(to: ">", what: "declaration")
        }
    }

    /// Moves past the next `terminator`, counting lines; throws when the file ends first.
    private mutating func skip(to terminator: StaticString, what: String) throws(ImportDiagnostic) {
        let startLine = line
        let startColumn = column(of: index)
        let count = bytes.count
        let length = terminator.utf8CodeUnitCount
        let first = terminator.utf8Start[0]
        index += 1
        while index < count {
            if bytes[index] == first, hasPrefix(terminator) {
                index += length
                return
            }
            advance(over: bytes[index])
        }
        throw error(startLine, startColumn, "the file ends inside a \(what): it looks truncated")
    }

    @inline(__always)
    private func hasPrefix(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let start = literal.utf8Start
        for offset in 0..<length where bytes[index + offset] != start[offset] { return false }
        return true
    }

    /// Moves to the next `target` byte (or the end of the file), counting line ends on the way.
    /// The hot loop of the tokenizer: it works on locals, not on `self`'s stored properties.
    @inline(__always)
    private mutating func move(toNext target: UInt8) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        let lineBreak = self.lineBreak
        var position = index
        var line = self.line
        var lineStart = self.lineStart
        while position < count {
            let byte = base[position]
            if byte == target { break }
            position += 1
            if byte == lineBreak {
                line += 1
                lineStart = position
            }
        }
        index = position
        self.line = line
        self.lineStart = lineStart
    }

    /// The end of the element name starting at `start`, and the name's `OFXTagTable` hash.
    @inline(__always)
    private func scanName(from start: Int) -> (end: Int, hash: UInt64) {
        guard let base = bytes.baseAddress else { return (start, OFXTagTable.finish(OFXTagTable.hashStart)) }
        let count = bytes.count
        var cursor = start
        var hash = OFXTagTable.hashStart
        while cursor < count {
            let byte = base[cursor]
            guard isNameByte(byte) else { break }
            hash = OFXTagTable.combine(hash, byte)
            cursor += 1
        }
        return (cursor, OFXTagTable.finish(hash))
    }

    /// Steps over one byte, counting line ends.
    @inline(__always)
    private mutating func advance(over byte: UInt8) {
        index += 1
        if byte == lineBreak {
            line += 1
            lineStart = index
        }
    }

    @inline(__always)
    private func column(of position: Int) -> Int { position - lineStart + 1 }

    @inline(__always)
    private func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// Letters, digits, `.`, `_`, `-` and `:`, looked up in a 128-bit set.
    @inline(__always)
    private func isNameByte(_ byte: UInt8) -> Bool {
        // Bits 45 `-`, 46 `.`, 48-57 digits, 58 `:` of the first word; bits 1-26 `A`-`Z`, 31 `_`
        // and 33-58 `a`-`z` of the second (byte - 64).
        let low: UInt64 = 0x07FF_6000_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        if byte < 64 { return (low >> UInt64(byte)) & 1 != 0 }
        if byte < 128 { return (high >> UInt64(byte - 64)) & 1 != 0 }
        return false
    }

    private func error(_ line: Int, _ column: Int, _ message: String) -> ImportDiagnostic {
        ImportDiagnostic(path: path, line: line, column: column, message: message)
    }
}
