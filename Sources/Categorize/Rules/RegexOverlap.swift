/// Finds two unbounded repetitions of overlapping characters in sequence in a pattern that only a
/// backtracking `Regex` can run: the shape that takes polynomial time (`/\w+\w+\w+$/` on 300
/// letters and a `!` tries every way of cutting the letters in three, 30 s).
///
/// Conservative: what a part of the pattern can take is over-estimated (anything it does not know
/// takes everything), alternations and groups count as one part, and only a part that must take a
/// character the first repetition cannot take ends the danger (`\w+\s+\w+` is fine, `\w+-?\w+` is
/// not). A refused pattern can nearly always be written for `LinearRegex` instead.
enum RegexOverlap {
    /// What one part of a pattern can take: ASCII characters by bit, any other character by
    /// kind (a letter or number, white space, anything else).
    struct Cover {
        var ascii: (UInt64, UInt64) = (0, 0)
        var other: UInt8 = 0

        static let otherWord: UInt8 = 1
        static let otherSpace: UInt8 = 2
        static let otherElse: UInt8 = 4
        static let everything = Cover(ascii: (~0, ~0), other: 7)

        mutating func insert(_ value: UInt32) {
            guard value < 0x80 else {
                let character = Character(Unicode.Scalar(value) ?? " ")
                other |=
                    character.isLetter || character.isNumber
                    ? Cover.otherWord : character.isWhitespace ? Cover.otherSpace : Cover.otherElse
                return
            }
            let byte = UInt8(value)
            for member in [byte, TextFold.lower(byte), byte &- 0x61 < 26 ? byte - 0x20 : byte] {
                if member < 64 { ascii.0 |= 1 << member } else { ascii.1 |= 1 << (member - 64) }
            }
        }

        mutating func formUnion(_ cover: Cover) {
            ascii.0 |= cover.ascii.0
            ascii.1 |= cover.ascii.1
            other |= cover.other
        }

        func overlaps(_ cover: Cover) -> Bool {
            ascii.0 & cover.ascii.0 != 0 || ascii.1 & cover.ascii.1 != 0 || other & cover.other != 0
        }

        /// `\w`, `\d` or `\s` (each also takes characters beyond ASCII), `\t`, `\n` or `\r`; nil
        /// for another letter.
        static func escape(_ letter: Character) -> Cover? {
            var cover = Cover(other: otherWord)
            switch letter {
            case "w":
                for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { cover.insert(UInt32(byte)) }
                for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { cover.insert(UInt32(byte)) }
                cover.insert(UInt32(UInt8(ascii: "_")))
            case "d":
                for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { cover.insert(UInt32(byte)) }
            case "s":
                cover.other = otherSpace
                for byte: UInt32 in [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20] { cover.insert(byte) }
            case "t": cover = Cover(ascii: (1 << 0x09, 0), other: 0)
            case "n": cover = Cover(ascii: (1 << 0x0A, 0), other: 0)
            case "r": cover = Cover(ascii: (1 << 0x0D, 0), other: 0)
            default: return nil
            }
            return cover
        }
    }

    /// One part of a pattern: an atom or a group with what follows it.
    struct Part {
        var cover: Cover
        /// It must take at least one character.
        var mandatory: Bool
        /// It, or something inside it, repeats without limit.
        var unbounded: Bool
        var offset: Int
    }

    static func risk(in pattern: String) -> (offset: Int, reason: String)? {
        var scanner = Scanner(characters: Array(pattern))
        let parts = scanner.parts(until: nil)
        // The unbounded repetitions that nothing since has ended.
        var open: [Part] = []
        for part in parts {
            if part.unbounded, let earlier = open.first(where: { $0.cover.overlaps(part.cover) }) {
                return (
                    earlier.offset,
                    "two repetitions without limit can take the same characters one after the other (as in \\w+\\w+ or .*.*), which can take polynomial time"
                )
            }
            if part.mandatory { open.removeAll { !$0.cover.overlaps(part.cover) } }
            if part.unbounded { open.append(part) }
        }
        return nil
    }

    struct Scanner {
        let characters: [Character]
        var index = 0

