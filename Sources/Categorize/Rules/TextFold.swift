/// The one text form every literal comparison works on: ASCII letters lower-cased, runs of white
/// space collapsed to one space, ends trimmed. Other bytes (UTF-8 of non-ASCII letters) stay as they are.
///
/// Folding once per field and comparing bytes is what keeps matching fast: no `String` comparison,
/// no locale, no regular expression for plain text.
public enum TextFold {
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

    /// ASCII letter or digit: what a whole-word match must not have on either side.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10
    }

    /// Appends the folded form of `bytes` to `buffer`.
    static func fold(_ bytes: some Sequence<UInt8>, into buffer: inout [UInt8]) {
        var pendingSpace = false
        let start = buffer.count
        for byte in bytes {
            if isSpace(byte) {
                pendingSpace = buffer.count > start
                continue
            }
            if pendingSpace {
                buffer.append(0x20)
                pendingSpace = false
            }
            buffer.append(lower(byte))
        }
    }

    public static func fold(_ text: String) -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(text.utf8.count)
        // Through the string's own storage when it has one: iterating `utf8` byte by byte is slower.
        if text.utf8.withContiguousStorageIfAvailable({ fold($0, into: &buffer) }) == nil {
            fold(text.utf8, into: &buffer)
        }
        return buffer
    }

    public static func foldedString(_ text: String) -> String { String(decoding: fold(text), as: UTF8.self) }

    /// True when `needle` occurs in `haystack`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        find(needle, in: haystack, wholeWord: false)
    }

    /// Naive byte search; used outside the hot path (lint, explain, equality on short fields).
    static func find(_ needle: [UInt8], in haystack: [UInt8], wholeWord: Bool) -> Bool {
        if needle.isEmpty { return true }
        if needle.count > haystack.count { return false }
        let first = needle[0]
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var offset = 1
                while offset < needle.count, haystack[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count {
                    if !wholeWord { return true }
                    let end = index + needle.count
                    let leftOK = index == 0 || !isWordByte(haystack[index - 1])
                    let rightOK = end == haystack.count || !isWordByte(haystack[end])
                    if leftOK && rightOK { return true }
                }
            }
            index += 1
        }
        return false
    }
}
