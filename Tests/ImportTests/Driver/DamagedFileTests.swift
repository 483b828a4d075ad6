import Foundation
import Ledger
import Testing

@testable import Import

/// Files that are damaged or not bank exports at all: the import says what is wrong, at its line,
/// and loses no more than it must (issue 14).
@Suite("Import driver: damaged and special files")
struct DamagedFileTests {
    static let readers: [any StatementReader] = [
        OFX2Reader(), OFX1Reader(), QIFReader(), CSVReader(profiles: CSVTestSupport.profiles),
    ]

    static func run(
        _ files: [(String, [UInt8])], config: WorkspaceConfig = WorkspaceConfig(baseCurrency: .gbp)
    )
        -> ImportOutcome
    {
        ImportDriver(readers: readers, config: config).run(files.map { InboxFile(name: $0.0, bytes: $0.1) })
    }

    static let northwind = """
        Date,Type,Description,Paid Out,Paid In,Balance
        14/11/2026,DEB,TESCO STORES 3297,42.10,,1957.90
        14/11/2026,FPI,"ACME LTD, SALARY",,2000.00,2000.00
        31/10/2026,DD,BRAMBLE BS,100.00,,0.00

        """

    @Test("a NUL byte skips only the CSV record that holds it, with its line")
    func nulByteInCSV() throws {
        var bytes = Array(Self.northwind.utf8)
        let offset = try #require(bytes.firstIndex(of: UInt8(ascii: "A")))  // in "ACME", line 3
        bytes[offset] = 0
        let outcome = Self.run([("northwind-current-2026-11.csv", bytes)])
        let file = try #require(outcome.report.files.first)
        #expect(file.errors.isEmpty)
        #expect(file.records == 3)
        #expect(file.imported == 2)
        #expect(
            file.skippedRecords == [
                .init(line: 3, reason: "the line holds a NUL byte (binary data, not text); it is skipped")
            ])
        #expect(outcome.failedFiles == 0)
    }

    @Test("a NUL byte in a QIF record leaves the line out with a warning; the other records are read")
    func nulByteInQIF() throws {
        var bytes = Array(
            "!Type:Bank\nD02/09/2024\nT250.00\nPTRANSFER IN\n^\nD30/09/2024\nT3.12\nPINTE\0REST\n^\n".utf8)
        let outcome = Self.run([("savings.qif", bytes)])
        let file = try #require(outcome.report.files.first)
        #expect(file.errors.isEmpty)
        #expect(file.imported == 2)
        #expect(
            file.warnings.contains(
                "inbox/savings.qif:8:1: warning: the line holds a NUL byte (binary data, not text) and was left out; a record it belonged to is skipped if it needs the line"
            ))
    }

    @Test("an empty file says so; a binary file is not an export and is not quoted")
    func emptyAndBinary() throws {
        let outcome = Self.run([
            ("empty.csv", []), ("photo.csv", [0x89, 0x50, 0x4E, 0x47, 0, 0, 0x0A, 0, 1, 0x0A, 0, 0]),
        ])
        #expect(
            outcome.report.files.map(\.errors) == [
                ["inbox/empty.csv:1:1: error: the file is empty"],
                [
                    "inbox/photo.csv:1:1: error: not a bank export Closebook can read (expected CSV, OFX, QFX or QIF): NUL bytes on 3 of its 3 lines show a binary file"
                ],
            ])
        #expect(outcome.failedFiles == 2)
    }
}

extension DamagedFileTests {
    static let header = "Date,Type,Description,Paid Out,Paid In,Balance\n"
    static let row = "14/11/2026,DEB,TESCO STORES 3297,42.10,,1957.90\n"

    @Test("a field over 4 KB skips its record with a reason; the next lines are read")
    func longField() throws {
        let long = String(repeating: "X", count: CSVTokenizer.maximumFieldBytes + 1)
        let text = Self.header + Self.row + "14/11/2026,DEB,\(long),1.00,,1956.90\n" + Self.row
        let outcome = Self.run([("northwind-current-2026-11.csv", Array(text.utf8))])
        let file = try #require(outcome.report.files.first)
        #expect(file.imported == 2)
        #expect(
            file.skippedRecords == [
                .init(
                    line: 3,
                    reason:
                        "the field at line 3 column 16 is longer than 4096 bytes (no bank writes one so long; an unclosed quote?); record skipped"
                )
            ])
        #expect(outcome.journal.transactions.allSatisfy { $0.payee.utf8.count < 100 })
    }

    @Test("an unclosed quote stops at the cap and reading goes on at the next line, in linear time")
    func unclosedQuote() throws {
        var text = Self.header + "14/11/2026,DEB,\"OPEN QUOTE,1.00,,1956.90\n"
        var rows = 0
        for day in 1...28 {
            for hour in 0..<100 {
                text += String(format: "%02d/10/2026,DEB,SHOP %d,1.00,,100.00\n", day, hour)
                rows += 1
            }
        }
        let outcome = Self.run([("northwind-current-2026-11.csv", Array(text.utf8))])
        let file = try #require(outcome.report.files.first)
        #expect(file.records == rows + 1)
        #expect(file.imported == rows)
        #expect(
            file.skippedRecords == [
                .init(
                    line: 2,
                    reason:
                        "the field at line 2 column 16 is longer than 4096 bytes (no bank writes one so long; an unclosed quote?); record skipped"
                )
            ])
    }
}

