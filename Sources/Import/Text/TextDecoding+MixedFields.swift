/// A file that is mostly UTF-8 with a few fields in a single-byte code page: each field is read in
/// the encoding it was written in, and every line that had such a field is named.
///
/// Why: exports are stitched together (a bank's UTF-8 export with one payee pasted from an older
/// Windows program, a file edited in a spreadsheet that saved one cell in Windows-1252). Reading
/// the whole file as Windows-1252 because of one byte turns every UTF-8 `É` into `Ã‰`, silently;
/// reading it as UTF-8 loses the one byte. A field is the text between ASCII separators that CSV,
/// QIF and OFX use (`,` `;` tab `|` `"` `<` `>` and line breaks), so a payee `CAFÉ NERO` is one
/// field; a field with a byte that is not UTF-8 is read wholly in the code page (one program wrote
/// it), and every other field stays UTF-8.
extension TextDecoding {
    /// At most this many lines are named one by one; the rest are counted in one more warning.
    static let maximumMixedFieldWarnings = 20

    /// `bytes` decoded field by field when they are mostly UTF-8 (at least as many well-formed
    /// multi-byte sequences as bytes that are not UTF-8, and at least one); nil otherwise.
    static func decodeMixedFields(_ bytes: [UInt8], codePage: TextEncoding) -> DecodedText? {
        var valid = 0
        var invalid = 0
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                if buffer[index] < 0x80 {
                    index += 1
                    continue
                }
                let length = sequenceLength(buffer, at: index)
                if length == 0 {
                    invalid += 1
                    index += 1
                } else {
                    valid += 1
                    index += length
                }
            }
        }
        guard valid > 0, valid >= invalid else { return nil }
        let table = singleByteTable(codePage)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + invalid * 2)
        var lines: [(line: Int, byte: UInt8)] = []
        bytes.withUnsafeBufferPointer { buffer in
            var line = 1
            var start = 0
            while start < buffer.count {
                var end = start
                var firstInvalid: UInt8?
                while end < buffer.count, !isFieldSeparator(buffer[end]) {
                    if buffer[end] < 0x80 {
                        end += 1
                        continue
                    }
                    let length = sequenceLength(buffer, at: end)
                    if length == 0 {
                        if firstInvalid == nil { firstInvalid = buffer[end] }
                        end += 1
                    } else {
                        end += length
                    }
                }
                if let firstInvalid {
                    for byte in buffer[start..<end] {
                        if byte < 0x80 {
                            output.append(byte)
                        } else {
                            let entry = Int(byte - 0x80) * 4
                            output += table[(entry + 1)...(entry + Int(table[entry]))]
                        }
                    }
                    if lines.last?.line != line { lines.append((line, firstInvalid)) }
                } else {
                    output += buffer[start..<end]
                }
                if end < buffer.count {
                    output.append(buffer[end])
                    if buffer[end] == 0x0A { line += 1 }
                }
                start = end + 1
            }
        }
        var warnings = lines.prefix(maximumMixedFieldWarnings).map { line, byte in
            Warning(
                line: line,
                message:
                    "byte 0x\(hex(byte)) on this line is not UTF-8 in a file that otherwise is; its field was read as \(codePage.rawValue)"
            )
        }
        if lines.count > maximumMixedFieldWarnings {
            let rest = lines.count - maximumMixedFieldWarnings
            warnings.append(
                Warning(
                    line: lines[maximumMixedFieldWarnings].line,
                    message:
                        "and \(rest) more line(s) from here on have fields that are not UTF-8, read as \(codePage.rawValue)"
                ))
        }
        return DecodedText(bytes: output, encoding: .utf8, hadByteOrderMark: false, warnings: warnings)
    }

    @inline(__always)
    static func isFieldSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: "\""),
            UInt8(ascii: "<"), UInt8(ascii: ">"):
            true
        default: false
        }
    }

    /// The UTF-8 form of each upper-half byte of `encoding`: its length, then up to three bytes.
    static func singleByteTable(_ encoding: TextEncoding) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 128 * 4)
        let page = encoding.codePage
        for byte in 0..<128 {
            var encoded: [UInt8] = []
            appendUTF8(page.map { UInt32($0[byte]) } ?? UInt32(byte + 0x80), to: &encoded)
            table[byte * 4] = UInt8(encoded.count)
            for (offset, value) in encoded.enumerated() { table[byte * 4 + 1 + offset] = value }
        }
        return table
    }
}
