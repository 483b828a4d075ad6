/// Text in UTF-8, as decoded from a file's bytes, with what was decided on the way.
public struct DecodedText: Sendable {
    /// The text as UTF-8, without a byte-order mark. Line breaks are where the file had them, so
    /// line numbers counted in `bytes` are the file's line numbers.
    public var bytes: [UInt8]
    /// The encoding the bytes were read as.
    public var encoding: TextEncoding
    /// True when the file began with a byte-order mark (which is not in `bytes`).
    public var hadByteOrderMark: Bool
    /// What a reader should tell the user: a guessed encoding, invalid sequences replaced.
    public var warnings: [TextDecoding.Warning]
}

/// Turns the bytes of a text file in any encoding banks use into UTF-8.
///
/// The rules, in order:
/// 1. A byte-order mark wins: UTF-8 (`EF BB BF`), UTF-16 LE (`FF FE`) or BE (`FE FF`).
/// 2. A declared UTF-8 or UTF-16 is used as declared; invalid sequences become U+FFFD, with a warning.
/// 3. A declared single-byte code page is used, unless the bytes are valid UTF-8 with non-ASCII
///    text in them (the bank has switched its export to UTF-8) or plainly UTF-16: then that, with
///    a warning.
/// 4. With no declaration (`auto`): UTF-16 when every other byte of the start is zero, else UTF-8
///    when the bytes are valid UTF-8, else Windows-1252 (which also reads ISO-8859-1 text).
/// 5. A file that is mostly UTF-8 with a few bytes that are not (3 and 4) is read field by field:
///    only a field with such a byte is read in the code page, with a warning at its line
///    (`decodeMixedFields`).
///
/// ASCII and valid UTF-8 input is returned without copying.
public enum TextDecoding {
    /// A note about the decoding, at the 1-based line of the file it concerns.
    public struct Warning: Sendable, Hashable {
        public var line: Int
        public var message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// Decodes `bytes`; `declared` nil means detect.
    public static func decode(_ bytes: [UInt8], declared: TextEncoding?) -> DecodedText {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            var result = decodeUTF8(Array(bytes[3...]), reportAs: .utf8)
            result.hadByteOrderMark = true
            if let declared, declared != .utf8 {
                result.warnings.insert(
                    Warning(
                        line: 1,
                        message:
                            "file starts with a UTF-8 byte-order mark; read as UTF-8 although \(declared.rawValue) was declared"
                    ), at: 0)
            }
            return result
        }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            let littleEndian = bytes[0] == 0xFF
            var result = decodeUTF16(bytes, from: 2, littleEndian: littleEndian)
            result.hadByteOrderMark = true
            return result
        }
        switch declared {
        case .utf8?:
            return decodeUTF8(bytes, reportAs: .utf8)
        case .utf16LE?:
            return decodeUTF16(bytes, from: 0, littleEndian: true)
        case .utf16BE?:
            return decodeUTF16(bytes, from: 0, littleEndian: false)
        case let declared?:
            if let littleEndian = looksLikeUTF16(bytes) {
                var result = decodeUTF16(bytes, from: 0, littleEndian: littleEndian)
                result.warnings.insert(
                    Warning(
                        line: 1,
                        message:
                            "file is UTF-16 without a byte-order mark although \(declared.rawValue) was declared; read as \(result.encoding.rawValue)"
                    ), at: 0)
                return result
            }
            switch validateUTF8(bytes) {
            case .ascii:
                return DecodedText(bytes: bytes, encoding: declared, hadByteOrderMark: false, warnings: [])
            case .valid:
                return DecodedText(
                    bytes: bytes, encoding: .utf8, hadByteOrderMark: false,
                    warnings: [
                        Warning(
                            line: 1,
                            message:
                                "file is valid UTF-8 although \(declared.rawValue) was declared; read as UTF-8")
                    ])
            case .invalid:
                return decodeMixedFields(bytes, codePage: declared) ?? decodeSingleByte(bytes, as: declared)
            }
        case nil:
            if let littleEndian = looksLikeUTF16(bytes) {
                return decodeUTF16(bytes, from: 0, littleEndian: littleEndian)
            }
            switch validateUTF8(bytes) {
            case .ascii, .valid:
                return DecodedText(bytes: bytes, encoding: .utf8, hadByteOrderMark: false, warnings: [])
            case .invalid(let offset):
                if let mixed = decodeMixedFields(bytes, codePage: .windows1252) { return mixed }
                var result = decodeSingleByte(bytes, as: .windows1252)
                result.warnings.append(
                    Warning(
                        line: lineNumber(of: offset, in: bytes),
                        message:
                            "file is not valid UTF-8 (byte 0x\(hex(bytes[offset])) on this line); read as windows-1252; "
                            + "declare the encoding in the profile if that is wrong"))
                return result
            }
        }
    }

    // MARK: - UTF-8

    enum UTF8Validity: Equatable {
        case ascii
        case valid
        /// The offset of the first byte of the first invalid sequence.
        case invalid(Int)
    }

    /// Checks that `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values above U+10FFFF).
    static func validateUTF8(_ bytes: [UInt8]) -> UTF8Validity {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = 0
            var sawNonASCII = false
            while index < count {
                // Eight ASCII bytes at a time.
                while index + 8 <= count {
                    let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 != 0 { break }
                    index += 8
                }
                guard index < count else { break }
                let lead = buffer[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                sawNonASCII = true
                let length = sequenceLength(buffer, at: index)
                if length == 0 { return .invalid(index) }
                index += length
            }
            return sawNonASCII ? .valid : .ascii
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or 0 when it is not well-formed.
    static func sequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = buffer[index]
        let count = buffer.count
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < count && range.contains(buffer[index + offset])
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0:
            return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : 0
        case 0xED:
            return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0:
            return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }

    /// UTF-8 with every ill-formed sequence replaced by U+FFFD, one warning for the first.
    static func decodeUTF8(_ bytes: [UInt8], reportAs encoding: TextEncoding) -> DecodedText {
        guard case .invalid(let first) = validateUTF8(bytes) else {
            return DecodedText(bytes: bytes, encoding: encoding, hadByteOrderMark: false, warnings: [])
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var replaced = 0
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                if byte < 0x80 {
                    output.append(byte)
                    index += 1
                    continue
                }
                let length = sequenceLength(buffer, at: index)
                if length == 0 {
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    replaced += 1
                    index += 1
                } else {
                    output.append(contentsOf: buffer[index..<index + length])
                    index += length
                }
            }
        }
        let warning = Warning(
            line: lineNumber(of: first, in: bytes),
            message:
                "\(replaced) byte(s) are not valid UTF-8 and were replaced by U+FFFD (first: 0x\(hex(bytes[first])))")
        return DecodedText(bytes: output, encoding: encoding, hadByteOrderMark: false, warnings: [warning])
    }

    // MARK: - UTF-16

    /// Whether the start of the file looks like UTF-16 without a byte-order mark: most of its
    /// first code units have a zero high byte. Returns the byte order, or nil.
    static func looksLikeUTF16(_ bytes: [UInt8]) -> Bool? {
        let sample = min(bytes.count, 512) & ~1
        guard sample >= 4 else { return nil }
        var zeroEven = 0
        var zeroOdd = 0
        for index in stride(from: 0, to: sample, by: 2) {
            if bytes[index] == 0 { zeroEven += 1 }
            if bytes[index + 1] == 0 { zeroOdd += 1 }
        }
        let units = sample / 2
        if zeroOdd * 10 >= units * 7 && zeroEven * 10 < units { return true }
        if zeroEven * 10 >= units * 7 && zeroOdd * 10 < units { return false }
        return nil
    }

    static func decodeUTF16(_ bytes: [UInt8], from start: Int, littleEndian: Bool) -> DecodedText {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count - start) / 2 + 16)
        var warnings: [Warning] = []
        var line = 1
        var index = start
        func unit(at offset: Int) -> UInt32 {
            littleEndian
                ? UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
                : UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1])
        }
        while index + 1 < bytes.count {
            var scalar = unit(at: index)
            index += 2
            if (0xD800...0xDBFF).contains(scalar) {
                if index + 1 < bytes.count, case let low = unit(at: index), (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 2
                } else {
                    scalar = 0xFFFD
                    if warnings.isEmpty {
                        warnings.append(Warning(line: line, message: "unpaired UTF-16 surrogate replaced by U+FFFD"))
                    }
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
                if warnings.isEmpty {
                    warnings.append(Warning(line: line, message: "unpaired UTF-16 surrogate replaced by U+FFFD"))
                }
            }
            if scalar == 0x0A { line += 1 }
            appendUTF8(scalar, to: &output)
        }
        if index < bytes.count {
            warnings.append(Warning(line: line, message: "UTF-16 text ends in half a character; replaced by U+FFFD"))
            appendUTF8(0xFFFD, to: &output)
        }
        return DecodedText(
            bytes: output, encoding: littleEndian ? .utf16LE : .utf16BE, hadByteOrderMark: false, warnings: warnings)
    }

    // MARK: - Single-byte code pages

    static func decodeSingleByte(_ bytes: [UInt8], as encoding: TextEncoding) -> DecodedText {
        let table = singleByteTable(encoding)
        return bytes.withUnsafeBufferPointer { input in
            table.withUnsafeBufferPointer { table in
                var length = 0
                for byte in input { length += byte < 0x80 ? 1 : Int(table[Int(byte &- 0x80) * 4]) }
                let output = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
                    var position = 0
                    for byte in input {
                        if byte < 0x80 {
                            buffer[position] = byte
                            position += 1
                        } else {
                            let entry = Int(byte &- 0x80) * 4
                            let count = Int(table[entry])
                            for offset in 0..<count { buffer[position + offset] = table[entry + 1 + offset] }
                            position += count
                        }
                    }
                    initialized = position
                }
                return DecodedText(bytes: output, encoding: encoding, hadByteOrderMark: false, warnings: [])
            }
        }
    }

    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: - Helpers

    /// The 1-based line of the byte at `offset`.
    static func lineNumber(of offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A { line += 1 }
        return line
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