        /// The parts up to `closing` (consumed) or the end; a group with `|` becomes one part.
        mutating func parts(until closing: Character?) -> [Part] {
            var parts: [Part] = []
            var alternation = false
            while index < characters.count {
                let character = characters[index]
                let offset = index
                index += 1
                var cover = Cover()
                switch character {
                case closing: return alternation ? [Scanner.merge(parts, offset: offset)] : parts
                case "|":
                    alternation = true
                    continue
                case "^", "$": continue
                case "(":
                    if index < characters.count, characters[index] == "?" {
                        let rest = String(characters[index...].prefix(3))
                        if rest.hasPrefix("?=") || rest.hasPrefix("?!") || rest.hasPrefix("?<=")
                            || rest.hasPrefix("?<!")
                        {
                            _ = self.parts(until: ")")
                            continue
                        }
                    }
                    let inner = self.parts(until: ")")
                    let repeated = quantifier()
                    // A plain group is its parts in sequence; a repeated one is one part.
                    if repeated == nil {
                        parts += inner
                        continue
                    }
                    var group = Scanner.merge(inner, offset: offset)
                    group.mandatory = inner.contains(where: \.mandatory)
                    apply(repeated, to: &group)
                    parts.append(group)
                    continue
                case "[": cover = self.classCover()
                case ".": cover = .everything
                case "\\":
                    guard index < characters.count else { return parts }
                    let escaped = characters[index]
                    index += 1
                    if "bBAzZGK".contains(escaped) { continue }
                    if let known = Cover.escape(escaped) {
                        cover = known
                    } else if let value = escaped.asciiValue, !escaped.isLetter, !escaped.isNumber {
                        cover.insert(UInt32(value))
                    } else {
                        cover = .everything
                    }
                default:
                    for scalar in character.unicodeScalars { cover.insert(scalar.value) }
                }
                var part = Part(cover: cover, mandatory: true, unbounded: false, offset: offset)
                apply(quantifier(), to: &part)
                parts.append(part)
            }
            return alternation ? [Scanner.merge(parts, offset: 0)] : parts
        }

        /// All of `parts` as one: it takes what any takes, and is mandatory only when one part is
        /// and there was no alternation to skip it (the caller decides that).
        static func merge(_ parts: [Part], offset: Int) -> Part {
            var merged = Part(cover: Cover(), mandatory: false, unbounded: false, offset: offset)
            for part in parts {
                merged.cover.formUnion(part.cover)
                merged.unbounded = merged.unbounded || part.unbounded
            }
            return merged
        }

        /// A quantifier at `index`, consumed: (may take nothing, repeats without limit).
        mutating func quantifier() -> (optional: Bool, unbounded: Bool)? {
            guard index < characters.count else { return nil }
            var result: (Bool, Bool)
            switch characters[index] {
            case "*": result = (true, true)
            case "+": result = (false, true)
            case "?": result = (true, false)
            case "{":
                var end = index + 1
                while end < characters.count, characters[end] != "}" { end += 1 }
                guard end < characters.count else { return nil }
                let body = String(characters[(index + 1)..<end])
                let parts = body.split(separator: ",", omittingEmptySubsequences: false)
                let low = Int(parts[0]) ?? 0
                result = (low == 0, parts.count == 2 && parts[1].isEmpty)
                index = end
            default: return nil
            }
            index += 1
            if index < characters.count, characters[index] == "?" || characters[index] == "+" { index += 1 }
            return result
        }

        func apply(_ quantifier: (optional: Bool, unbounded: Bool)?, to part: inout Part) {
            guard let quantifier else { return }
            if quantifier.optional { part.mandatory = false }
            if quantifier.unbounded { part.unbounded = true }
        }

        /// What a class after `[` takes, through its `]`; a negated class takes everything.
        mutating func classCover() -> Cover {
            var cover = Cover()
            var negated = false
            if index < characters.count, characters[index] == "^" {
                negated = true
                index += 1
            }
            var first = true
            var previous: UInt32?
            while index < characters.count, characters[index] != "]" || first {
                first = false
                let character = characters[index]
                index += 1
                if character == "[" { negated = true }
                if character == "\\", index < characters.count {
                    let escaped = characters[index]
                    index += 1
                    if let known = Cover.escape(escaped) {
                        cover.formUnion(known)
                    } else if let value = escaped.asciiValue, !escaped.isLetter, !escaped.isNumber {
                        cover.insert(UInt32(value))
                    } else {
                        cover = .everything
                    }
                    previous = nil
                    continue
                }
                if character == "-", let low = previous, index < characters.count, characters[index] != "]",
                    let high = characters[index].unicodeScalars.first?.value, high >= low
                {
                    index += 1
                    if high - low > 0x200 {
                        cover = .everything
                    } else {
                        for value in low...high { cover.insert(value) }
                    }
                    previous = nil
                    continue
                }
                for scalar in character.unicodeScalars { cover.insert(scalar.value) }
                previous = character.unicodeScalars.first?.value
            }
            index += 1
            return negated ? .everything : cover
        }
    }
}
