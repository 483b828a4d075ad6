import Foundation

extension PayeeNormaliser {
    /// Appends the word as a person would write it.
    static func appendDisplayForm(_ original: UnsafeBufferPointer<UInt8>, to result: inout [UInt8]) {
        if original.contains(where: { $0 >= 0x80 }) {
            appendDisplayForm(beyondASCII: String(decoding: original, as: UTF8.self), to: &result)
            return
        }
        let start = result.count
        result.append(contentsOf: repeatElement(0, count: original.count))
        result.withUnsafeMutableBufferPointer { result in
            writeDisplayForm(ascii: original, into: UnsafeMutableBufferPointer(rebasing: result[start...]))
        }
    }
}

extension PayeeNormaliser {
    /// `appendDisplayForm` of an ASCII word, written over `output` (as long as the word): words
    /// with a lower-case letter, and short words of capitals without a vowel (`BP`, `TFL`), as
    /// written; others with a capital at the start of each part (`TESCO` is `Tesco`, `7-ELEVEN`
    /// is `7-Eleven`, `JOE'S` is `Joe's`).
    static func writeDisplayForm(
        ascii original: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
    ) {
        guard !original.isEmpty else { return }
        // One pass writes the capitalised form and counts what decides against it; a word kept as
        // written is then copied over it.
        var letters = 0
        var vowels = 0
        var hasLower = false
        var startOfPart = true
        for (index, byte) in original.enumerated() {
            if isLetter(byte) {
                letters += 1
                if byte &- 0x61 < 26 { hasLower = true }
                if isVowel(byte) { vowels += 1 }
                output[index] = startOfPart ? byte : TextFold.lower(byte)
                startOfPart = false
            } else {
                output[index] = byte
                // A new part after '-', '/', '.' or '&', but not after an apostrophe or a digit.
                startOfPart = byte != UInt8(ascii: "'") && !(byte &- 0x30 < 10)
            }
        }
        if hasLower || letters > 0 && letters <= 3 && vowels == 0 && letters == original.count {
            output.baseAddress!.update(from: original.baseAddress!, count: original.count)
        }
    }
}

extension PayeeNormaliser {
    /// `appendDisplayForm` for a word with letters beyond ASCII, by characters: `CAFÉ` is `Café`.
    static func appendDisplayForm(beyondASCII word: String, to result: inout [UInt8]) {
        let letters = word.filter(\.isLetter)
        let vowels = letters.filter { letter in
            let base = String(letter).decomposedStringWithCanonicalMapping.unicodeScalars.first.map(Character.init)
            return base.map { "aeiouyAEIOUY".contains($0) } ?? false
        }
        if word.contains(where: \.isLowercase)
            || !letters.isEmpty && letters.count <= 3 && vowels.isEmpty && letters.count == word.count
        {
            result += Array(word.utf8)
            return
        }
        var display = ""
        var startOfPart = true
        for character in word {
            if character.isLetter {
                display += startOfPart ? String(character) : character.lowercased()
                startOfPart = false
            } else {
                display.append(character)
                // As for ASCII: a new part after '-', '/', '.' or '&', not after an apostrophe or a digit.
                startOfPart = character != "'" && character != "\u{2019}" && !character.isNumber
            }
        }
        result += Array(display.utf8)
    }
}

extension TextFold {
    /// White space collapsed and trimmed, case kept.
    static func collapse(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var pendingSpace = false
        for byte in bytes {
            if isSpace(byte) {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(0x20)
                pendingSpace = false
            }
            result.append(byte)
        }
        return result
    }
}
