/// Bidirectional formatting characters made visible in HTML and Markdown.
///
/// U+202A-U+202E (embeddings and overrides), U+2066-U+2069 (isolates) and U+200E/U+200F (marks)
/// change the order in which the text around them is shown: a payee `INVOICE\u{202E}fdp.exe`
/// displays as `INVOICEexe.pdf`. A report shows bank text, so each of them is replaced by its
/// code point in brackets (`[U+202E]`): the text reads in its stored order and the reader sees
/// that something was there. The JSON keeps the characters (it is data).
extension TextEscaping {
    /// `text` with every bidirectional control as `[U+XXXX]`.
    public static func neutralizingBidi(_ text: String) -> String {
        // All of them are encoded E2 80 xx or E2 81 xx: most text has no E2 byte at all.
        guard text.utf8.contains(0xE2), text.unicodeScalars.contains(where: isBidiControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isBidiControl(scalar) {
                result += "[U+" + String(scalar.value, radix: 16, uppercase: true) + "]"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
