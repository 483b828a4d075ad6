/// A rule's regular expression run as a set of states over the text (Thompson's construction), in
/// time bounded by the pattern's size times the text's length, whatever the pattern and the text.
///
/// Why: Swift's `Regex` backtracks. `/(a+)+$/` takes exponential time and is refused when rules
/// are read, but polynomial shapes such as `/\w+\w+\w+$/` took 30 s on one 300-character payee,
/// and no shape check both lets every useful pattern through and stops every slow one. This
/// matcher answers "is there a match" exactly as the case-insensitive `Regex` does (the tests
/// compare both on generated patterns and texts), and never backtracks. It is also faster: `Regex`
/// costs microseconds a text on Linux, and a journal has tens of thousands of distinct payees.
///
/// It reads (see `LinearRegexParser`): literals, `.`, `\w \W \d \D \s \S`, `\t \n \r`, escaped
/// punctuation, classes and negated classes of those and of ranges, groups (`(…)`, `(?:…)`,
/// `(?<name>…)`) with alternation, `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`, `{,n}` (lazy forms too:
/// they change which match is found, never whether there is one), and `^`, `$` anywhere but in a
/// repetition (`(^|x)+`: `Regex` ends a loop at an iteration that matches nothing). What it
/// does not read (backreferences, lookarounds, `\b`, possessive quantifiers, options) runs through
/// `Regex`, and `RegexBacktracking` refuses such a pattern when it could be slow.
///
/// A text of printable ASCII (every character one byte and one grapheme) runs on its bytes; any
/// other text runs on its characters, as `Regex` reads it.
struct LinearRegex: Sendable {
    /// One state of the automaton.
    struct State: Sendable {
        enum Kind: UInt8, Sendable {
            /// Consumes one character of `sets[set]`, then goes to `next`.
            case consume
            /// Goes to `next` and to `other` without consuming.
            case split
            /// Goes to `next` only at the start of the text (`^`).
            case textStart
            /// Goes to `next` only at the end of the text (`$`).
            case textEnd
            /// Goes to `next` without consuming.
            case jump
            /// A match.
            case accept
        }

        var kind: Kind
        var set: Int32 = -1
        var next: Int32 = -1
        var other: Int32 = -1
        /// For `consume`: the one-byte characters of the set (a copy of its ASCII half, so the
        /// byte path reads nothing else).
        var ascii: (UInt64, UInt64) = (0, 0)

        @inline(__always)
        func accepts(byte: UInt8) -> Bool {
            byte < 64 ? ascii.0 >> byte & 1 != 0 : ascii.1 >> (byte & 63) & 1 != 0
        }
    }

    let states: [State]
    let sets: [RegexCharacterSet]
    let start: Int32
    /// A match can start only at the start of the text (the pattern begins with `^`).
    let anchoredStart: Bool
    /// The one-byte characters a match can begin with; all of them when a match can be empty.
    let firstBytes: (UInt64, UInt64)

    /// The pattern compiled, or nil when it uses anything the matcher does not read.
    init?(_ pattern: String) {
        guard var compiled = LinearRegexParser.compile(pattern) else { return nil }
        for index in compiled.states.indices where compiled.states[index].kind == .consume {
            compiled.states[index].ascii = compiled.sets[Int(compiled.states[index].set)].ascii
        }
        (states, sets, start) = compiled
        // What the automaton can do at a position past the start, before it reads a character.
        var first: (UInt64, UInt64) = (0, 0)
        var reachesAccept = false
        var consumes = false
        var seen = Set<Int32>()
        var stack = [start]
        while let index = stack.popLast() {
            guard seen.insert(index).inserted else { continue }
            let state = states[Int(index)]
            switch state.kind {
            case .consume:
                consumes = true
                first = (first.0 | state.ascii.0, first.1 | state.ascii.1)
            case .accept: reachesAccept = true
            case .jump, .textEnd: stack.append(state.next)
            case .split: stack += [state.next, state.other]
            case .textStart: break
            }
        }
        anchoredStart = !consumes && !reachesAccept
        firstBytes = reachesAccept ? (~0, ~0) : first
    }

    /// Whether the pattern matches somewhere in `text`.
    func matches(_ text: String) -> Bool {
        var text = text
        if let answer = text.withUTF8({ matches($0) }) { return answer }
        return run(CharacterText(characters: Array(text)))
    }

