import Foundation

extension PayeeNormaliser {
    /// Splits on white space and `*`; separates a long digit run glued to letters
    /// (`1200000549NEW` is `1200000549` `NEW`); trims punctuation at word ends; drops `www.` and
    /// web suffixes (`NETFLIX.COM` is `NETFLIX`); cuts a word at `(` (`WEB(S` is `WEB`).
    ///
    /// `lowered` is `bytes` folded byte by byte; the words go into `words` (emptied first).
    static func split(
        _ bytes: UnsafeBufferPointer<UInt8>, lowered: UnsafeBufferPointer<UInt8>, into words: inout [Word]
    ) {
        words.removeAll(keepingCapacity: true)
        var start = 0
        for index in 0...bytes.count {
            let atEnd = index == bytes.count
            let byte = atEnd ? 0x20 : bytes[index]
            if TextFold.isSpace(byte) || byte == UInt8(ascii: "*") {
                emit(start, index, bytes, lowered, into: &words)
                if byte == UInt8(ascii: "*") {
                    words.append(Word(range: index..<index + 1, isStar: true))
                }
                start = index + 1
            }
        }
    }

    /// The word (or two) in `bytes[begin..<end]`, between two separators.
    private static func emit(
        _ begin: Int, _ end: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ lowered: UnsafeBufferPointer<UInt8>,
        into words: inout [Word]
    ) {
        var begin = begin
        var end = end
        if begin < end, bytes[begin] == UInt8(ascii: "("), end - begin > 1 {
            // A parenthesised reference: keep the parenthesis so the word reads as noise.
            words.append(Word(range: begin..<end))
            return
        }
        var paren = begin
        var dots = 0
        while paren < end, bytes[paren] != UInt8(ascii: "(") {
            if bytes[paren] == UInt8(ascii: ".") { dots += 1 }
            paren += 1
        }
        end = paren
        while begin < end, trimmable(bytes[begin]) { begin += 1 }
        while end > begin, trimmable(bytes[end - 1]) { end -= 1 }
        guard begin < end else { return }
        if end - begin > 4, lowered[begin] == UInt8(ascii: "w"), lowered[begin + 1] == UInt8(ascii: "w"),
            lowered[begin + 2] == UInt8(ascii: "w"), lowered[begin + 3] == UInt8(ascii: ".")
        {
            begin += 4
        }
        // Every web suffix starts with a dot: a word without one has none.
        if dots > 0 {
            for suffix in webSuffixes where end - begin > suffix.count + 1 && endsWith(lowered, end, suffix) {
                end -= suffix.count
                break
            }
        }
        // A run of four or more digits glued to letters: a store number or reference.
        let count = end - begin
        var digits = 0
        while digits < count, lowered[begin + digits] &- 0x30 < 10 { digits += 1 }
        if digits >= 4, digits < count, isLetter(lowered[begin + digits]) {
            words.append(Word(range: begin..<begin + digits))
            words.append(Word(range: begin + digits..<end))
            return
        }
        var tail = 0
        while tail < count, lowered[end - 1 - tail] &- 0x30 < 10 { tail += 1 }
        if tail >= 4, tail < count, isLetter(lowered[end - 1 - tail]) {
            let cut = begin + count - tail
            words.append(Word(range: begin..<cut))
            words.append(Word(range: cut..<end))
            return
        }
        words.append(Word(range: begin..<end))
    }

    /// Whether `text[..<end]` ends with `suffix` (`end` is at least `suffix.count`).
    @inline(__always)
    private static func endsWith(_ text: UnsafeBufferPointer<UInt8>, _ end: Int, _ suffix: [UInt8]) -> Bool {
        var offset = 0
        let start = end - suffix.count
        while offset < suffix.count {
            if text[start + offset] != suffix[offset] { return false }
            offset += 1
        }
        return true
    }

    static func trimmable(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "\""),
            UInt8(ascii: ")"), UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "|"), UInt8(ascii: "_"),
            UInt8(ascii: "="), UInt8(ascii: "+"):
            true
        default: false
        }
    }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    /// An upper-case vowel (`AEIOUY`), as display casing counts them.
    @inline(__always)
    static func isVowel(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A"), UInt8(ascii: "E"), UInt8(ascii: "I"), UInt8(ascii: "O"), UInt8(ascii: "U"),
            UInt8(ascii: "Y"):
            true
        default: false
        }
    }

    static let webSuffixes: [[UInt8]] = [".co.uk", ".com", ".net", ".org", ".uk", ".io"].map { Array($0.utf8) }
}
