/// How decimal text is written: which byte separates the fraction, which bytes group thousands.
public struct DecimalStyle: Hashable, Sendable {
    /// `.` or `,`.
    public var decimalMark: UInt8
    /// Bytes skipped between digits of the integer part (`,`, `.`, space, apostrophe).
    public var groupingMarks: [UInt8]

    public init(decimalMark: UInt8, groupingMarks: [UInt8]) {
        self.decimalMark = decimalMark
        self.groupingMarks = groupingMarks
    }

    /// `1,234.56`
    public static let point = DecimalStyle(decimalMark: UInt8(ascii: "."), groupingMarks: [UInt8(ascii: ",")])
    /// `1.234,56` or `1 234,56`
    public static let comma = DecimalStyle(
        decimalMark: UInt8(ascii: ","),
        groupingMarks: [UInt8(ascii: "."), UInt8(ascii: " "), 0xA0]
    )
}

/// What to do with digits beyond the currency's minor unit (`115.8331` in USD).
public enum ExcessPrecision: Sendable {
    /// Reject unless the extra digits are zeros: the default, because money must be exact.
    case reject
    /// Round half to even, for sources that carry sub-cent figures (some brokers' OFX).
    case roundHalfEven
}

/// Why decimal text is not an amount.
public enum MoneyParseError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case invalidCharacter(offset: Int)
    case noDigits
    case tooManyDecimals(allowed: Int)
    case overflow

    public var description: String {
        switch self {
        case .empty: "amount is empty"
        case .invalidCharacter(let offset): "unexpected character at offset \(offset) in amount"
        case .noDigits: "amount has no digits"
        case .tooManyDecimals(let allowed): "amount has more than \(allowed) decimal places"
        case .overflow: "amount is too large to represent exactly"
        }
    }
}

extension Money {
    /// Parses decimal text straight into minor units, without going through a floating-point value.
    ///
    /// Accepts an optional sign (`+`, `-`, or parentheses for a negative), leading zeros, grouping
    /// marks between integer digits, and surrounding ASCII spaces. `-0.00` is zero. Digits beyond the
    /// currency's exponent must be zeros unless `excess` says to round.
    public static func parse(
        _ text: some Collection<UInt8>,
        currency: Currency,
        style: DecimalStyle = .point,
        excess: ExcessPrecision = .reject
    ) throws(MoneyParseError) -> Money {
        var negative = false
        var parenthesised = false
        var sawSign = false
        var integer: Int64 = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var inFraction = false
        var digits = 0
        var roundingDigit: Int64 = -1
        var stickyNonZero = false
        var closed = false
        var offset = -1
        var trailingSpace = false
        let exponent = currency.exponent
        if text.isEmpty { throw .empty }

        for byte in text {
            offset += 1
            if !inFraction, digits > 0, !trailingSpace, style.groupingMarks.contains(byte) { continue }
            if byte == 0x20 || byte == 0x09 {
                if digits > 0 || closed { trailingSpace = true }
                continue
            }
            if trailingSpace || closed { throw .invalidCharacter(offset: offset) }
            switch byte {
            case 0x30...0x39:
                let digit = Int64(byte &- 0x30)
                digits += 1
                if inFraction {
                    if fractionDigits < exponent {
                        fraction = fraction * 10 + digit
                        fractionDigits += 1
                    } else if roundingDigit < 0 {
                        roundingDigit = digit
                    } else if digit != 0 {
                        stickyNonZero = true
                    }
                } else {
                    let (shifted, o1) = integer.multipliedReportingOverflow(by: 10)
                    let (sum, o2) = shifted.addingReportingOverflow(digit)
                    if o1 || o2 { throw .overflow }
                    integer = sum
                }
            case 0x2D, 0x2B:
                if sawSign || digits > 0 || inFraction { throw .invalidCharacter(offset: offset) }
                sawSign = true
                negative = byte == 0x2D
            case 0x28:
                if sawSign || digits > 0 || parenthesised { throw .invalidCharacter(offset: offset) }
                parenthesised = true
                negative = true
            case 0x29:
                if !parenthesised || digits == 0 { throw .invalidCharacter(offset: offset) }
                closed = true
            case style.decimalMark:
                if inFraction { throw .invalidCharacter(offset: offset) }
                inFraction = true
            default:
                if !inFraction, digits > 0, style.groupingMarks.contains(byte) { continue }
                throw .invalidCharacter(offset: offset)
            }
        }
        if digits == 0 { throw .noDigits }
        if parenthesised && !closed { throw .invalidCharacter(offset: offset) }
        if roundingDigit > 0 || stickyNonZero {
            if excess == .reject { throw .tooManyDecimals(allowed: exponent) }
        }
        for _ in fractionDigits..<exponent { fraction *= 10 }
        let (scaled, o1) = integer.multipliedReportingOverflow(by: currency.scale)
        var (units, o2) = scaled.addingReportingOverflow(fraction)
        if o1 || o2 { throw .overflow }
        if roundingDigit >= 0 {
            let roundUp = roundingDigit > 5 || (roundingDigit == 5 && (stickyNonZero || units % 2 == 1))
            if roundUp {
                let (bumped, o3) = units.addingReportingOverflow(1)
                if o3 { throw .overflow }
                units = bumped
            }
        }
        return Money(minorUnits: negative ? -units : units, currency: currency)
    }

    /// Parses a `String`; see `parse(_:currency:style:excess:)`.
    public static func parse(
        _ text: String,
        currency: Currency,
        style: DecimalStyle = .point,
        excess: ExcessPrecision = .reject
    ) throws(MoneyParseError) -> Money {
        try parse(Array(text.utf8), currency: currency, style: style, excess: excess)
    }
}
