/// A small subset of regular expressions matched on bytes: what most rule patterns use
/// (`/^amzn mktp/`, `/^south [a-z]+ cafe/`, `/sq \*.*coffee$/`).
///
/// Why: Swift's `Regex` costs microseconds a text on Linux, and a journal has tens of thousands of
/// distinct payees to try each pattern on. On a text of printable ASCII (no control characters, so
/// every character is one byte and one grapheme) this matcher answers "is there a match" exactly as
/// the case-insensitive `Regex` does; for any other text, or any pattern outside the subset, the
/// matcher uses `Regex` itself.
///
/// The subset: ASCII literals (letters, digits, space, punctuation that has no meaning, or escaped
/// punctuation), `.`, classes of ASCII characters and ranges (`[a-z0-9&]`, not negated), `\d`,
/// each optionally followed by `*`, `+` or `?` (a lazy `?` after them changes which match is found,
/// never whether there is one), `^` first and `$` last.
struct ASCIIRegex: Sendable {
    /// One position of the pattern: the bytes it accepts (folded to lower case), how often.
    struct Atom: Sendable {
        /// Bit `b` of word `b >> 6`: byte `b` (lower-case letters only) is accepted.
        var accepts: (UInt64, UInt64)
        var minimum: UInt8
        /// 1, or `.max` for no limit.
        var maximum: UInt8

        func accepts(_ byte: UInt8) -> Bool {
            let folded = TextFold.lower(byte)
            return folded < 64 ? accepts.0 >> folded & 1 != 0 : accepts.1 >> (folded - 64) & 1 != 0
        }
    }

    let atoms: [Atom]
    let anchoredStart: Bool
    let anchoredEnd: Bool

    /// The pattern compiled, or nil when it uses anything outside the subset.
    init?(_ pattern: String) {
        let scalars = Array(pattern.unicodeScalars)
        guard scalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else { return nil }
        var atoms: [Atom] = []
        var index = 0
        var anchoredStart = false
        var anchoredEnd = false
        if index < scalars.count, scalars[index] == "^" {
            anchoredStart = true
            index += 1
        }
        while index < scalars.count {
            let scalar = scalars[index]
            var set = ByteSet()
            switch scalar {
            case "$":
                guard index == scalars.count - 1 else { return nil }
                anchoredEnd = true
                index += 1
                continue
            case ".":
                set.insertAll()
                index += 1
            case "\\":
                guard index + 1 < scalars.count else { return nil }
                let escaped = scalars[index + 1]
                index += 2
                if escaped == "d" {
                    set.insert(UInt8(ascii: "0")...UInt8(ascii: "9"))
                } else if ASCIIRegex.isEscapablePunctuation(escaped) {
                    set.insert(UInt8(escaped.value))
                } else {
                    return nil
                }
            case "[":
                guard let end = ASCIIRegex.parseClass(scalars, from: index + 1, into: &set) else { return nil }
                index = end
            default:
                guard ASCIIRegex.isPlainLiteral(scalar) else { return nil }
                set.insert(UInt8(scalar.value))
                index += 1
            }
            var atom = Atom(accepts: set.words, minimum: 1, maximum: 1)
            if index < scalars.count {
                switch scalars[index] {
                case "*": (atom.minimum, atom.maximum) = (0, .max)
                case "+": (atom.minimum, atom.maximum) = (1, .max)
                case "?": (atom.minimum, atom.maximum) = (0, 1)
                default: break
                }
                if atom.minimum != 1 || atom.maximum != 1 {
                    index += 1
                    if index < scalars.count, scalars[index] == "?" { index += 1 }
                    // A second quantifier (`a**`, `a?+` possessive) is left to `Regex`.
                    if index < scalars.count, "*+?{".unicodeScalars.contains(scalars[index]) { return nil }
                }
            }
            atoms.append(atom)
        }
        self.atoms = atoms
        self.anchoredStart = anchoredStart
        self.anchoredEnd = anchoredEnd
    }

