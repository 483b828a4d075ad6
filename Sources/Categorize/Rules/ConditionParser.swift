import Ledger

/// Recursive descent over a rule's condition tokens: `or` binds loosest, then `and`, then `not`.
struct ConditionParser {
    struct Failure: Error {
        var line: Int
        var column: Int
        var length: Int
        var message: String
    }

    static let fields = [
        "payee", "memo", "text", "bankType", "bankCategory", "amount", "account", "currency", "date", "day", "debit",
        "credit", "not",
    ]

    var tokens: [RuleToken]
    var index = 0
    let endToken: RuleToken

    init(tokens: [RuleToken], endLine: Int, endColumn: Int) {
        self.tokens = tokens
        self.endToken = RuleToken(kind: .end, text: "", line: endLine, column: endColumn, length: 1)
    }

    var peek: RuleToken { index < tokens.count ? tokens[index] : endToken }

    mutating func advance() -> RuleToken {
        let token = peek
        if index < tokens.count { index += 1 }
        return token
    }

    func fail(_ token: RuleToken, _ message: String) -> Failure {
        Failure(line: token.line, column: token.column, length: token.length, message: message)
    }

    static func describe(_ token: RuleToken) -> String {
        switch token.kind {
        case .end: "the end of the condition"
        case .quoted: "\"\(token.text)\""
        case .regex: "/\(token.text)/"
        default: "'\(token.text)'"
        }
    }

    mutating func parseCondition() throws(Failure) -> Condition {
        guard peek.kind != .end else { throw fail(peek, "expected a condition after 'if', e.g. 'if payee ~ tesco'") }
        let condition = try parseOr()
        guard peek.kind == .end else {
            let token = peek
            let previous = tokens[index - 1]
            if token.kind == .closeParen { throw fail(token, "unexpected ')' (no '(' to close)") }
            if token.kind == .word, previous.kind == .word || previous.kind == .quoted {
                throw fail(
                    token,
                    "expected 'and', 'or' or the end of the condition, found '\(token.text)' (put text with spaces in quotes: \"\(previous.text) \(token.text)\")"
                )
            }
            throw fail(
                token, "expected 'and', 'or' or the end of the condition, found \(ConditionParser.describe(token))")
        }
        return condition
    }

    mutating func parseOr() throws(Failure) -> Condition {
        var condition = try parseAnd()
        while peek.keyword == "or" {
            _ = advance()
            condition = .or(condition, try parseAnd())
        }
        return condition
    }

    mutating func parseAnd() throws(Failure) -> Condition {
        var condition = try parseUnary()
        while peek.keyword == "and" {
            _ = advance()
            condition = .and(condition, try parseUnary())
        }
        return condition
    }

    mutating func parseUnary() throws(Failure) -> Condition {
        let token = peek
        if token.keyword == "not" {
            _ = advance()
            return .not(try parseUnary())
        }
        if token.kind == .openParen {
            _ = advance()
            let inner = try parseOr()
            guard peek.kind == .closeParen else {
                throw fail(
                    peek,
                    "expected ')' to close the '(' at column \(token.column), found \(ConditionParser.describe(peek))")
            }
            _ = advance()
            return inner
        }
        return try parseTest()
    }

