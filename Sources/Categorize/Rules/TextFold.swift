import Foundation

/// The one text form every literal comparison works on: letters lower-cased, runs of white space
/// collapsed to one space, ends trimmed, and text beyond ASCII in Unicode's compatibility
/// composed form (NFKC), so `café` in a rule matches the bank's `CAFÉ` and `CAFE` followed by a
/// combining accent (U+0301), and a no-break space is a space.
///
/// Folding once per field and comparing bytes is what keeps matching fast: no `String` comparison,
/// no locale, no regular expression for plain text. Printable ASCII (nearly every payee) is folded
/// byte by byte as before; only a text with a byte beyond ASCII is normalised first.
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
        // Through the string's own storage (made contiguous if it is not): iterating `utf8` byte by
        // byte is slower. (`withContiguousStorageIfAvailable` and its nested optional looked up
        // generic type metadata at every call: about 1% of categorising a million varied texts.)
        var text = text
        if let folded = text.withUTF8({ bytes in isASCII(bytes) ? foldASCII(bytes) : nil }) { return folded }
        var buffer: [UInt8] = []
        fold(normalised(text).utf8, into: &buffer)
        return buffer
    }

    /// `fold(text)` appended to `output`: for a caller that keeps many folded texts end to end
    /// (`PayeesAhead`), with no array made for each.
    ///
    /// Why: the array of each payee's folded text, made to be copied into the caller's and
    /// dropped, was two fifths of folding it (an allocation and a free for some 40 bytes).
    static func fold(_ text: String, appendingTo output: inout [UInt8]) {
        var text = text
        let done = text.withUTF8 { bytes in
            guard isASCII(bytes) else { return false }
            // Folded on the stack (a payee is a few dozen bytes), then copied on in one piece.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { folded in
                let written = foldASCII(bytes, into: folded)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: folded[..<written]))
            }
            return true
        }
        if !done { fold(normalised(text).utf8, into: &output) }
    }

    /// `fold` of ASCII bytes, written straight into the result's storage (never longer than the
    /// text): a payee is folded once per distinct text, and appending byte by byte checked the
    /// array's capacity and uniqueness at every byte.
    static func foldASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bytes.count) { output, count in
            count = foldASCII(bytes, into: output)
        }
    }

    /// `fold` of ASCII bytes written to `output` (at least as long as `bytes`); returns how many
    /// bytes it wrote.
    @inline(__always)
    private static func foldASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
    )
        -> Int
    {
        var written = 0
        var pendingSpace = false
        for byte in bytes {
            if isSpace(byte) {
                pendingSpace = written > 0
                continue
            }
            if pendingSpace {
                output[written] = 0x20
                written += 1
                pendingSpace = false
            }
            output[written] = lower(byte)
            written += 1
        }
        return written
    }

    /// `text` in NFKC, lower-cased, and composed again (lower-casing can decompose: `İ` is `i` and
    /// a combining dot).
    static func normalised(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping.lowercased().precomposedStringWithCanonicalMapping
    }

    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var seen: UInt8 = 0
        for byte in bytes { seen |= byte }
        return seen < 0x80
    }

    /// True when the character that ends at `end` (exclusive) in folded `text` is a letter or digit:
    /// then an occurrence starting at `end` is not a whole word.
    static func isWord<Text: RandomAccessCollection<UInt8>>(before end: Int, in text: Text) -> Bool
    where Text.Index == Int {
        guard end > 0 else { return false }
        let byte = text[end - 1]
        if byte < 0x80 { return isWordByte(byte) }
        var start = end - 1
        while start > 0, text[start] & 0xC0 == 0x80 { start -= 1 }
        return isWordScalar(text[start..<end])
    }

    /// True when the character that starts at `start` in folded `text` is a letter or digit.
    static func isWord<Text: RandomAccessCollection<UInt8>>(at start: Int, in text: Text) -> Bool
    where Text.Index == Int {
        guard start < text.count else { return false }
        let byte = text[start]
        if byte < 0x80 { return isWordByte(byte) }
        var end = start + 1
        while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
        return isWordScalar(text[start..<end])
    }

    /// One UTF-8 encoded scalar beyond ASCII: a letter, a mark (an accent left uncomposed) or a number.
    static func isWordScalar(_ bytes: some Collection<UInt8>) -> Bool {
        guard let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first else { return false }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil
            || properties.generalCategory == .nonspacingMark
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
                    let leftOK = !isWord(before: index, in: haystack)
                    let rightOK = !isWord(at: end, in: haystack)
                    if leftOK && rightOK { return true }
                }
            }
            index += 1
        }
        return false
    }
}
