/// One token of a rule condition, with its place for error messages.
struct RuleToken: Sendable {
    enum Kind: Sendable, Equatable {
        /// A bare word: a field name, keyword, number, date, or unquoted text.
        case word
        /// `"text"`, escapes removed.
        case quoted
        /// `/pattern/`, slashes removed.
        case regex
        case openParen
        case closeParen
        case bar
        case comma
        /// `~ !~ = != < <= > >=`
        case op
        case end
    }

    var kind: Kind
    var text: String
    var line: Int
    var column: Int
    var length: Int
    /// A quoted text written `word:"..."`.
    var wholeWord = false

    /// The word's text lower-cased, for keyword comparisons.
    var keyword: String { kind == .word ? text.lowercased() : "" }
}

/// Splits the condition part of a rule line into tokens.
enum RuleLexer {
    struct Failure: Error {
        var column: Int
        var length: Int
        var message: String
    }

    static let stopScalars: Set<Unicode.Scalar> = ["(", ")", "|", ",", "\"", "~", "=", "<", ">", "!"]

    /// Tokens of `scalars[start...]`; columns are 1-based positions in the whole line.
    static func tokens(_ scalars: [Unicode.Scalar], from start: Int, line: Int) throws(Failure) -> [RuleToken] {
        var tokens: [RuleToken] = []
        var index = start
        func token(_ kind: RuleToken.Kind, _ text: String, _ begin: Int, _ end: Int) -> RuleToken {
            RuleToken(kind: kind, text: text, line: line, column: begin + 1, length: end - begin)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\t" || scalar == "\r" {
                index += 1
                continue
            }
            let begin = index
            switch scalar {
            case "(":
                tokens.append(token(.openParen, "(", begin, begin + 1))
                index += 1
            case ")":
                tokens.append(token(.closeParen, ")", begin, begin + 1))
                index += 1
            case "|":
                tokens.append(token(.bar, "|", begin, begin + 1))
                index += 1
            case ",":
                tokens.append(token(.comma, ",", begin, begin + 1))
                index += 1
            case "~":
                tokens.append(token(.op, "~", begin, begin + 1))
                index += 1
            case "=":
                let double = index + 1 < scalars.count && scalars[index + 1] == "="
                index += double ? 2 : 1
                tokens.append(token(.op, "=", begin, index))
            case "<", ">":
                let orEqual = index + 1 < scalars.count && scalars[index + 1] == "="
                index += orEqual ? 2 : 1
                tokens.append(token(.op, String(scalar) + (orEqual ? "=" : ""), begin, index))
            case "!":
                guard index + 1 < scalars.count, scalars[index + 1] == "=" || scalars[index + 1] == "~" else {
                    throw Failure(
                        column: begin + 1, length: 1, message: "unexpected '!' (write 'not', '!=' or '!~')")
                }
                tokens.append(token(.op, "!" + String(scalars[index + 1]), begin, begin + 2))
                index += 2
            case "\"":
                let (text, end) = try quoted(scalars, from: index)
                tokens.append(token(.quoted, text, begin, end))
                index = end
            case "/" where tokens.last.map({ $0.kind == .op || $0.kind == .bar }) ?? false:
                var end = index + 1
                var pattern = ""
                while end < scalars.count, scalars[end] != "/" {
                    if scalars[end] == "\\", end + 1 < scalars.count, scalars[end + 1] == "/" {
                        pattern.unicodeScalars.append("/")
                        end += 2
                        continue
                    }
                    pattern.unicodeScalars.append(scalars[end])
                    end += 1
                }
                guard end < scalars.count else {
                    throw Failure(
                        column: begin + 1, length: scalars.count - begin,
                        message: "missing '/' at the end of the regular expression")
                }
                tokens.append(token(.regex, pattern, begin, end + 1))
                index = end + 1
            default:
                var end = index
                var text = ""
                while end < scalars.count, !isSpace(scalars[end]), !stopScalars.contains(scalars[end]) {
                    text.unicodeScalars.append(scalars[end])
                    end += 1
                }
                if text.lowercased() == "word:", end < scalars.count, scalars[end] == "\"" {
                    let (inner, quoteEnd) = try quoted(scalars, from: end)
                    var quotedToken = token(.quoted, inner, begin, quoteEnd)
                    quotedToken.wholeWord = true
                    tokens.append(quotedToken)
                    index = quoteEnd
                } else {
                    tokens.append(token(.word, text, begin, end))
                    index = end
                }
            }
        }
        return tokens
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\r" }

    /// The text of a quoted string starting at `start` (a `"`), and the index after its closing quote.
    private static func quoted(_ scalars: [Unicode.Scalar], from start: Int) throws(Failure) -> (String, Int) {
        var end = start + 1
        var text = ""
        while end < scalars.count, scalars[end] != "\"" {
            if scalars[end] == "\\", end + 1 < scalars.count, scalars[end + 1] == "\"" || scalars[end + 1] == "\\" {
                text.unicodeScalars.append(scalars[end + 1])
                end += 2
                continue
            }
            text.unicodeScalars.append(scalars[end])
            end += 1
        }
        guard end < scalars.count else {
            throw Failure(
                column: start + 1, length: scalars.count - start, message: "missing '\"' at the end of the text")
        }
        return (text, end + 1)
    }
}
