import Foundation

/// Reads a rule pattern into `LinearRegex`'s automaton, or says it cannot (nil).
///
/// Why conservative: a pattern it reads must mean what it means to Swift's `Regex` (the rule
/// parser does not compile a `Regex` to check it). Anything it is not sure of (an escape it does
/// not know, `{` that is not a quantifier, a quantifier after a quantifier, `(?` options,
/// a literal of several scalars) is left to `Regex`.
struct LinearRegexParser {
    /// A parsed pattern.
    indirect enum Node {
        case set(RegexCharacterSet)
        case textStart
        case textEnd
        case sequence([Node])
        case alternation([Node])
        /// `maximum` nil: no limit.
        case repetition(Node, minimum: Int, maximum: Int?)
    }

    /// The most states one pattern may expand to (`(a{1,100}){1,100}` would be ten thousand
    /// copies); a larger one is left to `Regex`.
    static let maximumStates = 20_000
    /// The largest count a quantifier may give (`Regex` takes larger; they are left to it).
    static let maximumCount = 1_000

    let characters: [Character]
    var index = 0

    static func compile(
        _ pattern: String
    ) -> (states: [LinearRegex.State], sets: [RegexCharacterSet], start: Int32)? {
        var parser = LinearRegexParser(characters: Array(pattern))
        guard let node = parser.parseAlternation(), parser.index == parser.characters.count else { return nil }
        var builder = Builder()
        guard let fragment = builder.emit(node), builder.states.count < maximumStates else { return nil }
        let accept = builder.add(LinearRegex.State(kind: .accept))
        builder.patch(fragment.holes, to: accept)
        return (builder.states, builder.sets, fragment.start)
    }

    var peek: Character? { index < characters.count ? characters[index] : nil }

