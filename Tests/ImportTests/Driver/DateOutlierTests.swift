import Foundation
import Ledger
import Testing

@testable import Import

/// One absurd date must not pick the report's month (issue 14, item 10): a row dated 9999-12-31 or
/// 2062 is skipped with a reason at its line.
@Suite("Dates far from the rest of the statement")
struct DateOutlierTests {
    static func run(_ files: [(String, String)]) -> ImportOutcome {
        ImportDriver(readers: [OFX2Reader(), OFX1Reader(), QIFReader()], config: WorkspaceConfig(baseCurrency: .gbp))
            .run(files.map { InboxFile(name: $0.0, bytes: Array($0.1.utf8)) })
    }

    @Test func aDateYearsAfterEveryOtherRowIsSkipped() throws {
        let qif = """
            !Type:Bank
            D2026-10-02
            T-12.50
            PCORNER SHOP
            ^
            D2062-10-05
            T-3.00
            PBAKERY
            ^
            D2026-10-09
            T-8.00
            PCAFE
            ^
            D9999-12-31
            T-1.00
            PPLACEHOLDER
            ^

            """
        let outcome = Self.run([("saver.qif", qif)])
        let file = try #require(outcome.report.files.first)
        #expect(file.imported == 2)
        #expect(file.records == 4)
        #expect(
            file.skippedRecords.map(\.line) == [6, 14])
        #expect(
            file.skippedRecords.first?.reason
                == "its date 2062-10-05 is more than a year after every other transaction of the statement (the "
                + "latest is 2026-10-09); it is skipped")
        #expect(outcome.journal.transactions.map(\.date).max() == CivilDate(iso: "2026-10-09"))
    }

    @Test func aDateFarOutsideTheStatedPeriodIsSkipped() throws {
        let ofx = OFXTestSupport.checkingStatement(
            """
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261110<TRNAMT>-10.00<FITID>A-1<NAME>SHOP</STMTTRN>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20161112<TRNAMT>-20.00<FITID>A-2<NAME>TYPO</STMTTRN>
            """)
        let outcome = Self.run([("bank.ofx", ofx)])
        let file = try #require(outcome.report.files.first)
        #expect(file.imported == 1)
        #expect(
            file.skippedRecords.map(\.reason) == [
                "its date 2016-11-12 is far outside the statement's period (2026-11-01 to 2026-11-30); it is skipped"
            ])
    }

    @Test func ordinaryGapsAreKept() throws {
        // Eleven months between two payments is a quiet account, not a typo.
        let qif = "!Type:Bank\nD2025-01-02\nT-12.50\nPA\n^\nD2025-12-01\nT-3.00\nPB\n^\n"
        let outcome = Self.run([("saver.qif", qif)])
        #expect(outcome.report.files.first?.imported == 2)
        #expect(outcome.report.files.first?.skippedRecords.isEmpty == true)
    }

    /// The workspace's implausible dates are found in every file and statement, whatever comes
    /// before them: here a file that cannot be read, then two exports, each with one such row.
    /// By hand (today 2026-11-27): `b.qif`'s 1900-01-01 is the single earliest day, over a year
    /// before the rest (line 10); `c.qif`'s 2026-12-20 is more than seven days after today (line
    /// 6), and within a year of its statement's other row, so only the workspace's rule sees it.
    @Test func implausibleDatesAreFoundInEveryFileAfterOneThatCannotBeRead() throws {
        func qif(_ rows: [(String, String, String)]) -> String {
            "!Type:Bank\n" + rows.map { "D\($0.0)\nT\($0.1)\nP\($0.2)\n^\n" }.joined()
        }
        var driver = ImportDriver(
            readers: [OFX2Reader(), OFX1Reader(), QIFReader()], config: WorkspaceConfig(baseCurrency: .gbp))
        driver.today = CivilDate(iso: "2026-11-27")
        let files = [
            ("a.qif", "not an export at all\n"),
            (
                "b.qif",
                qif([
                    ("2026-10-01", "-1.00", "ALPHA"), ("2026-10-02", "-2.00", "BRAVO"),
                    ("1900-01-01", "-3.00", "PLACEHOLDER"),
                ])
            ),
            ("c.qif", qif([("2026-10-03", "-4.00", "CHARLIE"), ("2026-12-20", "-5.00", "FUTURE")])),
        ]
        let outcome = driver.run(files.map { InboxFile(name: $0.0, bytes: Array($0.1.utf8)) })
        let byPath = Dictionary(uniqueKeysWithValues: outcome.report.files.map { ($0.path, $0) })
        let b = try #require(byPath["inbox/b.qif"])
        let c = try #require(byPath["inbox/c.qif"])
        #expect(b.skippedRecords.map(\.line) == [10])
        #expect(
            b.skippedRecords.first?.reason
                == "its date 1900-01-01 is more than a year before the rest of the workspace's data (which begins "
                + "2026-10-01): a typo or a placeholder, not a transaction; it is skipped")
        #expect(c.skippedRecords.map(\.line) == [6])
        #expect(
            c.skippedRecords.first?.reason
                == "its date 2026-12-20 is more than 7 days after today (2026-11-27): a typo or a placeholder, not "
                + "a transaction; it is skipped")
        #expect(outcome.journal.transactions.map(\.payee).sorted() == ["ALPHA", "BRAVO", "CHARLIE"])
    }
}
