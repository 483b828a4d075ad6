import Ledger

/// A strftime-style date pattern (`%d/%m/%Y`), compiled once and matched by hand on bytes.
///
/// Directives: `%d` day and `%m` month (one or two digits when a separator follows, exactly two
/// when another number follows, as in `%Y%m%d`), `%Y` four-digit year, `%y` two-digit year
/// (20YY below 70, else 19YY), `%b`/`%B` English month name or abbreviation, `%H` `%M` `%S`
/// (read and ignored), `%%`. A space in the pattern matches one or more spaces. Text after the
/// whole pattern is allowed only when it starts with a space or `T` (a time of day).
public struct DateFormat: Sendable, Equatable, CustomStringConvertible {
    enum Token: Sendable, Equatable {
        case day
        case month
        case year4
        case year2
        case monthName
        case ignoredNumber
        case literal(UInt8)
    }

    let tokens: [Token]
    /// The pattern as written, for messages.
    public let description: String

    /// Compiles `pattern`; throws a message naming the bad directive.
    public init(_ pattern: String) throws(DateFormatError) {
        var tokens: [Token] = []
        var bytes = Array(pattern.utf8).makeIterator()
        var hasDay = false
        var hasMonth = false
        var hasYear = false
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "%") else {
                tokens.append(.literal(byte))
                continue
            }
            guard let directive = bytes.next() else { throw DateFormatError(message: "'\(pattern)' ends with '%'") }
            switch directive {
            case UInt8(ascii: "d"), UInt8(ascii: "e"):
                tokens.append(.day)
                hasDay = true
            case UInt8(ascii: "m"):
                tokens.append(.month)
                hasMonth = true
            case UInt8(ascii: "Y"):
                tokens.append(.year4)
                hasYear = true
            case UInt8(ascii: "y"):
                tokens.append(.year2)
                hasYear = true
            case UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "h"):
                tokens.append(.monthName)
                hasMonth = true
            case UInt8(ascii: "H"), UInt8(ascii: "M"), UInt8(ascii: "S"), UInt8(ascii: "I"):
                tokens.append(.ignoredNumber)
            case UInt8(ascii: "%"):
                tokens.append(.literal(UInt8(ascii: "%")))
            default:
                throw DateFormatError(
                    message:
                        "'\(pattern)' has the unknown directive '%\(Character(Unicode.Scalar(directive)))' (use %d %m %Y %y %b %H %M %S)"
                )
            }
        }
        guard hasDay && hasMonth && hasYear else {
            throw DateFormatError(message: "'\(pattern)' needs a day (%d), a month (%m or %b) and a year (%Y or %y)")
        }
        self.tokens = tokens
        self.description = pattern
    }

    init(tokens: [Token], description: String) {
        self.tokens = tokens
        self.description = description
    }

    /// `date_format = "auto"`: the format is decided for each file from its date cells
    /// (`DateFormatSniffer`) before its rows are read. Until then it reads no date at all, so an
    /// unresolved `auto` can never pass a date off as read.
    public static let auto = DateFormat(tokens: [], description: "auto")

    /// True for `auto`, the format still to be decided.
    public var isAuto: Bool { tokens.isEmpty }

    /// The date in `text`, or nil when it does not match or does not exist (30 February).
    public func parse(_ text: UnsafeBufferPointer<UInt8>) -> CivilDate? {
        var index = 0
        let count = text.count
        var day = 0
        var month = 0
        var year = 0
        for (position, token) in tokens.enumerated() {
            switch token {
            case .literal(let byte):
                guard index < count, text[index] == byte else { return nil }
                index += 1
                if byte == 0x20 { while index < count && text[index] == 0x20 { index += 1 } }
            case .day, .month, .ignoredNumber:
                let numberFollows = position + 1 < tokens.count && tokens[position + 1].isNumber
                let maximum = 2
                var digits = 0
                var value = 0
                while index < count, digits < maximum, text[index] >= 0x30, text[index] <= 0x39 {
                    value = value * 10 + Int(text[index] &- 0x30)
                    digits += 1
                    index += 1
                }
                if digits == 0 || (numberFollows && digits != 2) { return nil }
                if token == .day { day = value } else if token == .month { month = value }
            case .year4, .year2:
                let wanted = token == .year4 ? 4 : 2
                var value = 0
                for _ in 0..<wanted {
                    guard index < count, text[index] >= 0x30, text[index] <= 0x39 else { return nil }
                    value = value * 10 + Int(text[index] &- 0x30)
                    index += 1
                }
                year = token == .year4 ? value : (value < 70 ? 2000 + value : 1900 + value)
            case .monthName:
                var letters: [UInt8] = []
                while index < count, letters.count < 9, case let byte = text[index] | 0x20, byte >= 0x61, byte <= 0x7A {
                    letters.append(byte)
                    index += 1
                }
                guard let number = DateFormat.monthNumber(letters) else { return nil }
                month = number
                if index < count && text[index] == UInt8(ascii: ".") { index += 1 }
            }
        }
        if index < count {
            let next = text[index]
            guard next == 0x20 || next == UInt8(ascii: "T") else { return nil }
        }
        return CivilDate(year: year, month: month, day: day)
    }

    /// Convenience for tests and cold paths.
    public func parse(_ text: String) -> CivilDate? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }

    static let monthNames: [[UInt8]] = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ].map { Array($0.utf8) }

    /// 1...12 for an English month name or an abbreviation of at least three letters (`sept` too).
    static func monthNumber(_ letters: [UInt8]) -> Int? {
        guard letters.count >= 3 else { return nil }
        for (index, name) in monthNames.enumerated() where name.starts(with: letters) { return index + 1 }
        return nil
    }
}

extension DateFormat.Token {
    var isNumber: Bool {
        switch self {
        case .day, .month, .year4, .year2, .ignoredNumber: true
        case .monthName, .literal: false
        }
    }
}

/// Why a date pattern cannot be used.
public struct DateFormatError: Error, Sendable, Equatable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}
