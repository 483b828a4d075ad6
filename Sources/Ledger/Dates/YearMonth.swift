/// A calendar month, the unit every report is about: `2025-10`.
public struct YearMonth: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    init(unchecked year: Int, _ month: Int) {
        self.year = year
        self.month = month
    }

    /// Parses `YYYY-MM`.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
            let year = CivilDate.parseDigits(bytes[0..<4]), let month = CivilDate.parseDigits(bytes[5..<7])
        else { return nil }
        self.init(year: year, month: month)
    }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }

    /// Its first day. `adding(months:)` can step past December 9999 or before January of year 1
    /// (the month after a 9999-12-31 row); such a month still has days, never a trap.
    public var firstDay: CivilDate { CivilDate(unchecked: year, month, 1) }
    public var lastDay: CivilDate { CivilDate(unchecked: year, month, CivilDate.daysIn(year: year, month: month)) }
    public var dayCount: Int { CivilDate.daysIn(year: year, month: month) }

    /// The month `count` months later (earlier when negative).
    public func adding(months count: Int) -> YearMonth {
        let index = year * 12 + (month - 1) + count
        return YearMonth(unchecked: index / 12, index % 12 + 1)
    }

    /// Months from `self` to `other`.
    public func months(to other: YearMonth) -> Int { (other.year * 12 + other.month) - (year * 12 + month) }

    public func contains(_ date: CivilDate) -> Bool { date.year == year && date.month == month }

    /// `YYYY-MM`, the year in four digits (`0001-01`), as `init?(_:)` reads it back.
    public var description: String {
        var text = String(year)
        while text.utf8.count < 4 { text = "0" + text }
        return text + (month < 10 ? "-0\(month)" : "-\(month)")
    }

    /// English month name and year: `October 2025`.
    public var displayName: String { "\(YearMonth.monthNames[month - 1]) \(year)" }

    public static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}
