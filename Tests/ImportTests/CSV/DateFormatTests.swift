import Import
import Ledger
import Testing

@Suite("Date formats")
struct DateFormatTests {
    static func format(_ pattern: String) throws -> DateFormat {
        try DateFormat(pattern)
    }

    @Test(arguments: [
        ("%d/%m/%Y", "31/01/2024", "2024-01-31"),
        ("%d/%m/%Y", "1/2/2024", "2024-02-01"),
        ("%m/%d/%Y", "8/02/2016", "2016-08-02"),
        ("%m/%d/%Y", "12/31/2016", "2016-12-31"),
        ("%Y-%m-%d", "2019-11-02", "2019-11-02"),
        ("%Y/%m/%d", "2012/3/22", "2012-03-22"),
        ("%d.%m.%Y", "28.12.2018", "2018-12-28"),
        ("%d.%m.%y", "31.05.17", "2017-05-31"),
        ("%d.%m.%y", "01.01.70", "1970-01-01"),
        ("%Y%m%d", "20200213", "2020-02-13"),
        ("%Y:%m:%d", "2012:03:01", "2012-03-01"),
        ("%d-%m-%Y", "17-06-2022", "2022-06-17"),
        ("%d %b %Y", "15 Jan 2024", "2024-01-15"),
        ("%d %b %Y", "3 September 2024", "2024-09-03"),
        ("%d-%b-%y", "03-Sept-24", "2024-09-03"),
        // A time of day after the date is ignored.
        ("%Y-%m-%d", "2019-07-13 10:48:55", "2019-07-13"),
        ("%Y-%m-%d", "2026-06-07T14:54:46Z", "2026-06-07"),
        ("%Y-%m-%d %H:%M:%S", "2026-06-07 14:54:46", "2026-06-07"),
    ])
    func parses(pattern: String, text: String, iso: String) throws {
        #expect(try Self.format(pattern).parse(text) == CivilDate(iso: iso))
    }

    @Test(arguments: [
        ("%d/%m/%Y", "30/02/2024"),
        ("%d/%m/%Y", "29/02/2023"),
        ("%d/%m/%Y", "31/04/2024"),
        ("%d/%m/%Y", "00/01/2024"),
        ("%d/%m/%Y", "01/13/2024"),
        ("%d/%m/%Y", "2024-01-01"),
        ("%d/%m/%Y", "1/1/24"),
        ("%d/%m/%Y", "01/01/2024x"),
        ("%d/%m/%Y", ""),
        ("%Y%m%d", "2020213"),
        ("%d %b %Y", "15 Foo 2024"),
        ("%d/%m/%Y", "Total"),
    ])
    func rejects(pattern: String, text: String) throws {
        #expect(try Self.format(pattern).parse(text) == nil)
    }

    @Test func leapDay() throws {
        #expect(try Self.format("%d/%m/%Y").parse("29/02/2024") == CivilDate(year: 2024, month: 2, day: 29))
    }

    @Test func badPatterns() {
        #expect(throws: DateFormatError(message: "'%Y-%m' needs a day (%d), a month (%m or %b) and a year (%Y or %y)"))
        {
            try DateFormat("%Y-%m")
        }
        #expect(throws: DateFormatError(message: "'%d/%m/%' ends with '%'")) {
            try DateFormat("%d/%m/%")
        }
    }
}
