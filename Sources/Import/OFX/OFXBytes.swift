/// Small byte helpers shared by the OFX tokenizers and value parsers.
enum OFXBytes {
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// The bytes without leading and trailing ASCII white space.
    @inline(__always)
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        if start == 0 && end == bytes.count { return bytes }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// Replaces the SGML/HTML character references OFX files use (`&amp;`, `&lt;`, `&gt;`, `&quot;`,
    /// `&apos;`, `&nbsp;`, `&#233;`, `&#xE9;`); any other `&...;` is kept as written.
    static func decodingEntities(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "&")) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&"),
                let semicolon = bytes[(index + 1)..<min(bytes.count, index + 12)].firstIndex(of: UInt8(ascii: ";")),
                let scalar = entity(Substring(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self))
            {
                TextDecoding.appendUTF8(scalar.value, to: &output)
                index = semicolon + 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        bytes = output
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func entity(_ name: Substring) -> Unicode.Scalar? {
        switch name {
        case "amp", "AMP": return "&"
        case "lt", "LT": return "<"
        case "gt", "GT": return ">"
        case "quot", "QUOT": return "\""
        case "apos", "APOS": return "'"
        case "nbsp", "NBSP": return "\u{A0}"
        default:
            guard name.first == "#" else { return nil }
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0 else { return nil }
            return Unicode.Scalar(value)
        }
    }
}

extension OFXBytes {
    /// The offset of the first NUL byte, nil when there is none (text files have none).
    static func firstNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // Has-zero-byte test: true when some byte of `word` is 0.
            if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
        }
        while index < bytes.count {
            if base[index] == 0 { return index }
            index += 1
        }
        return nil
    }
}
