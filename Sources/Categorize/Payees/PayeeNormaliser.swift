import Foundation

/// Turns a bank's payee text into a merchant name: `CARD PAYMENT TO TESCO STORES 3297 ON 12 OCT`,
/// `TESCO STORES 3297 LONDON GB` and `TESCO STORE 1123` all become `Tesco`.
///
/// Works on bytes, by words, in one pass:
/// 1. payment-method prefixes are dropped (`CARD PAYMENT TO`, `VISA DEBIT`, `POS`, `DD`, `FPO`...),
///    and so are payment processors before a `*` (`PAYPAL *NETFLIX` is `Netflix`);
/// 2. the name ends at the first store, terminal or card number, date, time or reference
///    (`3297`, `#541`, `****1234`, `12/10`, `2K3L45`): what follows it is city, country and noise;
/// 3. trailing country codes, payment type codes and generic words (`STORES`, `LTD`) are dropped
///    while at least one word remains;
/// 4. all-capitals words are title-cased for display (`Trader Joe's`); short words without a vowel
///    stay capitals (`BP`, `TFL`); a payee written in mixed case keeps its spelling.
///
/// When nothing is left (a payee that is all noise) the payee is kept as written.
public struct PayeeNormaliser: Sendable {
    public init() {}

    /// One word of the payee: where its bytes are, and what kind of word it is.
    ///
    /// A range, not slices: a slice holds on to its array, and retaining and releasing the payee's
    /// arrays for every word copied cost more than finding the words (a payee of 40 bytes has 6).
    struct Word {
        /// The word's bytes in the payee as written and in the payee folded once as a whole.
        var range: Range<Int>
        /// `*` between a processor and a merchant (`PAYPAL *NETFLIX`), or before a reference.
        var isStar = false
    }

    /// A payee's words and the payee folded byte by byte (ASCII letters lower-cased), which the
    /// words' ranges index, as `bytes` (the payee as written) does.
    struct Words {
        var words: [Word]
        var lowered: [UInt8]

        func folded(_ index: Int) -> ArraySlice<UInt8> { lowered[words[index].range] }
    }

    public func normalise(_ raw: String) -> CleanPayee {
        let bytes = Array(raw.utf8)
        let split = PayeeNormaliser.split(bytes)
        let words = split.words
        let lowered = split.lowered
        var name: [Word] = []
        name.reserveCapacity(words.count)
        var index = 0
        var afterStar = false
        // 1. Prefixes: only before the first name word.
        index = PayeeNormaliser.skipPrefixes(split, from: 0)
        while index < words.count {
            let word = words[index]
            index += 1
            if word.isStar {
                if !name.isEmpty,
                    PayeeNormaliser.processors.contains(
                        ArraySlice(name.map { lowered[$0.range] }.joined(separator: [0x20])))
                {
                    name.removeAll()
                } else {
                    afterStar = true
                }
                continue
            }
            let folded = lowered[word.range]
            if PayeeNormaliser.isNoise(folded, next: index < words.count ? split.folded(index) : nil)
                || (afterStar && folded.contains { $0 &- 0x30 < 10 }) || folded.first == UInt8(ascii: "(")
            {
                if name.isEmpty {
                    index = PayeeNormaliser.skipPrefixes(split, from: index)
                    continue
                }
                break
            }
            afterStar = false
            name.append(word)
        }
        // 3. Trailing country codes, type codes and generic words.
        while name.count > 1, let last = name.last, PayeeNormaliser.trailing.contains(lowered[last.range]) {
            name.removeLast()
        }
        guard !name.isEmpty else {
            let folded = TextFold.foldedString(raw)
            let display = String(decoding: TextFold.collapse(Array(raw.utf8)), as: UTF8.self)
            return CleanPayee(display: display, key: folded)
        }
        // A payee already written in mixed case keeps every word as written: `Amazon *Mktplce EU-AT`.
        // One pass over the bytes already made: going through `raw.utf8` twice cost more than the
        // rest of this function for a payee of forty bytes.
        var highBits: UInt8 = 0
        var hasLowerASCII = false
        for byte in bytes {
            highBits |= byte
            if byte &- 0x61 < 26 { hasLowerASCII = true }
        }
        let beyondASCII = highBits >= 0x80
        let mixedCase = hasLowerASCII || beyondASCII && raw.contains(where: \.isLowercase)
        // Neither is longer than the payee: reserving once avoids regrowing them byte by byte.
        var key: [UInt8] = []
        var display: [UInt8] = []
        key.reserveCapacity(raw.utf8.count)
        display.reserveCapacity(raw.utf8.count)
        for (position, word) in name.enumerated() {
            if position > 0 {
                key.append(0x20)
                display.append(0x20)
            }
            key.append(contentsOf: lowered[word.range])
            if mixedCase {
                display.append(contentsOf: bytes[word.range])
            } else {
                PayeeNormaliser.appendDisplayForm(bytes[word.range], to: &display, asciiOnly: !beyondASCII)
            }
        }
        // The words were folded byte by byte (ASCII); a key beyond ASCII takes the full fold, so
        // `CAFÉ` and `Café` have one key.
        let keyText = String(decoding: key, as: UTF8.self)
        return CleanPayee(
            display: String(decoding: display, as: UTF8.self),
            key: beyondASCII ? TextFold.foldedString(keyText) : keyText)
    }

