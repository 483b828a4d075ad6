import Ledger

/// The test part of a rule, as a value: what the parser produces and the matcher compiles.
public indirect enum Condition: Hashable, Sendable, CustomStringConvertible {
    case text(TextTest)
    /// The signed amount, compared in ten-thousandths of the major unit.
    case amount(NumericTest)
    /// The posting date, as day numbers.
    case date(NumericTest)
    /// The day of the month, 1...31.
    case day(NumericTest)
    case account(SetTest)
    case currency(SetTest)
    /// `debit` (money out, amount < 0) or `credit` (money in, amount > 0).
    case sign(credit: Bool)
    case not(Condition)
    case and(Condition, Condition)
    case or(Condition, Condition)

    public var description: String { render(parentPrecedence: 0) }

    private var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        default: 3
        }
    }

    private func render(parentPrecedence: Int) -> String {
        let text: String
        switch self {
        case .text(let test): text = test.description
        case .amount(let test): text = test.render(field: "amount", operand: NumericTest.amountText)
        case .date(let test): text = test.render(field: "date", operand: NumericTest.dateText)
        case .day(let test): text = test.render(field: "day", operand: { String($0) })
        case .account(let test): text = test.render(field: "account")
        case .currency(let test): text = test.render(field: "currency")
        case .sign(let credit): text = credit ? "credit" : "debit"
        case .not(let inner): text = "not " + inner.render(parentPrecedence: 3)
        case .and(let lhs, let rhs): text = lhs.render(parentPrecedence: 2) + " and " + rhs.render(parentPrecedence: 2)
        case .or(let lhs, let rhs): text = lhs.render(parentPrecedence: 1) + " or " + rhs.render(parentPrecedence: 1)
        }
        return precedence < parentPrecedence ? "(\(text))" : text
    }

    /// The conditions joined by `and` at the top level (the condition itself when it is not an `and`).
    var conjuncts: [Condition] {
        if case .and(let lhs, let rhs) = self { return lhs.conjuncts + rhs.conjuncts }
        return [self]
    }
}

/// Which text of a transaction a text test looks at.
public enum TextField: String, Hashable, Sendable, CaseIterable {
    /// The payee as exported, and its cleaned form: a test holds when either matches.
    case payee
    case memo
    /// Payee (both forms) or memo.
    case text
    case bankType
    case bankCategory
}

/// One alternative of a text test, folded (ASCII lower case, single spaces).
public enum TextPattern: Hashable, Sendable, CustomStringConvertible {
    /// Occurs anywhere: `tesco`, `"bramble bs"`.
    case substring(String)
    /// Occurs as a whole word, with no letter or digit either side: `word:bp`.
    case word(String)
    /// A regular expression, case-insensitive: `/^amzn mktp/`.
    case regex(String)

    public var description: String {
        switch self {
        case .substring(let text): TextPattern.quotedIfNeeded(text)
        case .word(let text): "word:" + TextPattern.quotedIfNeeded(text)
        case .regex(let pattern): "/\(pattern)/"
        }
    }

    static func quotedIfNeeded(_ text: String) -> String {
        let plain =
            !text.isEmpty && !text.hasPrefix("/") && !["and", "or", "not"].contains(text)
            && !text.unicodeScalars.contains { " \t()|,\"~=<>!".unicodeScalars.contains($0) }
        if plain { return text }
        return "\"" + text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }
}

/// `payee ~ a | b`, `memo !~ x`, `bankType = DD | SO`.
public struct TextTest: Hashable, Sendable, CustomStringConvertible {
    public var field: TextField
    /// `=`: the whole field equals an alternative; `~`: an alternative occurs in it.
    public var wholeField: Bool
    /// `!~` and `!=`.
    public var negated: Bool
    public var patterns: [TextPattern]

    public init(field: TextField, wholeField: Bool = false, negated: Bool = false, patterns: [TextPattern]) {
        self.field = field
        self.wholeField = wholeField
        self.negated = negated
        self.patterns = patterns
    }

    public var operatorText: String { (negated ? "!" : "") + (wholeField ? "=" : "~") }

    public var description: String {
        "\(field.rawValue) \(operatorText) " + patterns.map(\.description).joined(separator: " | ")
    }
}

/// A comparison of a number (amount, date, day of month) with an operand or a range.
///
/// Every operand is a closed interval `low...high`: a single amount or day has `low == high`, a month
/// (`2025-10`) spans its first to last day. `<` compares with `low`, `<=` with `high`, and so on, so
/// `date <= 2025-10` includes the whole of October.
public struct NumericTest: Hashable, Sendable {
    public enum Operator: String, Hashable, Sendable {
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case equal = "="
        case notEqual = "!="
        case between = "in"
    }

    public var op: Operator
    public var low: Int64
    public var high: Int64
    /// For `between`: where the first operand ends (the second starts at `upperLow`).
    public var lowerHigh: Int64
    public var upperLow: Int64

    public init(op: Operator, low: Int64, high: Int64, lowerHigh: Int64? = nil, upperLow: Int64? = nil) {
        self.op = op
        self.low = low
        self.high = high
        self.lowerHigh = lowerHigh ?? (op == .between ? low : high)
        self.upperLow = upperLow ?? (op == .between ? high : low)
    }

    @inline(__always)
    func holds(_ value: Int64) -> Bool {
        switch op {
        case .less: value < low
        case .lessOrEqual: value <= high
        case .greater: value > high
        case .greaterOrEqual: value >= low
        case .equal, .between: value >= low && value <= high
        case .notEqual: value < low || value > high
        }
    }

    func render(field: String, operand: (Int64, Int64) -> String) -> String {
        if op == .between {
            return "\(field) in \(operand(low, lowerHigh))..\(operand(upperLow, high))"
        }
        return "\(field) \(op.rawValue) \(operand(low, high))"
    }

    func render(field: String, operand: (Int64) -> String) -> String {
        render(field: field, operand: { low, _ in operand(low) })
    }

    /// `-12.5` for -125000 ten-thousandths: the shortest exact decimal.
    static func amountText(_ low: Int64, _ high: Int64) -> String {
        let negative = low < 0
        let magnitude = low.magnitude
        var text = (negative ? "-" : "") + String(magnitude / 10_000)
        var fraction = magnitude % 10_000
        if fraction != 0 {
            var digits = 4
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let body = String(fraction)
            text += "." + String(repeating: "0", count: digits - body.count) + body
        }
        return text
    }

    /// `2025-10-03` for a day, `2025-10` for a whole month.
    static func dateText(_ low: Int64, _ high: Int64) -> String {
        guard let first = CivilDate(dayNumber: Int(low)) else { return String(low) }
        if low != high, let last = CivilDate(dayNumber: Int(high)), first.day == 1,
            last.day == last.daysInMonth, first.yearMonth == last.yearMonth
        {
            return first.yearMonth.description
        }
        return first.isoString
    }
}

/// `account = current | savings`, `currency != EUR`.
public struct SetTest: Hashable, Sendable {
    public var values: [String]
    public var negated: Bool

    public init(values: [String], negated: Bool = false) {
        self.values = values
        self.negated = negated
    }

    func render(field: String) -> String {
        "\(field) \(negated ? "!=" : "=") " + values.joined(separator: " | ")
    }
}

extension String {
    /// Replaces every occurrence of `target` (stdlib only).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
