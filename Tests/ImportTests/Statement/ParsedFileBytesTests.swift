import Ledger
import Testing

@testable import Import

@Suite("Parsed file bytes")
struct ParsedFileBytesTests {
    let day = CivilDate(year: 2025, month: 3, day: 14)!
    let usd = Currency(code: "USD")!
    let odd = Currency(code: "XQQ", exponent: 3)

    func money(_ minorUnits: Int64, _ currency: Currency = .gbp) -> Money {
        Money(minorUnits: minorUnits, currency: currency)
    }

    /// A file with every field set at least once, a record revised after it was appended (its
    /// texts then lie after the next record's) and texts that are not ASCII.
    func sample() -> ParsedFile {
        var records = RecordTable([
            ParsedRecord(
                date: day, amount: money(-1234), payee: "CAFÉ ÉTOILE", memo: "carte 1234", status: .pending,
                fitID: "F1", checkNumber: "0042", bankType: "DEB", bankCategory: "Food", balanceAfter: money(98_766),
                line: 7),
            ParsedRecord(date: day, amount: money(500, usd), payee: "", line: 9),
            ParsedRecord(
                date: CivilDate(year: 9999, month: 12, day: 31)!, amount: money(.min + 1), payee: "Split",
                splits: [
                    ParsedSplit(category: "Food:Groceries", memo: "a", amount: money(-300)),
                    ParsedSplit(category: "Home", memo: "", amount: money(-200)),
                ], line: 4_294_967_295),
        ])
        records[1] = ParsedRecord(date: day, amount: money(501, usd), payee: "日本 revised", memo: "m", line: 9)
        var statement = ParsedStatement(
            accountHint: AccountHint(
                institution: "Bank", accountNumber: "GB12", name: nil, kind: .creditCard, bankID: "40-01",
                accountType: "CREDITCARD"),
            currency: odd, records: records,
            statedBalances: [
                StatedBalance(kind: .ledger, date: day, amount: money(-5), line: 3),
                StatedBalance(kind: .available, date: day, amount: money(7, odd), line: 4),
            ], coverage: day...CivilDate(year: 2025, month: 4, day: 1)!, positionsValue: money(12, odd))
        statement.positionsDate = day
        var parsed = ParsedFile(
            format: .ofx2, profile: "northwind", statements: [statement, ParsedStatement(accountHint: AccountHint())],
            skipped: [SkippedRecord(line: 3, reason: "no date")],
            warnings: [ImportDiagnostic(severity: .warning, path: "inbox/a.ofx", line: 2, column: 5, message: "w")])
        parsed.inferredProfile = "[profile]\n"
        return parsed
    }

    func expectSame(_ left: ParsedFile, _ right: ParsedFile) {
        #expect(left.format == right.format)
        #expect(left.profile == right.profile)
        #expect(left.inferredProfile == right.inferredProfile)
        #expect(left.skipped == right.skipped)
        #expect(left.warnings == right.warnings)
        #expect(left.statements.count == right.statements.count)
        for (a, b) in zip(left.statements, right.statements) {
            #expect(a.accountHint == b.accountHint)
            #expect(a.currency == b.currency)
            #expect(a.currency?.exponent == b.currency?.exponent)
            #expect(a.statedBalances == b.statedBalances)
            #expect(a.coverage == b.coverage)
            #expect(a.positionsValue == b.positionsValue)
            #expect(a.positionsDate == b.positionsDate)
            #expect(Array(a.records) == Array(b.records))
        }
    }

