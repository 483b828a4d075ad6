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
        if let first = field.first, startsFormula(first) { return true }
        return field.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
    }

    /// The first characters with which a spreadsheet reads a cell as a formula.
    @inline(__always) public static func startsFormula(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "@")
            || byte == 0x09 || byte == 0x0D
    }
}
