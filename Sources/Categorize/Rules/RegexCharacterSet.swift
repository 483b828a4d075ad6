import Foundation

/// The characters one position of a rule pattern accepts (a literal, `.`, `\w`, a class), judged as
/// Swift's case-insensitive `Regex` judges them with its default grapheme-cluster semantics.
///
/// Why two halves: most texts are printable ASCII, where a lookup in 128 bits decides; any other
/// character (`é`, `e` with a combining accent, `\r\n`, `日`) goes through `accepts(_:)`, which
/// follows the same rules as `Regex` (checked against it character by character in the tests):
/// letters compare by their lower-case forms, `\w` is a letter, a number or `_`, `\d` a number,
/// `\s` white space, `.` anything but a line break, and a class of ASCII members only never holds
/// a character outside ASCII (so its negation holds every such character).
struct RegexCharacterSet: Sendable {
    /// One member of a class, or the whole of an atom outside a class.
    enum Member: Sendable, Equatable {
        /// A character, kept in lower case.
        case character(String)
        /// A range between two one-scalar bounds.
        case range(Unicode.Scalar, Unicode.Scalar)
        case word, digit, space, notWord, notDigit, notSpace
        /// `.`: any character but a line break.
        case notNewline
    }

    /// Bit `b` of word `b >> 6`: the one-scalar ASCII character `b` is accepted.
    private(set) var ascii: (UInt64, UInt64) = (0, 0)
    private let members: [Member]
    private let negated: Bool
    /// A class of ASCII members only: `Regex` decides it on 128 bits, and nothing else is in it.
    private let asciiOnly: Bool

    /// An atom outside a class (a literal, `.` or an escape such as `\w`).
    init(atom: Member) {
        self.init(members: [atom], negated: false, asciiOnly: false)
    }

    /// A class `[…]` or `[^…]`.
    init(classOf members: [Member], negated: Bool) {
        let asciiOnly = members.allSatisfy { member in
            switch member {
            case .character(let text): text.unicodeScalars.count == 1 && text.unicodeScalars.first!.isASCII
            case .range(let low, let high): low.isASCII && high.isASCII
            default: false
            }
        }
        self.init(members: members, negated: negated, asciiOnly: asciiOnly)
    }

    private init(members: [Member], negated: Bool, asciiOnly: Bool) {
        self.members = members
        self.negated = negated
        self.asciiOnly = asciiOnly
        guard asciiOnly else {
            for byte in UInt8(0)..<0x80
            where members.contains(where: { RegexCharacterSet.holds($0, byte: byte) }) != negated {
                insert(byte)
            }
            return
        }
        // Each member's bytes and their case partners, found once per member: asked byte by byte
        // (is it a member, or a member's partner?), a class cost its members 128 × 128 tests each,
        // 1.2% of a 100k-row run with 1,000 rules.
        for member in members {
            for value in UInt8(0)..<0x80 where RegexCharacterSet.bitsetContains(member, value) {
                insert(value)
                if let partner = RegexCharacterSet.casePartner(value) { insert(partner) }
            }
        }
        if negated { ascii = (~ascii.0, ~ascii.1) }
    }

    private mutating func insert(_ byte: UInt8) {
        if byte < 64 { ascii.0 |= 1 << byte } else { ascii.1 |= 1 << (byte - 64) }
    }

    /// Whether the one-scalar ASCII character `byte` is accepted.
    @inline(__always)
    func accepts(byte: UInt8) -> Bool {
        byte < 64 ? ascii.0 >> byte & 1 != 0 : ascii.1 >> (byte & 63) & 1 != 0
    }

    /// Whether `character` is accepted.
    func accepts(_ character: Character) -> Bool {
        if let byte = character.asciiValue, character.unicodeScalars.count == 1 { return accepts(byte: byte) }
        if asciiOnly { return negated }
        return members.contains { RegexCharacterSet.holds($0, character) } != negated
    }

    /// `holds(member, character)` for the one-scalar ASCII character `byte`, without making a
    /// `Character` (and a lower-cased `String` of it) when the member is one ASCII character, as
    /// most atoms of a pattern are: the 128 bits of every atom of 1,000 rules' patterns were a
    /// twentieth of a run. For an ASCII byte, `lowercased()` is its ASCII lower case, and two ASCII
    /// strings are equal only when their bytes are (a member beyond ASCII takes the long way).
    static func holds(_ member: Member, byte: UInt8) -> Bool {
        if case .character(let lower) = member, lower.utf8.count == 1, let only = lower.utf8.first {
            return TextFold.lower(byte) == only
        }
        return holds(member, Character(Unicode.Scalar(byte)))
    }

    /// A member on a character outside the 128-bit fast path, as `Regex` matches it.
    static func holds(_ member: Member, _ character: Character) -> Bool {
        switch member {
        case .character(let lower): return character.lowercased() == lower
        case .range(let low, let high):
            // `Regex` compares a character's single scalar in NFC, then its case mappings, with the bounds.
            let nfc = String(character).precomposedStringWithCanonicalMapping
            guard nfc.unicodeScalars.count == 1, let scalar = nfc.unicodeScalars.first else { return false }
            if (low...high).contains(scalar) { return true }
            let properties = scalar.properties
            for mapped in [
                properties.changesWhenLowercased ? properties.lowercaseMapping : nil,
                properties.changesWhenUppercased ? properties.uppercaseMapping : nil,
            ] {
                guard let mapped else { continue }
                let folded = mapped.precomposedStringWithCanonicalMapping
                if folded.unicodeScalars.count == 1, (low...high).contains(folded.unicodeScalars.first!) {
                    return true
                }
            }
            return false
        case .word: return isWord(character)
        case .digit: return character.isNumber
        case .space: return character.isWhitespace
        case .notWord: return !isWord(character)
        case .notDigit: return !character.isNumber
        case .notSpace: return !character.isWhitespace
        case .notNewline: return !character.isNewline
        }
    }

    static func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// Whether the ASCII byte `value` is itself a member of a class of ASCII members only. As
    /// `Regex`'s bitset has it, the class also holds each member's case partner (`casePartner`).
    static func bitsetContains(_ member: Member, _ value: UInt8) -> Bool {
        switch member {
        case .character(let text): return text.unicodeScalars.first!.value == UInt32(value)
        case .range(let low, let high): return (low.value...high.value).contains(UInt32(value))
        default: return false
        }
    }

    /// The byte 0x20 above one from `@` to `Z`, or below one from `a` to `z`, as `Regex`'s bitset
    /// pairs them.
    static func casePartner(_ value: UInt8) -> UInt8? {
        (0x40...0x5A).contains(value) ? value + 0x20 : (0x61...0x7A).contains(value) ? value - 0x20 : nil
    }
}