    mutating func parseAlternation() -> Node? {
        var branches: [Node] = []
        while true {
            guard let branch = parseSequence() else { return nil }
            branches.append(branch)
            guard peek == "|" else { break }
            index += 1
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    mutating func parseSequence() -> Node? {
        var items: [Node] = []
        while let character = peek, character != "|", character != ")" {
            guard let item = parseQuantified() else { return nil }
            items.append(item)
        }
        return .sequence(items)
    }

    mutating func parseQuantified() -> Node? {
        guard let atom = parseAtom() else { return nil }
        guard let (minimum, maximum) = parseQuantifier() else { return atom }
        // A repeated `^` or `$`, or a group holding one (`(^|x)+`): `Regex` ends a loop at an
        // iteration that matches nothing, which a set of states cannot follow; left to it.
        if atom.holdsAnchor { return nil }
        // A lazy mark changes which match is found, never whether there is one.
        if peek == "?" { index += 1 }
        // A possessive `+` or a second quantifier is left to `Regex`.
        if let next = peek, "*+?{".contains(next) { return nil }
        return .repetition(atom, minimum: minimum, maximum: maximum)
    }

    /// `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}` or `{,n}` at `index`, consumed; nil (nothing consumed) if none.
    mutating func parseQuantifier() -> (Int, Int?)? {
        switch peek {
        case "*":
            index += 1
            return (0, nil)
        case "+":
            index += 1
            return (1, nil)
        case "?":
            index += 1
            return (0, 1)
        case "{":
            var end = index + 1
            while end < characters.count, characters[end] != "}" { end += 1 }
            guard end < characters.count else { return nil }
            let body = String(characters[(index + 1)..<end])
            let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
            else { return nil }
            let low = parts[0].isEmpty ? 0 : Int(parts[0])
            let high = parts.count == 1 ? low : parts[1].isEmpty ? nil : Int(parts[1])
            guard let low, !(parts.count == 1 && parts[0].isEmpty), !(parts.count == 2 && body == ","),
                low <= LinearRegexParser.maximumCount, (high ?? 0) <= LinearRegexParser.maximumCount,
                high.map({ $0 >= low }) ?? true
            else { return nil }
            index = end + 1
            return (low, high)
        default:
            return nil
        }
    }

    mutating func parseAtom() -> Node? {
        guard let character = peek else { return nil }
        index += 1
        switch character {
        case "(":
            if peek == "?" {
                // `(?:…)` and `(?<name>…)`; lookarounds, atomic groups and options are not read.
                guard index + 1 < characters.count else { return nil }
                if characters[index + 1] == ":" {
                    index += 2
                } else if characters[index + 1] == "<", index + 2 < characters.count,
                    characters[index + 2].isLetter && characters[index + 2].isASCII
                {
                    index += 2
                    while let name = peek, name != ">" {
                        guard name.isASCII && (name.isLetter || name.isNumber || name == "_") else { return nil }
                        index += 1
                    }
                    guard peek == ">" else { return nil }
                    index += 1
                } else {
                    return nil
                }
            }
            guard let inner = parseAlternation(), peek == ")" else { return nil }
            index += 1
            return inner
        case "[": return parseClass()
        case ".": return .set(RegexCharacterSet(atom: .notNewline))
        case "^": return .textStart
        case "$": return .textEnd
        case "\\":
            guard let escaped = peek else { return nil }
            index += 1
            if let member = LinearRegexParser.classEscape(escaped) { return .set(RegexCharacterSet(atom: member)) }
            guard let literal = LinearRegexParser.literalEscape(escaped) else { return nil }
            return .set(RegexCharacterSet(atom: .character(literal.lowercased())))
        case "*", "+", "?", "{", "}", ")", "]": return nil
        default:
            guard character.unicodeScalars.count == 1 else { return nil }
            return .set(RegexCharacterSet(atom: .character(character.lowercased())))
        }
    }

    /// `\w` and the other escapes that stand for a set.
    static func classEscape(_ escaped: Character) -> RegexCharacterSet.Member? {
        switch escaped {
        case "w": .word
        case "W": .notWord
        case "d": .digit
        case "D": .notDigit
        case "s": .space
        case "S": .notSpace
        default: nil
        }
    }

    /// `\t`, `\n`, `\r` and escaped ASCII punctuation, as the character they stand for.
    static func literalEscape(_ escaped: Character) -> String? {
        switch escaped {
        case "t": return "\t"
        case "n": return "\n"
        case "r": return "\r"
        default:
            guard let value = escaped.asciiValue, escaped.unicodeScalars.count == 1, value >= 0x20, value < 0x7F,
                !escaped.isLetter, !escaped.isNumber
            else { return nil }
            return String(escaped)
        }
    }

    /// A class body after `[`, through its `]`.
    mutating func parseClass() -> Node? {
        var negated = false
        if peek == "^" {
            negated = true
            index += 1
        }
        // `[]…]`, `[^]…]`: left to `Regex`.
        guard peek != "]" else { return nil }
        var members: [RegexCharacterSet.Member] = []
        while let character = peek, character != "]" {
            index += 1
            if character == "[" { return nil }
            if "&-~".contains(character), peek == character { return nil }
            // A `-` is a literal only first or last; elsewhere (`[a-z-0]`) it is left to `Regex`.
            if character == "-", !members.isEmpty, peek != "]" { return nil }
            var literal: Character
            if character == "\\" {
                guard let escaped = peek else { return nil }
                index += 1
                if let member = LinearRegexParser.classEscape(escaped) {
                    guard peek != "-" || characters.count > index + 1 && characters[index + 1] == "]" else {
                        return nil
                    }
                    members.append(member)
                    continue
                }
                guard let value = LinearRegexParser.literalEscape(escaped) else { return nil }
                literal = Character(value)
            } else {
                literal = character
            }
            guard literal.unicodeScalars.count == 1, let low = literal.unicodeScalars.first else { return nil }
            // A range `a-z`; a `-` just before `]` is a literal.
            if peek == "-", index + 1 < characters.count, characters[index + 1] != "]" {
                var upper = characters[index + 1]
                index += 2
                if upper == "\\" {
                    guard let escaped = peek, LinearRegexParser.classEscape(escaped) == nil,
                        let value = LinearRegexParser.literalEscape(escaped)
                    else { return nil }
                    index += 1
                    upper = Character(value)
                }
                guard upper != "[", upper.unicodeScalars.count == 1, let high = upper.unicodeScalars.first,
                    low <= high, String(low).isNFCScalar, String(high).isNFCScalar
                else { return nil }
                members.append(.range(low, high))
                continue
            }
            members.append(.character(String(literal).lowercased()))
        }
        guard peek == "]", !members.isEmpty else { return nil }
        index += 1
        return .set(RegexCharacterSet(classOf: members, negated: negated))
    }

    /// Builds the automaton: each node becomes a fragment whose loose ends (`holes`) are joined
    /// to what follows.
    struct Builder {
        var states: [LinearRegex.State] = []
        var sets: [RegexCharacterSet] = []

        struct Hole {
            var state: Int32
            var other: Bool
        }

        struct Fragment {
            var start: Int32
            var holes: [Hole]
        }

        mutating func add(_ state: LinearRegex.State) -> Int32 {
            states.append(state)
            return Int32(states.count - 1)
        }

        mutating func patch(_ holes: [Hole], to target: Int32) {
            for hole in holes {
                if hole.other { states[Int(hole.state)].other = target } else { states[Int(hole.state)].next = target }
            }
        }

        /// The fragment for `node`, or nil when it grows past `maximumStates`.
        mutating func emit(_ node: LinearRegexParser.Node) -> Fragment? {
            guard states.count < LinearRegexParser.maximumStates else { return nil }
            switch node {
            case .set(let set):
                sets.append(set)
                let state = add(LinearRegex.State(kind: .consume, set: Int32(sets.count - 1)))
                return Fragment(start: state, holes: [Hole(state: state, other: false)])
            case .textStart, .textEnd:
                let state = add(LinearRegex.State(kind: node.isTextStart ? .textStart : .textEnd))
                return Fragment(start: state, holes: [Hole(state: state, other: false)])
            case .sequence(let items):
                let state = add(LinearRegex.State(kind: .jump))
                var fragment = Fragment(start: state, holes: [Hole(state: state, other: false)])
                for item in items {
                    guard let next = emit(item) else { return nil }
                    patch(fragment.holes, to: next.start)
                    fragment.holes = next.holes
                }
                return fragment
            case .alternation(let branches):
                var fragments: [Fragment] = []
                for branch in branches {
                    guard let fragment = emit(branch) else { return nil }
                    fragments.append(fragment)
                }
                // A chain of splits: the first branch, or the rest.
                var fragment = fragments.removeLast()
                for earlier in fragments.reversed() {
                    let split = add(LinearRegex.State(kind: .split, next: earlier.start, other: fragment.start))
                    fragment = Fragment(start: split, holes: earlier.holes + fragment.holes)
                }
                return fragment
            case .repetition(let inner, let minimum, let maximum):
                let entry = add(LinearRegex.State(kind: .jump))
                var fragment = Fragment(start: entry, holes: [Hole(state: entry, other: false)])
                for _ in 0..<minimum {
                    guard let copy = emit(inner) else { return nil }
                    patch(fragment.holes, to: copy.start)
                    fragment.holes = copy.holes
                }
                if let maximum {
                    // Each optional copy may be skipped; skipping one skips the rest.
                    var skips: [Hole] = []
                    for _ in minimum..<maximum {
                        guard let copy = emit(inner) else { return nil }
                        let split = add(LinearRegex.State(kind: .split, next: copy.start))
                        patch(fragment.holes, to: split)
                        skips.append(Hole(state: split, other: true))
                        fragment.holes = copy.holes
                    }
                    fragment.holes += skips
                } else {
                    guard let copy = emit(inner) else { return nil }
                    let split = add(LinearRegex.State(kind: .split, next: copy.start))
                    patch(fragment.holes, to: split)
                    patch(copy.holes, to: split)
                    fragment.holes = [Hole(state: split, other: true)]
                }
                return fragment
            }
        }
    }
}

extension LinearRegexParser.Node {
    var isTextStart: Bool {
        if case .textStart = self { return true }
        return false
    }

    /// `^` or `$` is in it.
    var holdsAnchor: Bool {
        switch self {
        case .set: false
        case .textStart, .textEnd: true
        case .sequence(let items), .alternation(let items): items.contains(where: \.holdsAnchor)
        case .repetition(let inner, _, _): inner.holdsAnchor
        }
    }
}

extension String {
    /// A one-scalar string that NFC leaves as it is (what `Regex` asks of a range's bounds).
    fileprivate var isNFCScalar: Bool {
        unicodeScalars.count == 1 && precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(unicodeScalars)
    }
}
