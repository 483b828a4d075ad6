/// Turns the bytes of a QIF file into UTF-8, whatever encoding the program that wrote it used.
///
/// Quicken and most of its imitators write the Windows code page of the machine (Windows-1252 in
/// Western Europe and the Americas); newer tools write UTF-8, often with a byte-order mark. A file
/// that is valid UTF-8 is taken as UTF-8; one that is mostly UTF-8 is read field by field (see
/// `TextDecoding.decodeMixedFields`); anything else is read as Windows-1252, which maps every
/// byte to a character, so decoding never fails. UTF-16 files are recognised by their BOM.
enum QIFTextDecoding {
    /// The encoding a file was read in.
    enum Encoding: Equatable {
        case utf8
        case utf16LittleEndian
        case utf16BigEndian
        case windows1252
        /// Mostly UTF-8; the fields with bytes that are not were read as Windows-1252 (at these lines).
        case mixed([TextDecoding.Warning])
    }

    /// The file's text as UTF-8 bytes without a byte-order mark, and the encoding it was read in.
    static func decode(_ bytes: [UInt8]) -> (text: [UInt8], encoding: Encoding) {
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
            return (utf16(bytes.dropFirst(2), bigEndian: false), .utf16LittleEndian)
        }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            return (utf16(bytes.dropFirst(2), bigEndian: true), .utf16BigEndian)
        }
        guard bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF else {
            // Without a BOM, UTF-8 text is handed back as it is: no copy of a large file.
            if case .invalid = TextDecoding.validateUTF8(bytes) {
                if let mixed = TextDecoding.decodeMixedFields(bytes, codePage: .windows1252) {
                    return (mixed.bytes, .mixed(mixed.warnings))
                }
                return (windows1252(bytes[...]), .windows1252)
            }
            return (bytes, .utf8)
        }
        let body = bytes[3...]
        if isValidUTF8(body) { return (Array(body), .utf8) }
        if let mixed = TextDecoding.decodeMixedFields(Array(body), codePage: .windows1252) {
            return (mixed.bytes, .mixed(mixed.warnings))
        }
        return (windows1252(body), .windows1252)
    }

    /// True when `bytes` is well-formed UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF).
    static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                upper = 0x9F
            case 0xF0:
                length = 4
                lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upper = 0x8F
            default: return false
            }
            guard end - index >= length else { return false }
            let second = bytes[index + 1]
            guard second >= lower && second <= upper else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    /// Windows-1252 to UTF-8. Bytes the code page leaves undefined map to the C1 control of the same value.
    static func windows1252(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
                continue
            }
            let scalar = byte < 0xA0 ? windows1252High[Int(byte - 0x80)] : UInt32(byte)
            appendUTF8(scalar, to: &output)
        }
        return output
    }

    /// Code points of bytes 0x80...0x9F in Windows-1252.
    static let windows1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        if scalar < 0x80 {
            output.append(UInt8(scalar))
        } else if scalar < 0x800 {
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        } else {
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