    // MARK: Words

    /// Splits on white space and `*`; separates a long digit run glued to letters
    /// (`1200000549NEW` is `1200000549` `NEW`); trims punctuation at word ends; drops `www.` and
    /// web suffixes (`NETFLIX.COM` is `NETFLIX`); cuts a word at `(` (`WEB(S` is `WEB`).
    static func split(_ bytes: [UInt8]) -> Words {
        var words: [Word] = []
        words.reserveCapacity(bytes.count / 4 + 4)
        let lowered = bytes.map(TextFold.lower)
        var start = 0
        // Every word's folded form is `lowered[begin..<end]` for its own `begin..<end`.
        func emit(_ begin: Int, _ end: Int) {
            var begin = begin
            var end = end
            if begin < end, bytes[begin] == UInt8(ascii: "("), end - begin > 1 {
                // A parenthesised reference: keep the parenthesis so the word reads as noise.
                words.append(Word(range: begin..<end))
                return
            }
            if let paren = bytes[begin..<end].firstIndex(of: UInt8(ascii: "(")) { end = paren }
            while begin < end, trimmable(bytes[begin]) { begin += 1 }
            while end > begin, trimmable(bytes[end - 1]) { end -= 1 }
            guard begin < end else { return }
            if end - begin > 4, lowered[begin] == UInt8(ascii: "w"), lowered[begin + 1] == UInt8(ascii: "w"),
                lowered[begin + 2] == UInt8(ascii: "w"), lowered[begin + 3] == UInt8(ascii: ".")
            {
                begin += 4
            }
            for suffix in webSuffixes
            where end - begin > suffix.count + 1 && lowered[(end - suffix.count)..<end].elementsEqual(suffix) {
                end -= suffix.count
                break
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
        for index in 0...bytes.count {
            let atEnd = index == bytes.count
            let byte = atEnd ? 0x20 : bytes[index]
            if TextFold.isSpace(byte) || byte == UInt8(ascii: "*") {
                emit(start, index)
                if byte == UInt8(ascii: "*") {
                    words.append(Word(range: index..<index + 1, isStar: true))
                }
                start = index + 1
            }
        }
        return Words(words: words, lowered: lowered)
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

    // MARK: Noise

    static let months: Set<ArraySlice<UInt8>> = PayeeNormaliser.byteSet([
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    ])

    /// Word lists are kept as bytes, so a word is looked up without making a `String` of it.
    static func byteSet(_ words: [String]) -> Set<ArraySlice<UInt8>> { Set(words.map { ArraySlice($0.utf8) }) }

    /// A number, date, time, card number or reference: where a merchant's name ends.
    static func isNoise(_ word: ArraySlice<UInt8>, next: ArraySlice<UInt8>?) -> Bool {
        var digits = 0
        var letters = 0
        var separators = 0
        var masks = 0
        for byte in word {
            if byte &- 0x30 < 10 {
                digits += 1
            } else if isLetter(byte) {
                letters += 1
                if byte == UInt8(ascii: "x") { masks += 1 }
            } else if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ":")
            {
                separators += 1
            } else if byte == UInt8(ascii: "#") {
                if word.count > 1 { return true }
            } else if byte == UInt8(ascii: "*") {
                masks += 1
            }
        }
        if word.first == UInt8(ascii: "#"), digits > 0 { return true }
        // Masked card numbers: ****1234, XXXX1234, 4929********2222.
        if digits >= 2, masks >= 3, masks + digits == word.count { return true }
        if letters == 0 {
            if digits >= 3 { return true }
            // Dates and times: 12/10, 12.10.24, 10:45.
            if digits >= 2, separators >= 1 { return true }
            // A day before a month name: 12 OCT.
            if digits >= 1, digits <= 2, let next, months.contains(next) {
                return true
            }
            return false
        }
        // 12OCT, 12OCT24.
        if digits >= 1, digits <= 4, letters == 3 || letters == 4, separators == 0 {
            if months.contains(ArraySlice(word.filter(isLetter))), word.first.map({ $0 &- 0x30 < 10 }) == true {
                return true
            }
        }
        // References mixing letters and at least three digits: 2K3L45, X10-08144, CD4455.
        return digits >= 3
    }

    /// Payment-method phrases dropped at the start of a payee, longest first.
    static let prefixes: [[String]] = [
        ["card", "payment", "to"], ["bill", "payment", "to"], ["debit", "card", "purchase"], ["pos", "purchase"],
        ["card", "payment"], ["bill", "payment"], ["payment", "to"], ["visa", "debit"], ["debit", "card"],
        ["direct", "debit"], ["standing", "order"], ["faster", "payment"], ["faster", "payments"], ["eftpos", "wdl"],
        ["pos", "wdl"], ["recurring", "payment"], ["online", "payment"], ["contactless"], ["pos"], ["cnp"], ["dd"],
        ["ddr"], ["fpo"], ["fpi"], ["so"], ["bgc"], ["tfr"], ["stos"], ["eftpos"], ["purchase"], ["vis"], ["visa"],
        ["mastercard"], ["card"], ["debit"], ["on"], ["to"],
    ].sorted { $0.count > $1.count }

    /// The index of the first word after any payment-method prefixes from `start`.
    static func skipPrefixes(_ split: Words, from start: Int) -> Int {
        let words = split.words
        var index = start
        // Most payees start with no prefix word at all: one set lookup settles it.
        outer: while index < words.count, !words[index].isStar, prefixStarts.contains(split.folded(index)) {
            for phrase in prefixBytes where index + phrase.count <= words.count {
                var matches = true
                for (offset, part) in phrase.enumerated()
                where words[index + offset].isStar || !split.folded(index + offset).elementsEqual(part) {
                    matches = false
                    break
                }
                if matches {
                    index += phrase.count
                    continue outer
                }
            }
            break
        }
        return index
    }

    /// `prefixes` as bytes, in the same order.
    static let prefixBytes: [[[UInt8]]] = prefixes.map { phrase in phrase.map { Array($0.utf8) } }

    /// The first words of `prefixes`.
    static let prefixStarts: Set<ArraySlice<UInt8>> = Set(prefixBytes.map { ArraySlice($0[0]) })

    /// Payment processors written before a `*` and the merchant.
    static let processors: Set<ArraySlice<UInt8>> = PayeeNormaliser.byteSet([
        "paypal", "pp", "sq", "sumup", "iz", "izettle", "zettle", "sp", "tst", "ztl", "crv", "pypl", "google",
        "apple", "dnh",
    ])

    /// Words dropped from the end of a name while another word remains.
    static let trailing: Set<ArraySlice<UInt8>> = PayeeNormaliser.byteSet([
        // Countries, as banks append them.
        "gb", "gbr", "uk", "us", "usa", "ie", "irl", "fr", "fra", "de", "deu", "nl", "nld", "es", "esp", "au", "aus",
        "nz", "ca", "can", "ch", "che", "at", "aut", "se", "swe", "dk", "dnk", "lu", "lux", "pt", "prt", "pl", "pol",
        // Payment types.
        "dd", "so", "fpo", "fpi", "bgc", "tfr", "pos", "cd", "ref", "on", "via",
        // Generic shop and company words.
        "store", "stores", "superstore", "ltd", "limited", "plc", "inc", "llc", "corp", "gmbh", "ag", "bv",
        "nv", "sarl", "srl",
    ])

    // MARK: Display

    /// Appends the word as a person would write it. `asciiOnly`: the whole payee is ASCII, so the
    /// word need not be checked for bytes beyond it.
    static func appendDisplayForm(_ original: ArraySlice<UInt8>, to result: inout [UInt8], asciiOnly: Bool = false) {
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
