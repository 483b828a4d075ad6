/// Finds a literal that every match of a regular expression must contain, so the rule can go
/// through the literal prefilter and the regular expression runs only on texts that contain it.
///
/// Conservative: returns nil whenever it cannot be sure (top-level `|`, escapes it does not know,
/// extended mode). Groups, classes and optional atoms are skipped; runs break at white space
/// (folded text collapses spaces) and at non-ASCII (folded text is in NFKC, a pattern as written).
enum RegexLiteral {
    static func required(in pattern: String) -> [UInt8]? {
        let scalars = Array(pattern.unicodeScalars)
        if pattern.contains("(?") && pattern.contains("x") { return nil }
        var best: [UInt8] = []
        var current: [UInt8] = []
        func breakRun() {
            if current.count > best.count { best = current }
            current = []
        }
        var index = 0
        let count = scalars.count
        /// Skips a quantifier at `index` (and its lazy or possessive mark); true when there was one.
        func skipQuantifier(_ index: inout Int) -> Character? {
            guard index < count else { return nil }
            let scalar = scalars[index]
            if scalar == "*" || scalar == "+" || scalar == "?" {
                index += 1
            } else if scalar == "{" {
                while index < count, scalars[index] != "}" { index += 1 }
                index += 1
            } else {
                return nil
            }
            if index < count, scalars[index] == "?" || scalars[index] == "+" { index += 1 }
            return Character(scalar)
        }
        while index < count {
            let scalar = scalars[index]
            var atom: Unicode.Scalar?
            switch scalar {
            case "\\":
                guard index + 1 < count else { return nil }
                let escaped = scalars[index + 1]
                index += 2
                if escaped.isASCII, !escaped.properties.isAlphabetic, !("0"..."9").contains(escaped) {
                    atom = escaped
                } else if "dDwWsSbBAzZGntrfvehHR".unicodeScalars.contains(escaped) {
                    breakRun()
                    _ = skipQuantifier(&index)
                    continue
                } else {
                    return nil
                }
            case "|":
                return nil
            case "(":
                var depth = 0
                while index < count {
                    let inner = scalars[index]
                    if inner == "\\" {
                        index += 2
                        continue
                    }
                    if inner == "[" {
                        index = skipClass(scalars, from: index)
                        continue
                    }
                    if inner == "(" { depth += 1 }
                    if inner == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    index += 1
                }
                index += 1
                breakRun()
                _ = skipQuantifier(&index)
                continue
            case "[":
                index = skipClass(scalars, from: index)
                breakRun()
                _ = skipQuantifier(&index)
                continue
            case ".", "^", "$", "*", "+", "?", "{", ")":
                index += 1
                breakRun()
                _ = skipQuantifier(&index)
                continue
            default:
                atom = scalar
                index += 1
            }
            guard let atom else { continue }
            let quantifier = skipQuantifier(&index)
            if !atom.isASCII || atom == " " || atom == "\t" || atom == "\n" || atom == "\r" || quantifier == "*"
                || quantifier == "?" || quantifier == "{"
            {
                breakRun()
                continue
            }
            current.append(TextFold.lower(UInt8(atom.value)))
            if quantifier == "+" { breakRun() }
        }
        breakRun()
        return best.isEmpty ? nil : best
    }

    /// The index after the `]` closing the class that starts at `start`.
    static func skipClass(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        if index < scalars.count, scalars[index] == "^" { index += 1 }
        if index < scalars.count, scalars[index] == "]" { index += 1 }
        while index < scalars.count, scalars[index] != "]" {
            index += scalars[index] == "\\" ? 2 : 1
        }
        return index + 1
    }
}
