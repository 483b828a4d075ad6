import Foundation

extension PayeeNormaliser {
    static let months = ShortWordSet([
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    ])

    /// A number, date, time, card number or reference: where a merchant's name ends. `word` and
    /// `next` (the next word, if any) are folded.
    static func isNoise(_ word: UnsafeBufferPointer<UInt8>, next: UnsafeBufferPointer<UInt8>?) -> Bool {
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
            if word.first.map({ $0 &- 0x30 < 10 }) == true, months.contains(packed: packedLetters(word)) {
                return true
            }
        }
        // References mixing letters and at least three digits: 2K3L45, X10-08144, CD4455.
        return digits >= 3
    }

    /// The letters of `word` alone, packed as `ShortWordSet.pack` packs a word.
    private static func packedLetters(_ word: UnsafeBufferPointer<UInt8>) -> UInt128 {
        var count: UInt128 = 0
        var value: UInt128 = 0
        for byte in word where isLetter(byte) {
            guard count < UInt128(ShortWordSet.longest) else { return 0 }
            value |= UInt128(byte) << (count * 8)
            count += 1
        }
        return count == 0 ? 0 : value | count << 120
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
    static func skipPrefixes(_ words: [Word], lowered: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        /// Word `index` packed (`ShortWordSet.pack`); 0, which no prefix word packs to, for a `*`
        /// or past the last word.
        func packed(_ index: Int) -> UInt128 {
            guard index < words.count, !words[index].isStar else { return 0 }
            return ShortWordSet.pack(UnsafeBufferPointer(rebasing: lowered[words[index].range]))
        }
        var index = start
        // Most payees start with no prefix word at all: one lookup settles it.
        outer: while case let first = packed(index), prefixStarts.contains(packed: first) {
            let second = packed(index + 1)
            let third = packed(index + 2)
            for phrase in prefixPhrases
            where phrase.words.0 == first && (phrase.count < 2 || phrase.words.1 == second)
                && (phrase.count < 3 || phrase.words.2 == third)
            {
                index += phrase.count
                continue outer
            }
            break
        }
        return index
    }

    /// A phrase of `prefixes`, its words packed (`ShortWordSet.pack`); 0 past its last word.
    struct PrefixPhrase {
        var count: Int
        var words: (UInt128, UInt128, UInt128)
    }

    /// `prefixes` packed, in the same order.
    static let prefixPhrases: [PrefixPhrase] = prefixes.map { phrase in
        precondition(phrase.count <= 3, "a payment-method prefix of more than three words")
        let packed = phrase.map { word in Array(word.utf8).withUnsafeBufferPointer { ShortWordSet.pack($0) } }
        let padded = packed + [0, 0, 0]
        return PrefixPhrase(count: phrase.count, words: (padded[0], padded[1], padded[2]))
    }

    /// The first words of `prefixes`.
    static let prefixStarts = ShortWordSet(prefixes.map { $0[0] })

    /// Payment processors written before a `*` and the merchant.
    static let processors = ShortWordSet([
        "paypal", "pp", "sq", "sumup", "iz", "izettle", "zettle", "sp", "tst", "ztl", "crv", "pypl", "google",
        "apple", "dnh",
    ])

    /// Words dropped from the end of a name while another word remains.
    static let trailing = ShortWordSet([
        // Countries, as banks append them.
        "gb", "gbr", "uk", "us", "usa", "ie", "irl", "fr", "fra", "de", "deu", "nl", "nld", "es", "esp", "au", "aus",
        "nz", "ca", "can", "ch", "che", "at", "aut", "se", "swe", "dk", "dnk", "lu", "lux", "pt", "prt", "pl", "pol",
        // Payment types.
        "dd", "so", "fpo", "fpi", "bgc", "tfr", "pos", "cd", "ref", "on", "via",
        // Generic shop and company words.
        "store", "stores", "superstore", "ltd", "limited", "plc", "inc", "llc", "corp", "gmbh", "ag", "bv",
        "nv", "sarl", "srl",
    ])
}
