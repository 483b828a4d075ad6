/// Reads JSON values from a byte buffer one token at a time, for row schemas too hot for `JSONDecoder`.
///
/// It validates what it reads (strings, escapes, numbers, nesting) and reports the byte offset of
/// the first thing that is not JSON.
public struct JSONScanner {
    public let bytes: [UInt8]
    public private(set) var position: Int
    private let end: Int

    public init(bytes: [UInt8], start: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.position = start
        self.end = end ?? bytes.count
    }

    public struct Failure: Error, Sendable {
        public let offset: Int
        public let reason: String

        /// What is wrong at byte `offset`: for readers built on the scanner that check more.
        public init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }
    }

    public var isAtEnd: Bool { position >= end }

    public mutating func skipWhitespace() {
        while position < end {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
            position += 1
        }
    }

    public func peek() -> UInt8? {
        position < end ? bytes[position] : nil
    }

    public mutating func expect(_ byte: UInt8) throws(Failure) {
        skipWhitespace()
        guard position < end, bytes[position] == byte else {
            throw Failure(offset: position, reason: "expected '\(Character(Unicode.Scalar(byte)))'")
        }
        position += 1
    }

    /// Consumes `byte` if it is next (after white space) and says whether it did.
    public mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        if position < end, bytes[position] == byte {
            position += 1
            return true
        }
        return false
    }

    /// Iterates the members of an object: calls `body` with each key, positioned at its value.
    public mutating func readObject(_ body: (inout JSONScanner, String) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "{"))
        if consume(UInt8(ascii: "}")) { return }
        repeat {
            let key = try readString()
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// Iterates the elements of an array: calls `body` positioned at each element.
    public mutating func readArray(_ body: (inout JSONScanner) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "["))
        if consume(UInt8(ascii: "]")) { return }
        repeat {
            try body(&self)
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    public mutating func readString() throws(Failure) -> String {
        try expect(UInt8(ascii: "\""))
        let start = position
        // Fast path: no escapes.
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[start..<position], as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw Failure(offset: position, reason: "control character in string") }
            position += 1
        }
        var buffer = Array(bytes[start..<position])
        while position < end {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < end else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "u"):
                    let scalar = try readUnicodeEscape()
                    let unicode = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw Failure(offset: position - 1, reason: "invalid escape")
                }
            default:
                if byte < 0x20 { throw Failure(offset: position - 1, reason: "control character in string") }
                buffer.append(byte)
            }
        }
        throw Failure(offset: position, reason: "unterminated string")
    }

    /// The scalar of a `\u` escape whose `\u` is read: four hex digits, and a second escape
    /// after a high surrogate (the pair's low half), combined.
    private mutating func readUnicodeEscape() throws(Failure) -> UInt32 {
        let scalar = try readHex4()
        guard (0xD800..<0xDC00).contains(scalar), position + 1 < end, bytes[position] == 0x5C,
            bytes[position + 1] == UInt8(ascii: "u")
        else { return scalar }
        position += 2
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else {
            throw Failure(offset: position, reason: "invalid surrogate pair")
        }
        return 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    }

    private mutating func readHex4() throws(Failure) -> UInt32 {
        guard position + 4 <= end else { throw Failure(offset: position, reason: "truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw Failure(offset: position, reason: "invalid hex digit")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// The raw bytes of a string value, without decoding escapes (for amounts and dates).
    public mutating func readStringBytes() throws(Failure) -> ArraySlice<UInt8> {
        try expect(UInt8(ascii: "\""))
        let start = position
        while position < end, bytes[position] != UInt8(ascii: "\"") {
            if bytes[position] == UInt8(ascii: "\\") {
                throw Failure(offset: position, reason: "unexpected escape")
            }
            position += 1
        }
        guard position < end else { throw Failure(offset: position, reason: "unterminated string") }
        position += 1
        return bytes[start..<(position - 1)]
    }

    public mutating func readInt() throws(Failure) -> Int {
        skipWhitespace()
        var negative = false
        if position < end, bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var value = 0
        let start = position
        while position < end, bytes[position] >= 0x30, bytes[position] <= 0x39 {
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = shifted.addingReportingOverflow(Int(bytes[position] - 0x30))
            if o1 || o2 { throw Failure(offset: start, reason: "integer out of range") }
            value = sum
            position += 1
        }
        guard position > start else { throw Failure(offset: position, reason: "expected a number") }
        return negative ? -value : value
    }

    public mutating func readBool() throws(Failure) -> Bool {
        skipWhitespace()
        if matchLiteral("true") { return true }
        if matchLiteral("false") { return false }
        throw Failure(offset: position, reason: "expected true or false")
    }

    /// Skips any value (used for keys a newer writer added that this reader does not know).
    public mutating func skipValue() throws(Failure) {
        skipWhitespace()
        guard let byte = peek() else { throw Failure(offset: position, reason: "expected a value") }
        switch byte {
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "{"):
            // Keys skipped as strings, not read: no `String` made for each key of what is passed over.
            try expect(UInt8(ascii: "{"))
            if consume(UInt8(ascii: "}")) { return }
            repeat {
                skipWhitespace()
                try skipString()
                try expect(UInt8(ascii: ":"))
                try skipValue()
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
        case UInt8(ascii: "["): try readArray { (scanner) throws(Failure) in try scanner.skipValue() }
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"):
            guard matchLiteral("null") else { throw Failure(offset: position, reason: "expected null") }
        default:
            let start = position
            while position < end, let b = peek(),
                (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
                    || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
            {
                position += 1
            }
            if position == start { throw Failure(offset: position, reason: "expected a value") }
        }
    }

    /// Skips a string as `readString` reads it, with the same checks and failures, but builds no
    /// `String`: a reader that wants a few members of a large document (the export's analysis
    /// files) passes over the rest's megabytes of text without an allocation per string.
    public mutating func skipString() throws(Failure) {
        try expect(UInt8(ascii: "\""))
        while position < end {
            // A run of plain bytes at a time, through the buffer: most of a string is one run.
            let (from, end) = (position, end)
            position = bytes.withUnsafeBufferPointer { buffer in
                var at = from
                while at < end {
                    let byte = buffer[at]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                    at += 1
                }
                return at
            }
            guard position < end else { break }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return
            case UInt8(ascii: "\\"):
                guard position < end else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "n"), UInt8(ascii: "r"),
                    UInt8(ascii: "t"), UInt8(ascii: "b"), UInt8(ascii: "f"):
                    continue
                case UInt8(ascii: "u"):
                    _ = try readUnicodeEscape()
                default:
                    throw Failure(offset: position - 1, reason: "invalid escape")
                }
            default:
                if byte < 0x20 { throw Failure(offset: position - 1, reason: "control character in string") }
            }
        }
        throw Failure(offset: position, reason: "unterminated string")
    }

    private mutating func matchLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= end else { return false }
        let pointer = literal.utf8Start
        for index in 0..<count where bytes[position + index] != pointer[index] { return false }
        position += count
        return true
    }
}
