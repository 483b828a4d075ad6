/// Text from files (a file's name, a cell) made safe to print as one line of a terminal message.
///
/// A file name may hold a new line, a carriage return or an escape sequence; printed as it is,
/// `inbox/a.csv\ninbox/b.csv:1:1: error: …` forges a second message, and an escape sequence can
/// rewrite the screen. Control characters are written the way a C string literal would write
/// them (`\n`, `\r`, `\t`, `\e`, otherwise `\x1F`), so the name stays recognisable and no line can
/// be forged. Text without a control character is returned unchanged without copying it.
public enum TerminalText {
    public static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x1B: result += "\\e"
            case 0..<0x20, 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
