import Ledger
import Testing

@testable import Import

/// `date_format = "auto"`: each file's date cells decide its format before its rows are read.
/// Fixtures are in `Fixtures/csv/auto-date-*.csv`; the date is the second column, so its cells
/// start at column 4 (after `A1,`).
@Suite("CSV date format auto")
struct CSVDateFormatAutoTests {
    typealias Support = CSVTestSupport

    static let toml = """
        name = "Auto test"
        bank = "Test Bank"

        [file]
        signature = ["Ref", "Date", "Description", "Amount"]

        [columns]
        date = "Date"
        date_format = "auto"
        payee = "Description"

        [amount]
        column = "Amount"
        currency = "EUR"
        """

    static func profile(_ extra: String = "") throws -> CSVProfile {
        try Support.profile(toml + "\n" + extra, id: "auto-test")
    }

    static func account(_ order: DateOrder?) -> AccountConfig {
        AccountConfig(id: "current", name: "Current", currency: .eur, dateOrder: order)
    }

    /// Reads a fixture with the auto profile; `text` replaces the fixture when given.
    static func read(
        _ fixture: String, order: DateOrder? = nil, extra: String = ""
    ) throws(ImportDiagnostic)
        -> ParsedFile
    {
        let bytes: [UInt8]
        let profile: CSVProfile
        do {
            bytes = try CSVReaderQuirkTests.fixture(fixture)
            profile = try Self.profile(extra)
        } catch {
            Issue.record("fixture or profile: \(error)")
            return ParsedFile(format: .csv, statements: [])
        }
        return try Support.read(
            bytes, profiles: [profile], path: "inbox/" + fixture, account: order.map { Self.account($0) })
    }

    static func error(_ fixture: String, order: DateOrder? = nil) -> String? {
        do {
            _ = try read(fixture, order: order)
            return nil
        } catch {
            return error.description
        }
    }

    static func error(text: String, order: DateOrder? = nil, extra: String = "") -> String? {
        do {
            _ = try Support.read(
                text, profiles: [try Self.profile(extra)], path: "inbox/test.csv", account: order.map { account($0) })
            return nil
        } catch {
            return "\(error)"
        }
    }

    func dates(_ file: ParsedFile) -> [String] { file.csvRecords.map(\.date.isoString) }

    @Test func profileLoadsAuto() throws {
        let profile = try Self.profile()
        #expect(profile.dateFormat == .auto)
        #expect(profile.dateFormat.isAuto)
        #expect(try !DateFormat("%d/%m/%Y").isAuto)
    }

    @Test("day/month: 14/04 on line 4 settles it, so 03/04 and 05/04 are April")
    func dayMonthSettledByDayAbove12() throws {
        let file = try Self.read("auto-date-dmy.csv")
        #expect(dates(file) == ["2024-04-03", "2024-04-05", "2024-04-14"])
        #expect(file.csvRecords.map(\.amount.decimalString) == ["-3.50", "-20.00", "1000.00"])
        #expect(file.skipped.isEmpty)
        #expect(file.warnings.isEmpty)
    }

    @Test("month/day: 04/14 on line 4 settles it, so 04/03 and 04/05 are April")
    func monthDaySettledByDayAbove12() throws {
        let file = try Self.read("auto-date-mdy.csv")
        #expect(dates(file) == ["2024-04-03", "2024-04-05", "2024-04-14"])
        #expect(file.skipped.isEmpty)
    }

