/// Finds a literal that every match of a regular expression must contain, so the rule can go
/// through the literal prefilter and the regular expression runs only on texts that contain it.
///
/// Conservative: returns nil whenever it cannot be sure (top-level `|`, escapes it does not know,
/// extended mode). Groups, classes and optional atoms are skipped; runs break at white space
/// (folded text collapses spaces) and at non-ASCII (folded text is in NFKC, a pattern as written).
enum RegexLiteral {
    static func required(in pattern: String) -> [UInt8]? {
        guard let runs = runs(in: pattern), !runs.longest.isEmpty else { return nil }
        return runs.longest
    }

    /// The literals `RuleMatcher` filters the texts a regular expression runs on by: `literal`,
    /// which begins the text in every match when `atStart`, and `also`, another that every match
    /// contains. `literal` is the run right after a leading `^` when it has three bytes or more,
    /// or is no shorter than the longest run, and `also` the longest run then (when it is another);
    /// else `literal` is `required(in:)`.
    ///
    /// Why: rules anchor patterns at the start (`/^south [a-z]+ stores/`), while their longest
    /// run is often a word many payees contain (`stores`), and their first one a word that begins
    /// many (`south`). A text that does not begin with the first or does not contain the longest
    /// cannot match, and the expression is then not run at all.
    ///
    /// Why a match at the start of the text is one at the start of its folded form: the run has
    /// no white space, so the text begins with characters that match it case-insensitively, and
    /// folding trims nothing from them and adds nothing before them.
    static func prefilter(in pattern: String) -> (literal: [UInt8], atStart: Bool, also: [UInt8]?)? {
        guard let runs = runs(in: pattern) else { return nil }
        if let first = runs.first, first.count >= 3 || first.count >= runs.longest.count {
            return (first, true, runs.longest != first ? runs.longest : nil)
        }
        return runs.longest.isEmpty ? nil : (runs.longest, false, nil)
    }

    /// The longest run of plain characters every match contains (empty for none), and the run
    /// that follows a leading `^` (nil for none); nil when the pattern is not read.
    private static func runs(in pattern: String) -> (longest: [UInt8], first: [UInt8]?)? {
        let scalars = Array(pattern.unicodeScalars)
        if pattern.contains("(?") && pattern.contains("x") { return nil }
        var best: [UInt8] = []
        var current: [UInt8] = []
        /// Where the run under way began in `scalars`.
        var currentStart = 0
        var first: [UInt8]?
        let anchored = scalars.first == "^"
        func breakRun() {
            if anchored, currentStart == 1, first == nil, !current.isEmpty { first = current }
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
            let atomStart = index
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
            if current.isEmpty { currentStart = atomStart }
            current.append(TextFold.lower(UInt8(atom.value)))
            if quantifier == "+" { breakRun() }
        }
        breakRun()
        return (best, first)
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
