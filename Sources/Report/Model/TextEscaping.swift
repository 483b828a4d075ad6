/// Makes user text (payees, category and account names, notices) safe in a markup language.
///
/// HTML needs nothing here: the Mustache templates escape every `{{value}}` themselves. Markdown
/// templates switch that off (`{{%CONTENT_TYPE:TEXT}}`), so their view is built with `.markdown`
/// and every user string arrives already escaped. SVG charts are built in Swift and use `xml`.
public enum TextEscaping: Sendable {
    /// Leave text as it is: the template engine escapes it.
    case none
    /// Backslash-escape what Markdown would read as markup, so a payee like `*NEW* | Shop_1` shows
    /// as written, also inside a table cell.
    case markdown

    public func apply(_ text: String) -> String {
        switch self {
        case .none: TextEscaping.neutralizingBidi(text)
        case .markdown: TextEscaping.markdown(TextEscaping.neutralizingBidi(text))
        }
    }

    /// Backslash before every ASCII punctuation mark Markdown (CommonMark and GitHub tables) acts
    /// on; line breaks become spaces, since one would end a table row.
    public static func markdown(_ text: String) -> String {
        // Most text has none of those marks: one pass over its bytes returns it as it is.
        needsMarkdownEscaping(text) ? markdownEscaped(text) : text
    }

    /// `markdown` of text that may have a mark to escape, scalar by scalar.
    static func markdownEscaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~":
                result.append("\\")
                result.unicodeScalars.append(scalar)
            case "&":
                // Only `&name;` and `&#12;` are entities: `Marks & Spencer` stays as it is.
                let next = index + 1 < scalars.count ? scalars[index + 1] : " "
                if next == "#" || next.properties.isAlphabetic { result.append("\\") }
                result.append("&")
            case "\n", "\r", "\t":
                result.append(" ")
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        // At the start of a list item or a line these begin a nested list, a heading or a rule.
        if let first = result.unicodeScalars.first, first == "-" || first == "+" || first == "=" || first == "#" {
            result = "\\" + result
        }
        return result
    }

    /// Whether `markdown` would change `text`: it has a mark that function escapes (or a line
    /// break or tab), or starts with one that begins a list, heading or rule. All of them are
    /// ASCII, so its UTF-8 bytes tell.
    static func needsMarkdownEscaping(_ text: String) -> Bool {
        var bytesOf = text
        return bytesOf.withUTF8 { bytes in
            if let first = bytes.first,
                first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "=")
                    || first == UInt8(ascii: "#")
            {
                return true
            }
            return bytes.contains { byte in
                switch byte {
                case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                    UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "~"),
                    UInt8(ascii: "&"), 0x0A, 0x0D, 0x09:
                    true
                default: false
                }
            }
        }
    }

    /// `&`, `<`, `>`, `"` and `'` as entities, nothing else changed: the escaping of every
    /// `{{value}}` in the HTML templates (`HTMLEscapingContentType`). Text with none of them (nearly
    /// every value) is returned as it is, after one pass over its bytes.
    public static func html(_ text: String) -> String {
        var bytesOf = text
        return bytesOf.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: { isHTMLSpecial($0) }) else { return text }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<first]))
            for byte in bytes[first...] {
                switch byte {
                case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
                default: result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    @inline(__always)
    static func isHTMLSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }

    /// `&`, `<`, `>`, `"` and `'` as entities: for text and attribute values in SVG and XML, with
    /// bidirectional controls made visible first. The entities are `html`'s.
    public static func xml(_ text: String) -> String { html(neutralizingBidi(text)) }
}
