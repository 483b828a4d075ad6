/// How the bytes of an OFX file become text.
///
/// OFX headers are often wrong about their encoding (`ENCODING:USASCII` over bytes such as 0xE0),
/// so the declaration is not trusted: a file that is valid UTF-8 is UTF-8, and any other file is
/// Windows-1252, the code page nearly every OFX 1.x export uses (`CHARSET:1252`). The decision is
/// made once per file. This is a private decoder for the OFX readers; it can give way to a shared
/// one in `Sources/Import/Text/` once that exists.
enum OFXTextDecoding: Sendable {
    case utf8
    case windows1252

    /// The byte offset of the first byte that is not part of a valid UTF-8 sequence, nil when all are.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            // Skip ASCII eight bytes at a time.
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let minimum: UInt32
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(lead & 0x0F))
            case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(lead & 0x07))
            default: return index
            }
            if index + length > count { return index }
            for offset in 1..<length {
                let byte = base[index + offset]
                if byte & 0xC0 != 0x80 { return index }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
            index += length
        }
        return nil
    }

    /// Unicode scalars for Windows-1252 bytes 0x80...0x9F; the five undefined bytes become U+FFFD.
    private static let high: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    /// The Unicode scalar a Windows-1252 byte stands for.
    @inline(__always)
    static func windows1252Scalar(_ byte: UInt8) -> UInt32 {
        byte >= 0x80 && byte <= 0x9F ? high[Int(byte - 0x80)] : UInt32(byte)
    }

    /// Appends the UTF-8 encoding of a scalar.
    @inline(__always)
    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
            output.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Transcodes Windows-1252 bytes to UTF-8 (used for a whole XML file before libxml2 sees it).
    static func utf8FromWindows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            if byte < 0x80 { output.append(byte) } else { appendUTF8(windows1252Scalar(byte), to: &output) }
        }
        return output
    }

    /// Text for a value's bytes in this encoding.
    @inline(__always)
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        switch self {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .windows1252:
            var ascii = true
            for byte in bytes where byte >= 0x80 {
                ascii = false
                break
            }
            if ascii { return String(decoding: bytes, as: UTF8.self) }
            var scalars = String.UnicodeScalarView()
            for byte in bytes {
                scalars.append(Unicode.Scalar(OFXTextDecoding.windows1252Scalar(byte)) ?? "\u{FFFD}")
            }
            return String(scalars)
        }
    }
}

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
                OFXTextDecoding.appendUTF8(scalar.value, to: &output)
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
