import Ledger

/// A QIF date as written, split into its three numbers before the file's day/month order is known.
///
/// Quicken writes `1/15/24`, `1/15'24` (the apostrophe marks years from 2000), ` 1/ 5/24` (space
/// padded) and `1/ 1'00`; other programs write `01/15/2024`, `15.01.2024`, `2024-01-15`, `20240115`,
/// or add a time (`26-06-2019 00:00:00`). Separators may repeat (`6/ 1/94`).
struct QIFDate: Equatable {
    /// The first and second numbers of a day/month date; for a year-first date, month and day.
    var first: Int
    var second: Int
    var year: Int
    /// Written year first (`2024-01-15`, `20240115`): no day/month question.
    var yearFirst: Bool
    /// The written year had one or two digits (its century is decided by `fullYear`).
    var shortYear: Bool
    /// An apostrophe came before the year (`1/15'24`): Quicken's mark for years from 2000.
    var apostrophe: Bool

    /// Splits the value of a `D` line; nil when it is not three numbers.
    init?(_ bytes: ArraySlice<UInt8>) {
        guard let date = bytes.withUnsafeBufferPointer({ QIFDate($0) }) else { return nil }
        self = date
    }

    /// Splits the value of a `D` line; nil when it is not three numbers. Runs once per entry, so
    /// the numbers go into three fixed slots rather than an array.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let date = QIFDate.tenCharacters(bytes) ?? QIFDate.general(bytes) else { return nil }
        self = date
    }

    /// Any shape: up to three groups of digits, numbers in fixed slots rather than an array.
    static func general(_ bytes: UnsafeBufferPointer<UInt8>) -> QIFDate? {
        var values = (0, 0, 0)
        var digitCounts = (0, 0, 0)
        var groups = 0
        var sawApostropheBeforeLast = false
        var separatorHasApostrophe = false
        var index = 0
        let end = bytes.count
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        while index < end {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                if groups == 3 { return nil }
                var value = 0
                var digits = 0
                while index < end, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                    value = value * 10 + Int(bytes[index] - 0x30)
                    digits += 1
                    if digits > 8 { return nil }
                    index += 1
                }
                switch groups {
                case 0: (values.0, digitCounts.0) = (value, digits)
                case 1: (values.1, digitCounts.1) = (value, digits)
                default:
                    (values.2, digitCounts.2) = (value, digits)
                    sawApostropheBeforeLast = separatorHasApostrophe
                }
                groups += 1
                separatorHasApostrophe = false
                continue
            }
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "'"), 0x20:
                // After the third number only a time may follow, separated by white space.
                if groups == 3 {
                    guard byte == 0x20 else { return nil }
                    index = end
                    continue
                }
                if groups == 0 { return nil }
                if byte == UInt8(ascii: "'") { separatorHasApostrophe = true }
                index += 1
            case UInt8(ascii: "T") where groups == 3:
                index = end
            default:
                return nil
            }
        }
        if groups == 1, digitCounts.0 == 8 {
            let value = values.0
            return QIFDate(first: value / 100 % 100, second: value % 100, year: value / 10000, yearFirst: true)
        }
        guard groups == 3, digitCounts.0 <= 4, digitCounts.1 <= 2, digitCounts.2 <= 4 else {
            return nil
        }
        if digitCounts.0 == 4 {
            guard digitCounts.2 <= 2 else { return nil }
            return QIFDate(first: values.1, second: values.2, year: values.0, yearFirst: true)
        }
        guard digitCounts.0 <= 2, digitCounts.2 != 3 else { return nil }
        return QIFDate(
            first: values.0, second: values.1, year: values.2, yearFirst: false,
            shortYear: digitCounts.2 <= 2, apostrophe: sawApostropheBeforeLast)
    }

    /// The shapes almost every file writes, `01/15/2024` (or `-`, `.`) and `2024-01-15`, read as
    /// the general parser reads them, without its loop: the date is read once per entry.
    @inline(__always)
    static func tenCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> QIFDate? {
        guard bytes.count == 10 else { return nil }
        @inline(__always) func digit(_ index: Int) -> Int? {
            let value = bytes[index] &- 0x30
            return value < 10 ? Int(value) : nil
        }
        @inline(__always) func isSeparator(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        if isSeparator(bytes[2]), isSeparator(bytes[5]), let a = digit(0), let b = digit(1), let c = digit(3),
            let d = digit(4), let e = digit(6), let f = digit(7), let g = digit(8), let h = digit(9)
        {
            return QIFDate(
                first: a * 10 + b, second: c * 10 + d, year: ((e * 10 + f) * 10 + g) * 10 + h, yearFirst: false)
        }
        if isSeparator(bytes[4]), isSeparator(bytes[7]), let a = digit(0), let b = digit(1), let c = digit(2),
            let d = digit(3), let e = digit(5), let f = digit(6), let g = digit(8), let h = digit(9)
        {
            return QIFDate(
                first: e * 10 + f, second: g * 10 + h, year: ((a * 10 + b) * 10 + c) * 10 + d, yearFirst: true)
        }
        return nil
    }

    init(first: Int, second: Int, year: Int, yearFirst: Bool, shortYear: Bool = false, apostrophe: Bool = false) {
        self.first = first
        self.second = second
        self.year = year
        self.yearFirst = yearFirst
        self.shortYear = shortYear
        self.apostrophe = apostrophe
    }

    /// Evidence about the day/month order: `dmy` when the first number cannot be a month, `mdy` when
    /// the second cannot; nil when both could be either (or when the date is year first).
    var evidence: DateOrder? {
        guard !yearFirst else { return nil }
        if first > 12 && first <= 31 && second >= 1 && second <= 12 { return .dayMonthYear }
        if second > 12 && second <= 31 && first >= 1 && first <= 12 { return .monthDayYear }
        return nil
    }

    /// True when reading the date day-first and month-first gives two different days.
    var isAmbiguous: Bool {
        !yearFirst && first != second && (1...12).contains(first) && (1...12).contains(second)
    }

    /// The four-digit year: a short year after an apostrophe is 20YY; otherwise below 70 is 20YY, else 19YY.
    var fullYear: Int {
        guard shortYear else { return year }
        if apostrophe { return 2000 + year }
        return year < 70 ? 2000 + year : 1900 + year
    }

    /// The date in `order` (ignored for year-first dates); nil when no such day exists.
    func civilDate(order: DateOrder) -> CivilDate? {
        if yearFirst { return CivilDate(year: year, month: first, day: second) }
        switch order {
        case .dayMonthYear: return CivilDate(year: fullYear, month: second, day: first)
        case .monthDayYear: return CivilDate(year: fullYear, month: first, day: second)
        case .yearMonthDay:
            // `24/01/15` read year first: the first number is a two-digit year.
            let century = first < 70 ? 2000 : 1900
            return CivilDate(year: century + first, month: second, day: year)
        }
    }
}