    /// Whether the pattern matches somewhere in the UTF-8 `text`; nil when it is not printable ASCII
    /// (then `matches(_: String)` reads it by characters).
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        for byte in text where byte < 0x20 || byte >= 0x7F { return nil }
        return run(ByteText(bytes: text))
    }

    /// The text as one-byte characters.
    struct ByteText: RegexText {
        let bytes: UnsafeBufferPointer<UInt8>
        var count: Int { bytes.count }

        @inline(__always)
        func accepts(_ state: State, of regex: LinearRegex, at index: Int) -> Bool {
            state.accepts(byte: bytes[index])
        }

        @inline(__always)
        func mayBegin(_ bytes: (UInt64, UInt64), at index: Int) -> Bool {
            let byte = self.bytes[index]
            return byte < 64 ? bytes.0 >> byte & 1 != 0 : bytes.1 >> (byte & 63) & 1 != 0
        }
    }

    /// The text as `Regex` reads it: grapheme clusters.
    struct CharacterText: RegexText {
        let characters: [Character]
        var count: Int { characters.count }

        func accepts(_ state: State, of regex: LinearRegex, at index: Int) -> Bool {
            regex.sets[Int(state.set)].accepts(characters[index])
        }

        func mayBegin(_ bytes: (UInt64, UInt64), at index: Int) -> Bool { true }
    }

    /// Runs the automaton from every position at once: the states live after each character are
    /// kept as a set (each state once), so no state is visited twice at one position.
    func run<Text: RegexText>(_ text: Text) -> Bool {
        let count = text.count
        let stateCount = states.count
        // Two lists of live states, per state the position it was last added at, and a stack for
        // following the states reached without consuming (each edge pushes once: two per state).
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 5 * stateCount + 2) { buffer in
            let base = buffer.baseAddress!
            var current = base
            var next = base + stateCount
            let mark = base + 2 * stateCount
            let stack = base + 3 * stateCount
            mark.initialize(repeating: -1, count: stateCount)
            var currentCount = 0
            var nextCount = 0
            var accepted = false
            /// Adds `state` and every state it reaches without consuming at `position` to `list`.
            func add(_ state: Int32, at position: Int, to list: UnsafeMutablePointer<Int32>, _ listCount: inout Int) {
                stack[0] = state
                var depth = 1
                while depth > 0 {
                    depth -= 1
                    let index = Int(stack[depth])
                    if mark[index] == Int32(position) { continue }
                    mark[index] = Int32(position)
                    let node = states[index]
                    switch node.kind {
                    case .consume:
                        list[listCount] = Int32(index)
                        listCount += 1
                    case .accept:
                        accepted = true
                    case .jump:
                        stack[depth] = node.next
                        depth += 1
                    case .split:
                        stack[depth] = node.other
                        stack[depth + 1] = node.next
                        depth += 2
                    case .textStart:
                        if position == 0 {
                            stack[depth] = node.next
                            depth += 1
                        }
                    case .textEnd:
                        if position == count {
                            stack[depth] = node.next
                            depth += 1
                        }
                    }
                }
            }
            add(start, at: 0, to: current, &currentCount)
            // True when the live states are only those of a match starting here (past the start).
            var onlyStarting = false
            var position = 0
            while !accepted && position < count {
                if onlyStarting {
                    // Nothing under way: skip to where a match can begin (the states stay the same).
                    while position < count && !text.mayBegin(firstBytes, at: position) { position += 1 }
                    if position == count { break }
                }
                nextCount = 0
                for slot in 0..<currentCount {
                    let node = states[Int(current[slot])]
                    if text.accepts(node, of: self, at: position) {
                        add(node.next, at: position + 1, to: next, &nextCount)
                    }
                }
                if anchoredStart && nextCount == 0 { return accepted }
                onlyStarting = nextCount == 0
                // A match may also start at the next position.
                if !anchoredStart { add(start, at: position + 1, to: next, &nextCount) }
                swap(&current, &next)
                currentCount = nextCount
                position += 1
            }
            return accepted
        }
    }
}

/// A text the automaton runs on: characters it asks a set about, by index.
protocol RegexText {
    var count: Int { get }
    /// Whether consuming `state` takes the character at `index`.
    func accepts(_ state: LinearRegex.State, of regex: LinearRegex, at index: Int) -> Bool
    /// False when the character at `index` is surely not in `bytes` (a hint: true is always safe).
    func mayBegin(_ bytes: (UInt64, UInt64), at index: Int) -> Bool
}