    @Test("no day above 12: the file is rejected at the first date that reads two ways")
    func ambiguousIsAnError() {
        // Line 2 (01/01/2024) reads the same either way; line 3 is the first that does not.
        #expect(
            Self.error("auto-date-ambiguous.csv")
                == "inbox/auto-date-ambiguous.csv:3:4: error: dates in this file read both as %d/%m/%Y and as %m/%d/%Y (no day is above 12: '03/04/2024' is 2024-04-03 or 2024-03-04); set date_order = \"dmy\" or \"mdy\" for this account in closebook.toml, or date_format in [columns] of profile 'auto-test' (Importers/auto-test.toml)"
        )
    }

    @Test("an ambiguous file reads with the account's date_order")
    func ambiguousWithDateOrder() throws {
        let dayFirst = try Self.read("auto-date-ambiguous.csv", order: .dayMonthYear)
        #expect(dates(dayFirst) == ["2024-01-01", "2024-04-03", "2024-04-05"])
        let monthFirst = try Self.read("auto-date-ambiguous.csv", order: .monthDayYear)
        #expect(dates(monthFirst) == ["2024-01-01", "2024-03-04", "2024-05-04"])
    }

    @Test("date_order rules out what the dates prove: an error at the date that shows it")
    func dateOrderContradicted() {
        #expect(
            Self.error("auto-date-dmy.csv", order: .monthDayYear)
                == "inbox/auto-date-dmy.csv:4:4: error: date '14/04/2024' reads only as %d/%m/%Y, which date_order = \"mdy\" for this account in closebook.toml rules out; change date_order for this account in closebook.toml, or set date_format in [columns] of profile 'auto-test' (Importers/auto-test.toml)"
        )
    }

    @Test("ISO dates, with or without a time of day")
    func iso() throws {
        let file = try Self.read("auto-date-iso.csv")
        #expect(dates(file) == ["2024-01-15", "2024-02-03", "2024-02-29"])
        #expect(file.skipped.isEmpty)
        // date_order does not apply to year-first dates.
        #expect(dates(try Self.read("auto-date-iso.csv", order: .monthDayYear)) == dates(file))
    }

    @Test("a cell no standing format reads is named, at its line and column")
    func unreadableCell() {
        #expect(
            Self.error("auto-date-unreadable.csv")
                == "inbox/auto-date-unreadable.csv:4:4: error: date '2024-01-17' does not fit %d/%m/%Y, the format of the dates before it ('15/01/2024' on line 2); set date_format in [columns] of profile 'auto-test' (Importers/auto-test.toml) to the bank's pattern (rows that do not fit it are skipped)"
        )
    }

    @Test("a date that only reads month/day after one that only reads day/month")
    func contradictoryDates() {
        let text = "Ref,Date,Description,Amount\nA1,13/01/2024,Coffee,-3.50\nA2,01/13/2024,Books,-20.00\n"
        #expect(
            Self.error(text: text)
                == "inbox/test.csv:3:4: error: date '01/13/2024' reads only as %m/%d/%Y, but '13/01/2024' on line 2 reads only as %d/%m/%Y; set date_format in [columns] of profile 'auto-test' (Importers/auto-test.toml) to the bank's pattern (rows that do not fit it are skipped)"
        )
    }

    @Test("a first date in no known shape; a quoted cell's column is its quote's")
    func unknownShape() {
        let text = "Ref,Date,Description,Amount\nA1,\"Q1 2024\",Coffee,-3.50\n"
        #expect(
            Self.error(text: text)
                == "inbox/test.csv:2:4: error: date 'Q1 2024' is not written in a form date_format = \"auto\" knows (such as 2024-01-15, 20240115, 15/01/2024, 01/15/2024, 15.01.24, 15 Jan 2024 or Jan 15 2024); set date_format in [columns] of profile 'auto-test' (Importers/auto-test.toml) to the bank's pattern (for example \"%d/%m/%Y\")"
        )
    }

    @Test("a date after a quoted cell that holds a line break is placed on its own line")
    func placeAfterMultilineCell() {
        let text = "Ref,Date,Description,Amount\n\"A\n1\",13/13/2024,Coffee,-3.50\n"
        #expect(
            Self.error(text: text)
                == "inbox/test.csv:3:4: error: date '13/13/2024' does not fit %d/%m/%Y or %m/%d/%Y; set date_format in [columns] of profile 'auto-test' (Importers/auto-test.toml) to the bank's pattern (for example \"%d/%m/%Y\")"
        )
    }

    @Test("month names, and cells the pre-pass leaves to the mapper: skip rules, blank lines, text")
    func monthNamesAndSkippedRows() throws {
        let text = """
            Ref,Date,Description,Amount
            A1,"Jan 15, 2024",Coffee,-3.50
            ,,,
            TOTAL,31/31/31,Sum,-3.50
            A2,"Feb 3, 2024",Books,-20.00
            A3,Pending,Card,-1.00
            """
        let file = try Support.read(
            text, profiles: [try Self.profile("[[skip]]\ncolumn = \"Ref\"\nequals = [\"TOTAL\"]\nreason = \"total\"")])
        #expect(dates(file) == ["2024-01-15", "2024-02-03"])
        #expect(
            file.skipped == [
                SkippedRecord(line: 4, reason: "total"),
                SkippedRecord(
                    line: 6, reason: "summary line after the data (invalid date 'Pending' (expected %b %d, %Y))"),
            ])
    }

    @Test("a file without any date keeps auto, and its rows say so")
    func noDates() throws {
        let file = try Support.read("Ref,Date,Description,Amount\n", profiles: [try Self.profile()])
        #expect(file.statements.isEmpty)
        #expect(
            Self.error(text: "Ref,Date,Description,Amount\nA1,Pending,Card,-1.00\n")
                == "inbox/test.csv:2:1: error: no row could be read with profile 'auto-test' (Importers/auto-test.toml): summary line after the data (invalid date 'Pending' (expected auto))"
        )
    }

    // MARK: - Preamble

    static let periodProfile = """
        [[preamble]]
        label = "Period"
        value = "period"
        date_format = "auto"
        """

    @Test("a preamble date in auto is decided from its own dates")
    func preamblePeriod() throws {
        let text = "Period,01.03.2024 - 31.03.2024\nRef,Date,Description,Amount\nA1,2024-03-05,Coffee,-3.50\n"
        let file = try Support.read(text, profiles: [try Self.profile(Self.periodProfile)])
        #expect(file.statements.first?.coverage == Support.date("2024-03-01")...Support.date("2024-03-31"))
        #expect(dates(file) == ["2024-03-05"])
    }

    @Test("an ambiguous preamble date follows the rows' day/month order, else is an error")
    func preamblePeriodAmbiguous() throws {
        let ambiguous = "Period,01.03.2024 - 02.03.2024\nRef,Date,Description,Amount\n"
        let dayFirstRows = try Support.read(
            ambiguous + "A1,05/03/2024,Coffee,-3.50\nA2,13/03/2024,Tea,-2.00\n",
            profiles: [try Self.profile(Self.periodProfile)])
        #expect(dayFirstRows.statements.first?.coverage == Support.date("2024-03-01")...Support.date("2024-03-02"))
        let slashes = "Period,01/03/2024 - 02/03/2024\nRef,Date,Description,Amount\n"
        #expect(
            Self.error(text: slashes + "A1,2024-03-05,Coffee,-3.50\n", extra: Self.periodProfile)
                == "inbox/test.csv:1:8: error: dates in this file read both as %d/%m/%Y and as %m/%d/%Y (no day is above 12: '01/03/2024' is 2024-03-01 or 2024-01-03); set date_order = \"dmy\" or \"mdy\" for this account in closebook.toml, or date_format in the [[preamble]] entry 'Period' of profile 'auto-test' (Importers/auto-test.toml)"
        )
    }

    @Test("dates written with full stops are day first, unless a cell or the account says mdy")
    func dottedDatesAreDayFirst() throws {
        // 05.12.2025 and 03.11.2025: no day above 12, yet written as Germans write dates.
        let text = "Buchungstag;Betrag\n05.12.2025;-10,00\n03.11.2025;20,00\n"
        let file = try CSVReader(profiles: []).read(
            Array(text.utf8), path: "inbox/dotted.csv", context: ReadContext(defaultCurrency: .eur))
        #expect(dates(file) == ["2025-12-05", "2025-11-03"])
        let monthFirst = AccountConfig(id: AccountID("us"), name: "US", dateOrder: .monthDayYear)
        let file2 = try CSVReader(profiles: []).read(
            Array(text.utf8), path: "inbox/dotted.csv",
            context: ReadContext(defaultCurrency: .eur, account: monthFirst))
        #expect(dates(file2) == ["2025-05-12", "2025-03-11"])
        // A cell only month first can read (13 is no month) settles it the other way, whatever
        // the dots usually mean; before, the file was refused at that cell.
        let settled = text + "01.13.2025;-5,00\n"
        let file3 = try CSVReader(profiles: []).read(
            Array(settled.utf8), path: "inbox/dotted.csv", context: ReadContext(defaultCurrency: .eur))
        #expect(dates(file3) == ["2025-05-12", "2025-03-11", "2025-01-13"])
    }

    // MARK: - Shapes

    @Test(
        "the candidates a first date's shape gives",
        arguments: [
            ("2024-01-15", ["%Y-%m-%d"]),
            ("2024/01/15", ["%Y/%m/%d"]),
            ("2024.1.5", ["%Y.%m.%d"]),
            ("20240115", ["%Y%m%d"]),
            ("20240115 08:00", ["%Y%m%d"]),
            ("2024-01-15T08:00:00Z", ["%Y-%m-%d"]),
            ("15/01/2024", ["%d/%m/%Y", "%m/%d/%Y"]),
            ("1-2-2024", ["%d-%m-%Y", "%m-%d-%Y"]),
            ("15.01.24", ["%d.%m.%y", "%m.%d.%y"]),
            ("15 Jan 2024", ["%d %b %Y"]),
            ("3 Sept. 2024", ["%d %b %Y"]),
            ("15-Jan-24", ["%d-%b-%y"]),
            ("Jan 15, 2024", ["%b %d, %Y"]),
            ("2024-Jan-15", ["%Y-%b-%d"]),
            ("Total", []),
            ("2024-01", []),
            ("15/01/2024x", []),
            ("15/01/202", []),
            ("Q1 2024", []),
            ("1/2/3/4", []),
        ])
    func shapes(text: String, expected: [String]) {
        var bytes = Array(text.utf8)
        let candidates = bytes.withUnsafeMutableBufferPointer {
            DateFormatSniffer.candidates(for: UnsafeBufferPointer($0))
        }
        #expect(candidates.map(\.format.description) == expected)
        // The first candidate reads the cell it was made from.
        if let first = candidates.first { #expect(first.format.parse(text) != nil) }
    }

    @Test(arguments: [
        ("%d/%m/%Y", DateOrder.dayMonthYear), ("%m/%d/%Y", .monthDayYear), ("%b %d, %Y", .monthDayYear),
        ("%d %b %Y", .dayMonthYear),
    ])
    func dayMonthOrder(pattern: String, order: DateOrder) throws {
        #expect(try DateFormat(pattern).dayMonthOrder == order)
    }

    @Test func yearFirstHasNoDayMonthOrder() throws {
        #expect(try DateFormat("%Y-%m-%d").dayMonthOrder == nil)
        #expect(DateFormat.auto.dayMonthOrder == nil)
    }
}
