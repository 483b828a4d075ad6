import Ledger
import Testing

@testable import Import

/// OFX date-times are read as the calendar date they are written with, never converted to UTC.
@Suite struct OFXDateTimeTests {
    static func parse(_ text: String) -> CivilDate? {
        Array(text.utf8).withUnsafeBufferPointer { OFXDateTime.localDate($0) }
    }

    @Test(arguments: [
        ("19881201", "1988-12-01"),
        ("20120229230100", "2012-02-29"),
        ("20240131", "2024-01-31"),
        ("2024013123", "2024-01-31"),
        ("202401312300", "2024-01-31"),
        ("20240131230000", "2024-01-31"),
        ("20240131230000.000", "2024-01-31"),
        // Late evening in New York is still the 31st: UTC would make it 1 February.
        ("20240131230000[-5:EST]", "2024-01-31"),
        ("20240131230000.123[-5:EST]", "2024-01-31"),
        // ofxparse gives 12:00, 11:00, 04:01 next day, 17:30 and 14:00 UTC for these; the dates as written:
        ("20001201120000 [0:GMT]", "2000-12-01"),
        ("19991201120000 [1:ITT]", "1999-12-01"),
        ("19881201230100 [-5:EST]", "1988-12-01"),
        ("20120412120000 [-5.5:XXX]", "2012-04-12"),
        ("20120922230000 [+9:JST]", "2012-09-22"),
        ("20240101000000[+14]", "2024-01-01"),
        ("20180804093914:014", "2018-08-04"),
        ("20240229", "2024-02-29"),
    ])
    func readsTheLocalDate(text: String, expected: String) {
        #expect(Self.parse(text) == date(expected))
    }

    @Test(arguments: [
        "00000000",  // ofxparse: None
        "abcdLOL!",
        "881103",
        "19881301",
        "20120231",  // 31 February
        "20240230",  // 30 February
        "20230229",  // not a leap year
        "201120000000",  // month 20
        "20240131250000",  // hour 25
        "20240131236000",  // minute 60
        "20240131230",  // an odd number of time digits
        "20240131.5",  // a fraction with no time
        "20240131230000[-5:EST",  // unterminated zone
        "20240131x",
        "2024-01-31",
        "",
    ])
    func rejectsWhatIsNotADate(text: String) {
        #expect(Self.parse(text) == nil)
    }
}