    @Test("a file read back is the file written, field for field")
    func roundTrip() throws {
        let parsed = sample()
        let bytes = try #require(ParsedFileBytes.encode(parsed))
        let back = try #require(bytes.withUnsafeBufferPointer { ParsedFileBytes.decode($0) })
        expectSame(parsed, back)
        // Worked out by hand: the revised record's texts, and the splits of the third record.
        let records = back.statements[0].records
        #expect(records[1].payee == "日本 revised")
        #expect(records[1].amount == money(501, usd))
        #expect(records[2].splits.map(\.category) == ["Food:Groceries", "Home"])
        #expect(records[2].line == 4_294_967_295)
        #expect(records[0].status == .pending)
        #expect(records[0].balanceAfter == money(98_766))
        #expect(records[1].balanceAfter == nil)
        #expect(records[1].fitID == nil)
        #expect(back.statements[0].currency?.exponent == 3)
        // Written again, the texts now in row order: the same bytes as the first writing.
        #expect(ParsedFileBytes.encode(back) == bytes)
    }

    @Test("a line past 2^32 is not written")
    func lineTooLarge() {
        var parsed = sample()
        parsed.statements[0].records = RecordTable([
            ParsedRecord(date: day, amount: money(1), payee: "x", line: 4_294_967_296)
        ])
        #expect(ParsedFileBytes.encode(parsed) == nil)
    }

    @Test("every cut-short file is refused, and bytes after a whole file too")
    func truncated() throws {
        let bytes = try #require(ParsedFileBytes.encode(sample()))
        for length in 0..<bytes.count {
            #expect(Array(bytes[..<length]).withUnsafeBufferPointer { ParsedFileBytes.decode($0) } == nil)
        }
        #expect((bytes + [0]).withUnsafeBufferPointer { ParsedFileBytes.decode($0) } == nil)
    }

    @Test("texts that are not UTF-8, or a text cut inside a character, are refused")
    func badTexts() throws {
        var parsed = sample()
        parsed.statements = [
            ParsedStatement(
                accountHint: AccountHint(),
                records: [
                    ParsedRecord(date: day, amount: money(1), payee: "é", memo: "", line: 1)
                ])
        ]
        let bytes = try #require(ParsedFileBytes.encode(parsed))
        // The row's payee length is 2 (é is C3 A9) and its texts come last but the split count.
        let text = try #require(bytes.firstRange(of: [0xC3, 0xA9])).lowerBound
        var invalid = bytes
        invalid[text] = 0xFF
        #expect(invalid.withUnsafeBufferPointer { ParsedFileBytes.decode($0) } == nil)
        // Payee of one byte and memo of one: each cuts é in two.
        let rowStart = text - ParsedFileBytes.rowSize
        var cut = bytes
        cut[rowStart + 24] = 1
        cut[rowStart + 28] = 1
        #expect(cut.withUnsafeBufferPointer { ParsedFileBytes.decode($0) } == nil)
        #expect(bytes.withUnsafeBufferPointer { ParsedFileBytes.decode($0) }?.statements[0].records[0].payee == "é")
    }

    @Test("a date that is not a calendar date, or an unknown flag, is refused")
    func badRows() throws {
        var parsed = sample()
        parsed.statements = [
            ParsedStatement(
                accountHint: AccountHint(), records: [ParsedRecord(date: day, amount: money(1), payee: "", line: 1)])
        ]
        let bytes = try #require(ParsedFileBytes.encode(parsed))
        // The one row is the `rowSize` bytes before but the text bytes (none) and the split count (8).
        let rowStart = bytes.count - 8 - ParsedFileBytes.rowSize
        #expect(bytes[rowStart + 6] == 3 && bytes[rowStart + 7] == 14)
        var february = bytes
        february[rowStart + 6] = 2
        february[rowStart + 7] = 30
        #expect(february.withUnsafeBufferPointer { ParsedFileBytes.decode($0) } == nil)
        var flags = bytes
        flags[rowStart + ParsedFileBytes.rowSize - 1] = 8
        #expect(flags.withUnsafeBufferPointer { ParsedFileBytes.decode($0) } == nil)
        var currency = bytes
        currency[rowStart + 48] = 1
        #expect(currency.withUnsafeBufferPointer { ParsedFileBytes.decode($0) } == nil)
    }
}
