import Testing

@testable import Ledger

@Suite("Civil dates")
struct CivilDateTests {
    @Test func rejectsImpossibleDates() {
        #expect(CivilDate(year: 2024, month: 2, day: 30) == nil)
        #expect(CivilDate(year: 2023, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2024, month: 13, day: 1) == nil)
        #expect(CivilDate(year: 2024, month: 4, day: 31) == nil)
        #expect(CivilDate(iso: "2024-02-30") == nil)
    }

    @Test func dayNumbers() throws {
        #expect(try #require(CivilDate(year: 1970, month: 1, day: 1)).dayNumber == 0)
        #expect(try #require(CivilDate(year: 2000, month: 3, day: 1)).dayNumber == 11_017)
        #expect(try #require(CivilDate(year: 1969, month: 12, day: 31)).dayNumber == -1)
        let date = try #require(CivilDate(year: 2024, month: 2, day: 29))
        #expect(CivilDate(dayNumber: date.dayNumber) == date)
        #expect(date.adding(days: 1) == CivilDate(year: 2024, month: 3, day: 1))
        #expect(date.adding(days: -60) == CivilDate(year: 2023, month: 12, day: 31))
    }

    /// A date is kept as one number: each part reads back as given, at the ends of the calendar
    /// too, and the order is the calendar's.
    @Test func partsAndOrderAcrossTheCalendar() throws {
        var previous: CivilDate?
        for (year, month, day) in [
            (1, 1, 1), (1, 12, 31), (99, 2, 28), (1969, 12, 31), (1970, 1, 1), (2024, 2, 29), (2024, 3, 1),
            (2024, 12, 31), (2025, 1, 1), (9999, 12, 30), (9999, 12, 31),
        ] {
            let date = try #require(CivilDate(year: year, month: month, day: day))
            #expect(date.year == year && date.month == month && date.day == day)
            #expect(CivilDate(dayNumber: date.dayNumber) == date)
            if let previous {
                #expect(previous < date && !(date < previous) && previous != date)
                #expect(previous.dayNumber < date.dayNumber)
            }
            previous = date
        }
        // The month before year 1's January, made only by `YearMonth`, reads back too.
        let before = CivilDate(unchecked: 0, 12, 31)
        #expect(before.year == 0 && before.month == 12 && before.day == 31)
        #expect(before < CivilDate(year: 1, month: 1, day: 1)!)
    }

    @Test func monthArithmeticClampsToMonthEnd() throws {
        let jan31 = try #require(CivilDate(year: 2024, month: 1, day: 31))
        #expect(jan31.adding(months: 1) == CivilDate(year: 2024, month: 2, day: 29))
        #expect(jan31.adding(months: 13) == CivilDate(year: 2025, month: 2, day: 28))
        #expect(jan31.adding(months: -2) == CivilDate(year: 2023, month: 11, day: 30))
        #expect(jan31.adding(months: 12) == CivilDate(year: 2025, month: 1, day: 31))
        #expect(YearMonth(year: 2024, month: 1)?.adding(months: -1).description == "2023-12")
        #expect(YearMonth(year: 2024, month: 11)?.adding(months: 14).description == "2026-01")
        #expect(YearMonth("2024-02")?.dayCount == 29)
        #expect(YearMonth("2023-02")?.lastDay.isoString == "2023-02-28")
    }

    @Test func weekdays() throws {
        // 1 January 2024 was a Monday; 31 October 2026 is a Saturday.
        #expect(try #require(CivilDate(year: 2024, month: 1, day: 1)).weekday == 1)
        #expect(try #require(CivilDate(year: 2026, month: 10, day: 31)).weekday == 6)
    }

    @Test func parsing() {
        #expect(CivilDate(iso: "2025-10-31")?.isoString == "2025-10-31")
        #expect(CivilDate(compact: Array("20240131230000[-5:EST]".utf8)) == CivilDate(year: 2024, month: 1, day: 31))
        #expect(
            CivilDate(fields: Array("15/01/2024".utf8), order: .dayMonthYear)
                == CivilDate(year: 2024, month: 1, day: 15))
        #expect(
            CivilDate(fields: Array("1/15'24".utf8), order: .monthDayYear) == CivilDate(year: 2024, month: 1, day: 15))
        #expect(
            CivilDate(fields: Array("2012/3/22".utf8), order: .yearMonthDay) == CivilDate(year: 2012, month: 3, day: 22)
        )
        #expect(
            CivilDate(fields: Array("15.01.99".utf8), order: .dayMonthYear) == CivilDate(year: 1999, month: 1, day: 15))
        #expect(CivilDate(fields: Array("30/02/2024".utf8), order: .dayMonthYear) == nil)
        #expect(CivilDate(fields: Array("1/2".utf8), order: .dayMonthYear) == nil)
        #expect(CivilDate(fields: Array("1/2/123".utf8), order: .dayMonthYear) == nil)
        #expect(YearMonth("2026-1") == nil)
        #expect(YearMonth("2026-10")?.displayName == "October 2026")
    }
}

/// The months next to the extremes of the calendar (a 9999-12-31 row's next month, the month
/// before January of year 1) have days and names; asking for them used to trap.
@Suite("Months at the ends of the calendar")
struct YearMonthExtremeTests {
    @Test func monthsPastTheEndsHaveDays() throws {
        let last = try #require(YearMonth(year: 9999, month: 12))
        #expect(last.lastDay == CivilDate(year: 9999, month: 12, day: 31))
        let after = last.adding(months: 1)
        #expect(after.description == "10000-01")
        #expect(after.firstDay.isoString == "10000-01-01")
        #expect(after.lastDay.isoString == "10000-01-31")
        // 9999-12-31 is day 2,932,896 after 1970-01-01 (Hinnant's days-from-civil); a day later.
        #expect(after.firstDay.dayNumber == 2_932_897)
        let first = try #require(YearMonth(year: 1, month: 1))
        #expect(first.description == "0001-01")
        #expect(YearMonth("0001-01") == first)
        #expect(first.adding(months: -1).lastDay.day == 31)
    }
}