extension DamagedFileTests {
    @Test(
        "an amount with more decimals than its currency is rounded the same way, with the same warning, in CSV, QIF and OFX"
    )
    func excessDecimalsAlike() throws {
        let csv = Self.header + "14/11/2026,DEB,TESCO,12.345,,1957.90\n14/11/2026,DEB,BOOTS,1.00,,1956.90\n"
        let qif = "!Type:Bank\nD25/09/2024\nT-12.345\nPTESCO\n^\n"
        let ofx = OFXSGMLReaderTests.statement(
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-12.345<FITID>1<NAME>TESCO</STMTTRN>", currency: "GBP")
        let outcome = Self.run([
            ("northwind-current-2026-11.csv", Array(csv.utf8)), ("b.qif", Array(qif.utf8)), ("c.ofx", Array(ofx.utf8)),
        ])
        #expect(outcome.report.files.map(\.imported) == [1, 1, 2])
        #expect(outcome.report.files.map(\.skipped) == [0, 0, 0])
        #expect(
            outcome.journal.transactions.filter { $0.payee.hasPrefix("TESCO") }.map(\.amount.minorUnits) == [
                -1234, -1234, -1234,
            ])
        let warnings = outcome.report.files.flatMap(\.warnings).filter { $0.contains("more decimals") }
        #expect(
            warnings == [
                "inbox/b.qif:3:1: warning: amount '-12.345' has more decimals than GBP allows; rounded half to even to -12.34",
                "inbox/c.ofx:9:1: warning: TRNAMT '-12.345' has more decimals than GBP allows; rounded half to even to -12.34",
                "inbox/northwind-current-2026-11.csv:2:1: warning: amount '12.345' has more decimals than GBP allows; rounded half to even to 12.34",
            ])
    }

    @Test("a negative number in a Paid Out column, and both columns filled, get a warning")
    func debitCreditSigns() throws {
        let csv =
            Self.header + "14/11/2026,DEB,TESCO,-42.10,,1957.90\n13/11/2026,DEB,ODD,5.00,7.00,2000.00\n"
            + "12/11/2026,DEB,ZERO,0.00,3.00,1998.00\n11/11/2026,DEB,BOOTS,-1.00,,1995.00\n"
        let outcome = Self.run([("northwind-current-2026-11.csv", Array(csv.utf8))])
        let file = try #require(outcome.report.files.first)
        #expect(file.imported == 4)
        #expect(
            file.warnings.filter { !$0.contains("balance") } == [
                "inbox/northwind-current-2026-11.csv:2:1: warning: 'Paid Out' holds a negative amount '-42.10'; it is read as money out all the same (check the sign) (and 1 more row like it)",
                "inbox/northwind-current-2026-11.csv:3:1: warning: both 'Paid Out' ('5.00') and 'Paid In' ('7.00') are filled; the row is read as money in minus money out (check it)",
            ])
    }
}

extension DamagedFileTests {
    @Test("a QIF line or an OFX value over 4 KB skips its record with a reason, as a CSV cell does")
    func longFieldsInQIFAndOFX() throws {
        let long = String(repeating: "Y", count: CSVTokenizer.maximumFieldBytes + 1)
        let qif = "!Type:Bank\nD25/09/2024\nT-1.00\nP\(long)\n^\nD26/09/2024\nT-2.00\nPSHOP\n^\n"
        let ofx = OFXSGMLReaderTests.statement(
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>1<NAME>\(long)</STMTTRN>\n"
                + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240106<TRNAMT>-2.00<FITID>2<NAME>SHOP</STMTTRN>", currency: "GBP")
        let outcome = Self.run([("a.qif", Array(qif.utf8)), ("b.ofx", Array(ofx.utf8))])
        #expect(outcome.report.files.map(\.imported) == [1, 1])
        #expect(
            outcome.report.files.map(\.skippedRecords) == [
                [.init(line: 2, reason: "its P line is longer than 4096 bytes (no bank writes one so long)")],
                [.init(line: 9, reason: "NAME is longer than 4096 bytes (no bank writes one so long)")],
            ])
    }
}
