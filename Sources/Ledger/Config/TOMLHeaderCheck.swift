/// Finds the shapes TOMLKit's parser cannot be given: a `[` or `[[` at the start of a line
/// followed by anything but a key (a bare key character or a quote) or `]`, such as a lone `[` left
/// while typing, `[#…`, `[.a]` or `[é]`; and a `}` in an array where a value should be
/// (`a = [}`, `a = [1, }`). The C++ parser inside TOMLKit (toml++) asserts instead of failing on
/// these, which would end the stage with a crash rather than an error naming the line. Both were
/// found by `make fuzz-coverage`.
///
/// Every file read through TOMLKit (`closebook.toml`, CSV profiles) is checked first. The scan
/// knows strings (basic, literal and their multi-line forms), comments and arrays that span lines,
/// so a `[` inside a value is not taken for a header.
public enum TOMLHeaderCheck {
    public struct Problem: Error, Equatable, Sendable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    public static func check(_ text: String) -> Problem? {
        let bytes = Array(text.utf8)
        var index = 0
        var line = 1
        var lineStart = 0
        var onlySpaceSoFar = true
        // The brackets open in the value being read: `[` arrays and `{` inline tables.
        var open: [UInt8] = []
        // Right after an array's `[` or a `,` in it: a value (or the closing `]`) comes next.
        var expectValue = false
        func at(_ i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }
        // Three of `quote` from `i` on: a multi-line string's delimiter.
        func tripled(_ quote: UInt8, at i: Int) -> Bool {
            i + 2 < bytes.count && bytes[i] == quote && bytes[i + 1] == quote && bytes[i + 2] == quote
        }
        func newline() {
            line += 1
            lineStart = index + 1
            onlySpaceSoFar = true
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                newline()
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "#"):
                while index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                onlySpaceSoFar = false
                expectValue = false
                let triple = tripled(byte, at: index)
                index += triple ? 3 : 1
                while index < bytes.count {
                    let c = bytes[index]
                    if c == UInt8(ascii: "\\"), byte == UInt8(ascii: "\"") {
                        index += 2
                        continue
                    }
                    if c == UInt8(ascii: "\n") {
                        guard triple else { break }  // an unclosed one-line string: the parser says so
                        newline()
                    }
                    if c == byte, !triple || tripled(byte, at: index) {
                        index += triple ? 2 : 0
                        break
                    }
                    index += 1
                }
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { continue }
            case UInt8(ascii: "["):
                if onlySpaceSoFar && open.isEmpty {
                    var next = index + 1
                    if at(next) == UInt8(ascii: "[") { next += 1 }
                    while at(next) == UInt8(ascii: " ") || at(next) == UInt8(ascii: "\t") { next += 1 }
                    if let c = at(next), isKeyStart(c) || c == UInt8(ascii: "]") {
                        // A header: nothing after it on the line is a value.
                        while index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
                    } else {
                        return Problem(
                            line: line, column: index - lineStart + 1,
                            message: "a table header needs a name after '[': [name] or [[name]]")
                    }
                    onlySpaceSoFar = false
                } else {
                    open.append(byte)
                    onlySpaceSoFar = false
                    expectValue = true
                }
            case UInt8(ascii: "{"):
                open.append(byte)
                onlySpaceSoFar = false
                expectValue = false
            case UInt8(ascii: "}"):
                if expectValue {
                    return Problem(
                        line: line, column: index - lineStart + 1,
                        message: "an array holds a '}' where a value or its closing ']' should be")
                }
                if open.last == UInt8(ascii: "{") { open.removeLast() }
                onlySpaceSoFar = false
            case UInt8(ascii: "]"):
                if open.last == UInt8(ascii: "[") { open.removeLast() }
                onlySpaceSoFar = false
                expectValue = false
            case UInt8(ascii: ","):
                expectValue = open.last == UInt8(ascii: "[")
                onlySpaceSoFar = false
            default:
                onlySpaceSoFar = false
                expectValue = false
            }
            index += 1
        }
        return nil
    }

    /// A bare key's characters, or the quote that opens a quoted key.
    static func isKeyStart(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
            || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'")
    }
}