    mutating func parseTest() throws(Failure) -> Condition {
        let token = advance()
        guard token.kind == .word else {
            if token.kind == .end {
                throw fail(token, "expected a condition, e.g. 'payee ~ tesco', at the end of the line")
            }
            throw fail(
                token,
                "expected a field such as 'payee' before \(ConditionParser.describe(token)) (e.g. payee ~ \(token.kind == .quoted ? "\"\(token.text)\"" : "tesco"))"
            )
        }
        switch token.keyword {
        case "payee": return try parseText(.payee, token)
        case "memo": return try parseText(.memo, token)
        case "text": return try parseText(.text, token)
        case "banktype": return try parseText(.bankType, token)
        case "bankcategory": return try parseText(.bankCategory, token)
        case "amount": return .amount(try parseNumeric(token, operand: ConditionParser.amountOperand))
        case "date": return .date(try parseNumeric(token, operand: ConditionParser.dateOperand))
        case "day": return .day(try parseNumeric(token, operand: ConditionParser.dayOperand))
        case "account": return .account(try parseSet(token, currency: false))
        case "currency": return .currency(try parseSet(token, currency: true))
        case "debit": return .sign(credit: false)
        case "credit": return .sign(credit: true)
        case "and", "or":
            throw fail(token, "expected a condition before '\(token.text)'")
        default:
            if let guess = Suggestion.closest(to: token.text, among: ConditionParser.fields) {
                throw fail(token, "unknown field '\(token.text)' (did you mean '\(guess)'?)")
            }
            throw fail(
                token,
                "unknown field '\(token.text)' (expected payee, memo, text, bankType, bankCategory, amount, account, currency, date, day, debit or credit)"
            )
        }
    }

    // MARK: Text

    mutating func parseText(_ field: TextField, _ fieldToken: RuleToken) throws(Failure) -> Condition {
        let op = advance()
        guard op.kind == .op, ["~", "!~", "=", "!="].contains(op.text) else {
            throw fail(
                op, "expected '~', '!~', '=' or '!=' after '\(fieldToken.text)', found \(ConditionParser.describe(op))")
        }
        let wholeField = op.text.hasSuffix("=")
        var patterns: [TextPattern] = []
        repeat {
            if !patterns.isEmpty { _ = advance() }
            patterns.append(try parsePattern(after: op, wholeField: wholeField))
        } while peek.kind == .bar
        return .text(
            TextTest(field: field, wholeField: wholeField, negated: op.text.hasPrefix("!"), patterns: patterns))
    }

    mutating func parsePattern(after op: RuleToken, wholeField: Bool) throws(Failure) -> TextPattern {
        let token = advance()
        switch token.kind {
        case .word:
            if ["and", "or", "not"].contains(token.keyword) {
                throw fail(
                    token,
                    "expected text after '\(op.text)', found '\(token.text)' (quote it to match the word: \"\(token.text)\")"
                )
            }
            if token.keyword.hasPrefix("word:") {
                let rest = String(token.text.dropFirst(5))
                guard !rest.isEmpty else { throw fail(token, "expected a word after 'word:'") }
                let folded = TextFold.foldedString(rest)
                return wholeField ? .substring(folded) : .word(folded)
            }
            return .substring(TextFold.foldedString(token.text))
        case .quoted:
            let folded = TextFold.foldedString(token.text)
            guard !folded.isEmpty || wholeField else {
                throw fail(token, "empty text matches every transaction; remove it or write some text")
            }
            return token.wholeWord && !wholeField ? .word(folded) : .substring(folded)
        case .regex:
            guard !wholeField else {
                throw fail(op, "'\(op.text)' compares the whole text; use '~' with a regular expression")
            }
            guard !token.text.isEmpty else { throw fail(token, "empty regular expression") }
            // Patterns `LinearRegex` reads are valid and run in linear time; compiling a `Regex`
            // to check costs more than parsing the rest of a rule file.
            if LinearRegex(token.text) == nil {
                do {
                    _ = try Regex(token.text)
                } catch {
                    throw fail(token, "invalid regular expression: \(error)")
                }
                if let risk = RegexBacktracking.risk(in: token.text) {
                    throw fail(
                        token,
                        "regular expression refused: \(risk.reason) (at character \(risk.offset + 1) of the pattern); \(risk.hint)"
                    )
                }
            }
            return .regex(token.text)
        default:
            throw fail(token, "expected text after '\(op.text)', found \(ConditionParser.describe(token))")
        }
    }

    // MARK: Numbers, dates, days

    /// Parses one operand into the closed interval it stands for, or nil with a reason.
    typealias Operand = (String) -> Result<(Int64, Int64), OperandError>

    struct OperandError: Error {
        var message: String
    }

    mutating func parseNumeric(_ fieldToken: RuleToken, operand: Operand) throws(Failure) -> NumericTest {
        let op = advance()
        let field = fieldToken.text
        if op.keyword == "in" {
            var parts: [RuleToken] = []
            while peek.kind == .word, !["and", "or"].contains(peek.keyword) { parts.append(advance()) }
            guard let first = parts.first else {
                throw fail(peek, "expected a range like \(ConditionParser.example(field)) after 'in'")
            }
            let last = parts.last!
            let span = RuleToken(
                kind: .word, text: parts.map(\.text).joined(), line: first.line, column: first.column,
                length: last.line == first.line ? last.column + last.length - first.column : first.length)
            let pieces = span.text.split(separator: "..", omittingEmptySubsequences: false).map(String.init)
            guard pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty else {
                throw fail(
                    span, "expected a range like \(ConditionParser.example(field)) after 'in', found '\(span.text)'")
            }
            let lower = try resolve(operand(pieces[0]), span)
            let upper = try resolve(operand(pieces[1]), span)
            guard lower.0 <= upper.1 else {
                throw fail(span, "the range \(span.text) is empty (write the smaller bound first)")
            }
            return NumericTest(op: .between, low: lower.0, high: upper.1, lowerHigh: lower.1, upperLow: upper.0)
        }
        guard op.kind == .op, let comparison = NumericTest.Operator(rawValue: op.text) else {
            throw fail(
                op, "expected <, <=, >, >=, =, != or 'in' after '\(field)', found \(ConditionParser.describe(op))")
        }
        let value = advance()
        guard value.kind == .word else {
            throw fail(
                value,
                "expected \(ConditionParser.noun(field)) after '\(op.text)', found \(ConditionParser.describe(value))")
        }
        let (low, high) = try resolve(operand(value.text), value)
        return NumericTest(op: comparison, low: low, high: high)
    }

    func resolve(_ result: Result<(Int64, Int64), OperandError>, _ token: RuleToken) throws(Failure) -> (Int64, Int64) {
        switch result {
        case .success(let value): return value
        case .failure(let error): throw fail(token, error.message)
        }
    }

    static func example(_ field: String) -> String {
        switch field.lowercased() {
        case "date": "2025-01-01..2025-03-31"
        case "day": "25..31"
        default: "-50..-10"
        }
    }

    static func noun(_ field: String) -> String {
        switch field.lowercased() {
        case "date": "a date (YYYY-MM-DD or YYYY-MM)"
        case "day": "a day of the month"
        default: "an amount"
        }
    }

    static func amountOperand(_ text: String) -> Result<(Int64, Int64), OperandError> {
        guard let value = parseDecimal(text) else {
            let hint = text.contains(",") ? " (write decimals with a point: 12.50)" : ""
            return .failure(OperandError(message: "'\(text)' is not an amount\(hint)"))
        }
        return .success((value, value))
    }

    /// `-12.50` as ten-thousandths (-125000); at most four decimals.
    static func parseDecimal(_ text: String) -> Int64? {
        var bytes = Array(text.utf8)
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            bytes.removeFirst()
        }
        guard !bytes.isEmpty else { return nil }
        var integer: Int64 = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var seenPoint = false
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard byte &- 0x30 < 10 else { return nil }
            digits += 1
            if seenPoint {
                fractionDigits += 1
                guard fractionDigits <= 4 else { return nil }
                fraction = fraction * 10 + Int64(byte - 0x30)
            } else {
                let (next, overflow) = integer.multipliedReportingOverflow(by: 10)
                guard !overflow, next <= Int64.max / 10_000 - 10 else { return nil }
                integer = next + Int64(byte - 0x30)
            }
        }
        guard digits > 0 else { return nil }
        while fractionDigits < 4 {
            fraction *= 10
            fractionDigits += 1
        }
        let value = integer * 10_000 + fraction
        return negative ? -value : value
    }

    static func dateOperand(_ text: String) -> Result<(Int64, Int64), OperandError> {
        if text.utf8.count == 10, let date = CivilDate(iso: text) {
            return .success((Int64(date.dayNumber), Int64(date.dayNumber)))
        }
        if text.utf8.count == 7, let month = YearMonth(text) {
            return .success((Int64(month.firstDay.dayNumber), Int64(month.lastDay.dayNumber)))
        }
        return .failure(OperandError(message: "'\(text)' is not a date (write YYYY-MM-DD or YYYY-MM)"))
    }

    static func dayOperand(_ text: String) -> Result<(Int64, Int64), OperandError> {
        guard let day = Int64(text), (1...31).contains(day) else {
            return .failure(OperandError(message: "'\(text)' is not a day of the month (1 to 31)"))
        }
        return .success((day, day))
    }

    // MARK: Sets

    mutating func parseSet(_ fieldToken: RuleToken, currency: Bool) throws(Failure) -> SetTest {
        let op = advance()
        guard op.kind == .op, op.text == "=" || op.text == "!=" else {
            throw fail(op, "expected '=' or '!=' after '\(fieldToken.text)', found \(ConditionParser.describe(op))")
        }
        var values: [String] = []
        repeat {
            if !values.isEmpty { _ = advance() }
            let token = advance()
            guard token.kind == .word || token.kind == .quoted, !["and", "or", "not"].contains(token.keyword) else {
                throw fail(
                    token,
                    "expected \(currency ? "a currency code" : "an account id") after '\(op.text)', found \(ConditionParser.describe(token))"
                )
            }
            if currency {
                guard let code = Currency(code: token.text) else {
                    throw fail(token, "'\(token.text)' is not a currency code (three letters, e.g. EUR)")
                }
                values.append(code.code)
            } else {
                values.append(token.text)
            }
        } while peek.kind == .bar || peek.kind == .comma
        return SetTest(values: values, negated: op.text == "!=")
    }
}
