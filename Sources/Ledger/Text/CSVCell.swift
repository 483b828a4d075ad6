/// One cell of a CSV file meant for spreadsheets, written safely.
///
/// A cell is quoted when it holds a comma, a quote or a line break, and when a spreadsheet would
/// run it as a formula: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
/// leading `'` inside its quotes, as OWASP recommends against CSV injection, so a payee
/// `=HYPERLINK(...)` shows as text. Amounts are written by their own code and keep their minus
/// sign. `uncategorized.csv` and the CSV export write their texts through it.
public enum CSVCell {
    public static func append(_ field: String, to bytes: inout [UInt8]) {
        var copy = field
        copy.withUTF8 { append($0, to: &bytes) }
    }

    public static func append(_ field: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        guard needsQuotes(field) else {
            bytes.append(contentsOf: field)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        if let first = field.first, startsFormula(first) { bytes.append(UInt8(ascii: "'")) }
        for byte in field {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    public static func needsQuotes(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = field.baseAddress, let first = field.first else { return false }
        if startsFormula(first) { return true }
        // Eight bytes at a time: a word holds one of the four bytes when, XORed with that byte in
        // every lane, it has a zero lane. Every text of a million-row `uncategorized.csv` is
        // checked, and byte by byte this was most of writing it.
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= field.count {
            if hasSpecialByte(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset += 8
        }
        while offset < field.count {
            if isSpecial(field[offset]) { return true }
            offset += 1
        }
        return false
    }

    /// A comma, a quote or a line break: a byte that makes a cell need quotes.
    @inline(__always) static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
    }

    /// Whether any of the eight bytes of `word` `isSpecial`.
    @inline(__always) static func hasSpecialByte(_ word: UInt64) -> Bool {
        hasZeroByte(word ^ lanes(UInt8(ascii: ","))) || hasZeroByte(word ^ lanes(UInt8(ascii: "\"")))
            || hasZeroByte(word ^ lanes(0x0A)) || hasZeroByte(word ^ lanes(0x0D))
    }

    /// `byte` in each of the eight lanes of a word.
    @inline(__always) static func lanes(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// Whether a lane of `word` is zero (exact: a borrow reaches only lanes above a zero one).
    @inline(__always) static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }

    /// The first characters with which a spreadsheet reads a cell as a formula.
    @inline(__always) public static func startsFormula(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "@")
            || byte == 0x09 || byte == 0x0D
    }
}