    /// Whether the pattern matches somewhere in `text`; nil when `text` is not printable ASCII
    /// (then only `Regex` can say).
    ///
    /// Runs the pattern as a set of positions (no backtracking, so no pattern takes more than
    /// atoms × length² steps): the positions where a match may have got to after each atom.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        for byte in text where byte < 0x20 || byte >= 0x7F { return nil }
        let count = text.count
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * (count + 1)) { buffer in
            var current = UnsafeMutableBufferPointer(rebasing: buffer[0...count])
            var next = UnsafeMutableBufferPointer(rebasing: buffer[(count + 1)...])
            current.initialize(repeating: !anchoredStart)
            current[0] = true
            next.initialize(repeating: false)
            for atom in atoms {
                next.update(repeating: false)
                var any = false
                for start in 0...count where current[start] {
                    if atom.minimum == 0 {
                        next[start] = true
                        any = true
                    }
                    var end = start
                    var taken = 0
                    while taken < Int(atom.maximum), end < count, atom.accepts(text[end]) {
                        end += 1
                        taken += 1
                        // Reached before by a run that went on as far as this one can.
                        if atom.maximum == .max, next[end] { break }
                        if taken >= Int(atom.minimum) {
                            next[end] = true
                            any = true
                        }
                    }
                }
                if !any { return false }
                swap(&current, &next)
            }
            return anchoredEnd ? current[count] : current.contains(true)
        }
    }

    /// Letters, digits, space and punctuation with no meaning in a pattern.
    static func isPlainLiteral(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) {
            return true
        }
        return " !\"#%&',-/:;<=>@_`~".unicodeScalars.contains(scalar)
    }

    static func isEscapablePunctuation(_ scalar: Unicode.Scalar) -> Bool {
        "\\^$.|?*+()[]{}/-&#\"!,:;=@_ ".unicodeScalars.contains(scalar)
    }

    /// Reads a class body from `start` (after `[`) into `set`; the index after `]`, or nil when the
    /// class is outside the subset (negated, nested, set operations, escapes other than punctuation).
    static func parseClass(_ scalars: [Unicode.Scalar], from start: Int, into set: inout ByteSet) -> Int? {
        var index = start
        guard index < scalars.count, scalars[index] != "^", scalars[index] != "]" else { return nil }
        var members: [UInt8] = []
        while index < scalars.count, scalars[index] != "]" {
            var scalar = scalars[index]
            if scalar == "[" || scalar == "&" || scalar == "~"
                || scalar == "-" && index + 1 < scalars.count
                    && scalars[index + 1] == "-"
            {
                return nil
            }
            if scalar == "\\" {
                guard index + 1 < scalars.count, isEscapablePunctuation(scalars[index + 1]) else { return nil }
                scalar = scalars[index + 1]
                index += 1
            }
            guard ASCIIRegex.isPlainClassMember(scalar) else { return nil }
            members.append(UInt8(scalar.value))
            index += 1
            // A range `a-z` (a `-` before `]` is a literal).
            if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                let upper = scalars[index + 1]
                guard upper != "\\", upper != "[", upper.value >= scalar.value else { return nil }
                guard ASCIIRegex.isPlainClassMember(upper),
                    ASCIIRegex.isCaseClosed(UInt8(scalar.value), UInt8(upper.value))
                else { return nil }
                set.insert(UInt8(scalar.value)...UInt8(upper.value))
                members.removeLast()
                index += 2
            }
        }
        guard index < scalars.count else { return nil }
        for member in members { set.insert(member) }
        return index + 1
    }

    /// Letters, digits, space and the punctuation below `@` in a class. The other punctuation is
    /// left to `Regex`: with case ignored, its classes take `@ [ \\ ] ^ _` and `` ` { | } ~ `` for
    /// one another (0x20 apart, as letters are).
    static func isPlainClassMember(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x20...0x3F).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }

    /// True when a range holds either no letters or whole runs a case mapping cannot split: ranges
    /// such as `[Z-a]` (letters and the punctuation between the cases) are left to `Regex`.
    static func isCaseClosed(_ lower: UInt8, _ upper: UInt8) -> Bool {
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"))
        let straddles = lower < UInt8(ascii: "a") && upper > UInt8(ascii: "Z")
        let inLetters =
            letters.0.contains(lower) && letters.0.contains(upper)
            || letters.1.contains(lower) && letters.1.contains(upper)
        let noLetters =
            (upper < UInt8(ascii: "A") || lower > UInt8(ascii: "Z"))
            && (upper < UInt8(ascii: "a") || lower > UInt8(ascii: "z"))
        return !straddles && (inLetters || noLetters)
    }

    /// A set of bytes below 128, letters kept in lower case (matching ignores case).
    struct ByteSet {
        var words: (UInt64, UInt64) = (0, 0)

        mutating func insert(_ byte: UInt8) {
            let folded = TextFold.lower(byte)
            if folded < 64 { words.0 |= 1 << folded } else { words.1 |= 1 << (folded - 64) }
        }

        mutating func insert(_ range: ClosedRange<UInt8>) { for byte in range { insert(byte) } }

        mutating func insertAll() { words = (~0, ~0) }
    }
}
