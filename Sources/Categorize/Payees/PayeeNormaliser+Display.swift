import Foundation

extension PayeeNormaliser {
    /// Appends the word as a person would write it. `asciiOnly`: the whole payee is ASCII, so the
    /// word need not be checked for bytes beyond it.
    static func appendDisplayForm(
        _ original: UnsafeBufferPointer<UInt8>, to result: inout [UInt8], asciiOnly: Bool = false
    ) {
        if !asciiOnly, original.contains(where: { $0 >= 0x80 }) {
            appendDisplayForm(beyondASCII: String(decoding: original, as: UTF8.self), to: &result)
            return
        }
        var letters = 0
        var vowels = 0
        for byte in original {
            if byte &- 0x61 < 26 {
                result.append(contentsOf: original)
                return
            }
            if isLetter(byte) {
                letters += 1
                if isVowel(byte) { vowels += 1 }
            }
        }
        if letters > 0, letters <= 3, vowels == 0, letters == original.count {
            result.append(contentsOf: original)
            return
        }
        var startOfPart = true
        for byte in original {
            if isLetter(byte) {
                result.append(startOfPart ? byte : TextFold.lower(byte))
                startOfPart = false
            } else {
                result.append(byte)
                // A new part after '-', '/', '.' or '&', but not after an apostrophe: Joe's, 7-Eleven.
                startOfPart = byte != UInt8(ascii: "'") && !(byte &- 0x30 < 10) && byte < 0x80
            }
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
