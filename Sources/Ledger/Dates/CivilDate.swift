/// A calendar date with no time and no zone: what a bank statement means by "the 31st".
///
/// Bank dates are civil dates in the account's own zone. Converting them to instants (and back in
/// another zone) is how other tools turn 31 January into 1 February; this type never does.
public struct CivilDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// year × 512 + month × 32 + day: one number in the dates' own order.
    ///
    /// Why packed: a date is in every row the stages hold (a million of them at a time), and as
    /// three `Int`s it took 24 bytes of each; packed it takes 4, and comparing or hashing two dates
    /// is one comparison of numbers.
    @usableFromInline let packed: Int32

    @inlinable public var year: Int { Int(packed >> 9) }
    @inlinable public var month: Int { Int(packed >> 5 & 15) }
    @inlinable public var day: Int { Int(packed & 31) }

    /// A valid date, or nil for 30 February, month 13 and the like. Years 1...9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= CivilDate.daysIn(year: year, month: month)
        else { return nil }
        self.init(unchecked: year, month, day)
    }

    /// A date outside years 1...9999 is made only by `YearMonth`, for the months next to the
    /// extremes (the month after December 9999), so that asking for their days never traps.
    init(unchecked year: Int, _ month: Int, _ day: Int) {
        packed =
            Int32(truncatingIfNeeded: year) * 512 + Int32(truncatingIfNeeded: month) * 32
            + Int32(truncatingIfNeeded: day)
    }

    @inlinable public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.packed < rhs.packed }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public var daysInMonth: Int { CivilDate.daysIn(year: year, month: month) }

    /// Days since 1970-01-01 (negative before it), by Howard Hinnant's days-from-civil algorithm.
    @inlinable public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01; nil outside years 1...9999.
    public init?(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> CivilDate? { CivilDate(dayNumber: dayNumber + days) }

    /// The same day `months` later, clamped to the end of a shorter month (31 Jan + 1 month = 28/29 Feb).
    public func adding(months: Int) -> CivilDate? {
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        guard (1...9999).contains(newYear) else { return nil }
        return CivilDate(
            year: newYear, month: newMonth, day: min(day, CivilDate.daysIn(year: newYear, month: newMonth)))
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: CivilDate) -> Int { other.dayNumber - dayNumber }

    /// ISO weekday: 1 = Monday ... 7 = Sunday.
    public var weekday: Int {
        let w = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday (ISO 4)
        return (w < 0 ? w + 7 : w) + 1
    }

    public var yearMonth: YearMonth { YearMonth(unchecked: year, month) }

    /// `YYYY-MM-DD`.
    public var description: String { isoString }

    public var isoString: String {
        var text = String(year)
        while text.utf8.count < 4 { text = "0" + text }
        text += month < 10 ? "-0\(month)" : "-\(month)"
        text += day < 10 ? "-0\(day)" : "-\(day)"
        return text
    }
}

extension CivilDate {
    /// Appends `isoString`'s bytes without making a `String`, for writers of large files.
    public func appendISOString(to bytes: inout [UInt8]) {
        Money.appendDigits(UInt64(year), width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Money.appendDigits(UInt64(month), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Money.appendDigits(UInt64(day), width: 2, to: &bytes)
    }
}
