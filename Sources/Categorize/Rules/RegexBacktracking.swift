/// Finds regular expressions that a backtracking engine can take exponential or polynomial time on.
///
/// Patterns `LinearRegex` reads run in linear time and are never checked here. The others (those
/// with a lookaround, `\b`, an option) run through Swift's `Regex`, which backtracks: `/(a+)+$/`
/// against twenty `a`s and a `b` tries every way of cutting the `a`s into groups, more than a
/// minute for one text, and `/\w+\w+\w+$/` tries every way of cutting a word in three, 30 s on
/// 300 characters. Such patterns are refused when the rules are read (so `--lint` shows why)
/// rather than bounded by a timer, which would make a transaction's category depend on the
/// machine's speed.
///
/// Refused: a repeated group (`*`, `+`, `{n,}`, `{n,m}` with m > 1) holding something that
/// repeats itself, or an alternation (`(a|a)*`, `(a+)+`, `(\w+\s?)*`); backreferences (`\1`),
/// which no linear matcher can run; and two unbounded repetitions of overlapping characters with
/// nothing between them that only the first cannot take (`\w+\w+`, `.*x.*`, `\d+.*`).
enum RegexBacktracking {
    /// Why `pattern` can backtrack exponentially, with the offset (in characters) of the repeated
    /// group or backreference; nil when it cannot.
    /// Why `pattern` could be slow in `Regex`, where (the offset in characters), and how to write
    /// it instead; nil when it cannot be.
    static func risk(in pattern: String) -> (offset: Int, reason: String, hint: String)? {
        if let risk = nestedRisk(in: pattern) {
            return (risk.offset, risk.reason, "write it without nested repetition, e.g. /a+$/ for /(a+)+$/")
        }
        if let risk = RegexOverlap.risk(in: pattern) {
            return (
                risk.offset, risk.reason,
                "write it without the lookaround or \\b (then it runs in linear time), or so that the repetitions cannot take the same characters, e.g. /\\w+\\s+\\w+/"
            )
        }
        return nil
    }

    /// A repeated group holding a repetition or an alternation, or a backreference.
    static func nestedRisk(in pattern: String) -> (offset: Int, reason: String)? {
        let characters = Array(pattern)
        struct Group {
            var start: Int
            var repeats = false
        }
        var stack: [Group] = [Group(start: 0)]
        var index = 0
        var inClass = false
        /// After an atom: true when the next character may quantify it.
        func quantifier(at position: Int) -> (repeats: Bool, length: Int)? {
            guard position < characters.count else { return nil }
            switch characters[position] {
            case "*", "+": return (true, 1)
            case "?": return (false, 1)
            case "{":
                var end = position + 1
                while end < characters.count && characters[end] != "}" { end += 1 }
                guard end < characters.count else { return nil }
                let inside = String(characters[(position + 1)..<end])
                let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
                guard let low = Int(parts[0]) else { return nil }
                let repeats =
                    parts.count == 2 ? (parts[1].isEmpty || (Int(parts[1]) ?? 0) > 1) : low > 1
                return (repeats, end - position + 1)
            default: return nil
            }
        }
        while index < characters.count {
            let character = characters[index]
            /// Notes a quantifier after the atom that ends before `index`.
            func afterAtom() {
                if let (_, length) = quantifier(at: index) {
                    stack[stack.count - 1].repeats = true
                    index += length
                }
            }
            if inClass {
                if character == "\\" {
                    index += 2
                    continue
                }
                index += 1
                if character == "]" {
                    inClass = false
                    afterAtom()
                }
                continue
            }
            switch character {
            case "\\":
                if index + 1 < characters.count, let digit = characters[index + 1].wholeNumberValue, digit > 0 {
                    return (index, "a backreference (\\\(digit)) needs a backtracking matcher")
                }
                index += 2
                afterAtom()
            case "[":
                inClass = true
                index += 1
            case "(":
                stack.append(Group(start: index))
                index += 1
            case ")":
                guard stack.count > 1 else { return nil }  // unbalanced: `Regex` reports it
                let group = stack.removeLast()
                index += 1
                if let (repeats, length) = quantifier(at: index) {
                    if repeats && group.repeats {
                        return (
                            group.start,
                            "the group repeats a part that can itself match in many ways (as in (a+)+ or (a|a)*), which can take exponential time"
                        )
                    }
                    index += length
                    stack[stack.count - 1].repeats = true
                } else if group.repeats {
                    stack[stack.count - 1].repeats = true
                }
            case "|":
                stack[stack.count - 1].repeats = true
                index += 1
            default:
                index += 1
                afterAtom()
            }
        }
        return nil
    }
}
