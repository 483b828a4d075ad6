/// What comes before the `<OFX>` root: an OFX 1.x header block (`OFXHEADER:100` ... `CHARSET:1252`),
/// an XML prolog (`<?xml?>`, `<?OFX OFXHEADER="200"?>`, comments, a DOCTYPE), or nothing.
///
/// Found by content, never by file extension. The 1.x header is read whether its fields come one per
/// line, all on one line, after blank lines, or with CR CR LF line ends; a missing header is fine.
struct OFXPreamble: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// An `OFXHEADER:` block (OFX 1.x).
        case sgmlHeader
        /// An `<?xml?>` or `<?OFX?>` processing instruction (OFX 2.x).
        case xmlDeclaration
        /// `<OFX>` straight away (a headerless export).
        case none
    }

    var kind: Kind
    /// Header fields by upper-cased name: the 1.x `KEY:VALUE` pairs, or the attributes of `<?OFX?>`
    /// plus `XML-ENCODING` for the encoding of `<?xml?>`.
    var fields: [String: String]
    /// Offset of `<OFX` in the file.
    var bodyStart: Int
    /// Offset of the first `<!ENTITY` inside a DOCTYPE, if the file declares entities.
    var entityDeclaration: Int?

    /// The preamble of `bytes`, or nil when they do not lead to an `<OFX>` root.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> OFXPreamble? {
        var scanner = Scanner(bytes: bytes)
        if scanner.hasPrefix([0xEF, 0xBB, 0xBF], caseInsensitive: false) { scanner.index = 3 }
        scanner.skipSpace()
        var kind = Kind.none
        var fields: [String: String] = [:]
        var entityDeclaration: Int?
        if scanner.hasPrefix(Array("OFXHEADER".utf8), caseInsensitive: true) {
            kind = .sgmlHeader
            let headerStart = scanner.index
            while scanner.index < bytes.count, bytes[scanner.index] != UInt8(ascii: "<") { scanner.index += 1 }
            fields = headerFields(UnsafeBufferPointer(rebasing: bytes[headerStart..<scanner.index]))
        }
        while true {
            scanner.skipSpace()
            if scanner.hasPrefix(Array("<?".utf8), caseInsensitive: false) {
                guard let end = scanner.find(Array("?>".utf8), from: scanner.index + 2) else { return nil }
                let content = UnsafeBufferPointer(rebasing: bytes[(scanner.index + 2)..<end])
                let (target, attributes) = processingInstruction(content)
                if target == "XML" {
                    if kind == .none { kind = .xmlDeclaration }
                    if let encoding = attributes["ENCODING"] { fields["XML-ENCODING"] = encoding }
                } else if target == "OFX" {
                    if kind == .none { kind = .xmlDeclaration }
                    fields.merge(attributes) { old, _ in old }
                }
                scanner.index = end + 2
            } else if scanner.hasPrefix(Array("<!--".utf8), caseInsensitive: false) {
                guard let end = scanner.find(Array("-->".utf8), from: scanner.index + 4) else { return nil }
                scanner.index = end + 3
            } else if scanner.hasPrefix(Array("<!DOCTYPE".utf8), caseInsensitive: true) {
                guard let (end, entity) = scanner.doctype() else { return nil }
                entityDeclaration = entityDeclaration ?? entity
                scanner.index = end
            } else {
                break
            }
        }
        guard scanner.hasPrefix(Array("<OFX".utf8), caseInsensitive: true) else { return nil }
        let after = scanner.index + 4
        guard after < bytes.count,
            bytes[after] == UInt8(ascii: ">") || bytes[after] == UInt8(ascii: "/") || OFXBytes.isSpace(bytes[after])
        else { return nil }
        return OFXPreamble(kind: kind, fields: fields, bodyStart: scanner.index, entityDeclaration: entityDeclaration)
    }

    /// The encoding the preamble declares, as written (`USASCII/1252`, `UTF-8`), or nil.
    var declaredEncoding: String? {
        switch kind {
        case .sgmlHeader:
            let parts = [fields["ENCODING"], fields["CHARSET"]].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: "/")
        case .xmlDeclaration:
            return fields["XML-ENCODING"]
        case .none:
            return nil
        }
    }

    /// True when the declaration names a single-byte code page, which Windows-1252 reads correctly.
    var declaresSingleByteCharset: Bool {
        let names = [fields["CHARSET"], fields["XML-ENCODING"]].compactMap { $0?.uppercased() }
        return names.contains { ["1252", "WINDOWS-1252", "CP1252", "ISO-8859-1", "8859-1", "LATIN1"].contains($0) }
    }

    /// The byte that ends lines in `bytes`: LF (so CR LF, and the CR CR LF some exports write, end
    /// one line each, as `grep` and editors count them), or CR in an old Mac file without any LF.
    static func lineBreak(of bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        bytes.contains(0x0A) || !bytes.contains(0x0D) ? 0x0A : 0x0D
    }

    /// 1-based line and column of `offset`.
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let lineBreak = lineBreak(of: bytes)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset && index < bytes.count {
            if bytes[index] == lineBreak {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (line, offset - lineStart + 1)
    }

    /// `KEY:VALUE` pairs separated by any white space (one per line, or all on one line).
    private static func headerFields(_ header: UnsafeBufferPointer<UInt8>) -> [String: String] {
        var fields: [String: String] = [:]
        var lastKey: String?
        for token in header.split(whereSeparator: OFXBytes.isSpace) {
            let text = String(decoding: token, as: UTF8.self)
            if let colon = text.firstIndex(of: ":") {
                let key = text[..<colon].uppercased()
                fields[key] = String(text[text.index(after: colon)...])
                lastKey = key
            } else if let key = lastKey, fields[key]?.isEmpty == true {
                fields[key] = text  // `ENCODING: USASCII`
            }
        }
        return fields
    }

    /// The target and `name="value"` attributes of a processing instruction, names upper-cased.
    private static func processingInstruction(
        _ content: UnsafeBufferPointer<UInt8>
    ) -> (target: String, attributes: [String: String]) {
        let text = String(decoding: content, as: UTF8.self)
        var rest = Substring(text)
        let target = rest.prefix { !$0.isWhitespace }.uppercased()
        rest = rest.drop { !$0.isWhitespace }
        var attributes: [String: String] = [:]
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].trimmingSpaces().uppercased()
            var value = rest[rest.index(after: equals)...].drop { $0 == " " }
            guard let quote = value.first, quote == "\"" || quote == "'" else { break }
            value = value.dropFirst()
            guard let close = value.firstIndex(of: quote) else { break }
            attributes[name] = String(value[..<close])
            rest = value[value.index(after: close)...]
        }
        return (target, attributes)
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, OFXBytes.isSpace(bytes[index]) { index += 1 }
        }

        func hasPrefix(_ literal: [UInt8], caseInsensitive: Bool, at position: Int? = nil) -> Bool {
            let start = position ?? index
            guard start + literal.count <= bytes.count else { return false }
            for (offset, expected) in literal.enumerated() {
                var byte = bytes[start + offset]
                if caseInsensitive, byte >= 0x61, byte <= 0x7A { byte -= 0x20 }
                if byte != expected { return false }
            }
            return true
        }

        func find(_ literal: [UInt8], from start: Int) -> Int? {
            var position = start
            while position + literal.count <= bytes.count {
                if bytes[position] == literal[0], hasPrefix(literal, caseInsensitive: false, at: position) {
                    return position
                }
                position += 1
            }
            return nil
        }

        /// Scans `<!DOCTYPE ...>` from `index`; returns the offset after it and of its first `<!ENTITY`.
        func doctype() -> (end: Int, entity: Int?)? {
            var position = index + 9
            var inSubset = false
            var entity: Int?
            let entityLiteral = Array("<!ENTITY".utf8)
            while position < bytes.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    position += 1
                    while position < bytes.count, bytes[position] != byte { position += 1 }
                case UInt8(ascii: "["):
                    inSubset = true
                case UInt8(ascii: "]"):
                    inSubset = false
                case UInt8(ascii: "<") where inSubset:
                    if entity == nil, hasPrefix(entityLiteral, caseInsensitive: true, at: position) {
                        entity = position
                    }
                case UInt8(ascii: ">") where !inSubset:
                    return (position + 1, entity)
                default:
                    break
                }
                position += 1
            }
            return nil
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
