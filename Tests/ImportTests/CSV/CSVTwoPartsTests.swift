import Ledger
import Testing

@testable import Import

/// A file's rows read in two parts at once give what one pass gives: the same statements (in
/// first-seen order, records at the same lines), skipped rows, warnings and tallies, whatever the
/// line ends, and when the cut falls inside a quoted field that runs over lines.
@Suite struct CSVTwoPartsTests {
    typealias Support = CSVTestSupport

    /// Date, Account, Description, Amount; DD/MM/YYYY; EUR.
    static let toml = """
        name = "Two accounts"
        bank = "Test Bank"

        [file]
        signature = ["Date", "Account", "Description", "Amount"]

        [columns]
        date = "Date"
        date_format = "%d/%m/%Y"
        account = "Account"
        payee = "Description"

        [amount]
        column = "Amount"
        currency = "EUR"
        """

    /// Row `n`: a card row; every 7th has a date no calendar has (skipped), every 11th a stray
    /// quote (a warning), every 13th an amount with three decimals (rounded, one tally), and the
    /// savings account first appears after the middle.
    static func row(_ number: Int, rows: Int) -> String {
        let day = number % 7 == 0 ? "31/02/2026" : String(format: "%02d/03/2026", number % 28 + 1)
        let account = number > rows * 2 / 3 && number % 2 == 0 ? "SAVINGS-2" : "CARD-1"
        let payee = number % 11 == 0 ? "SHOP \(number) 5\" SCREEN" : "\"SHOP \(number), LONDON\""
        let amount = number % 13 == 0 ? "-\(number).125" : "-\(number).50"
        return "\(day),\(account),\(payee),\(amount)"
    }

    static func text(rows: Int, lineEnd: String, quotedLinesAt: Int? = nil, quotedLines: Int = 0) -> String {
        var lines = ["Date,Account,Description,Amount"]
        for number in 1...rows {
            if number == quotedLinesAt {
                let note = Array(repeating: "a note line", count: quotedLines).joined(separator: lineEnd)
                lines.append("01/03/2026,CARD-1,\"LONG NOTE\(lineEnd)\(note)\",-1.00")
            }
            lines.append(row(number, rows: rows))
            if number % 50 == 0 { lines.append("") }
        }
        return lines.joined(separator: lineEnd) + lineEnd
    }

    static func read(_ text: String, cores: Int) throws -> ParsedFile {
        var reader = CSVReader(profiles: [try Support.profile(toml, id: "two-accounts")])
        reader.twoParts = CSVReader.TwoParts(fromBytes: 0, cores: cores)
        return try reader.read(
            Array(text.utf8), path: "inbox/two.csv", context: ReadContext(defaultCurrency: .eur, account: nil))
    }

    static func expectSame(_ text: String) throws {
        let one = try read(text, cores: 1)
        let two = try read(text, cores: 2)
        #expect(two.statements.map(\.accountHint) == one.statements.map(\.accountHint))
        #expect(two.statements.map { Array($0.records) } == one.statements.map { Array($0.records) })
        #expect(two.statements.map(\.statedBalances) == one.statements.map(\.statedBalances))
        #expect(two.skipped == one.skipped)
        #expect(two.warnings == one.warnings)
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func bothPartsGiveWhatOnePassGives(lineEnd: String) throws {
        let text = Self.text(rows: 300, lineEnd: lineEnd)
        try Self.expectSame(text)
        // Worked out from the rows: 300 rows, 42 with 31 February; two accounts, savings second.
        let file = try Self.read(text, cores: 2)
        #expect(file.statements.count == 2)
        #expect(file.statements.map { $0.records.count }.reduce(0, +) == 300 - 42)
        #expect(file.skipped.count == 42)
        // Row n is on line n + 1 plus the blank lines before it (one after every 50th row).
        let lines = file.statements.flatMap { Array($0.records) }.map(\.line).sorted()
        let expected = (1...300).filter { $0 % 7 != 0 }.map { $0 + 1 + ($0 - 1) / 50 }
        #expect(lines == expected)
        let warnings = file.warnings.map(\.message)
        // Rows 11, 22, …, 297: 27 stray quotes, one warning each.
        #expect(warnings.filter { $0.contains("stray quote") }.count == 27)
        // Rows 13, 26, …, 299 less those on 31 February (91, 182, 273): one rounding warning, 20 more.
        #expect(warnings.contains { $0.contains("has more decimals") && $0.contains("(and 19 more)") })
    }

    /// The cut is just after a line feed past the middle, at the start of a line with text; with
    /// carriage returns alone there is none, and the rows are read in one part.
    @Test func theCutStartsALineWithText() {
        for lineEnd in ["\n", "\r\n"] {
            let bytes = Array(Self.text(rows: 300, lineEnd: lineEnd).utf8)
            let cut = bytes.withUnsafeBufferPointer { CSVReader.cut($0, from: 32, .init(fromBytes: 0, cores: 2)) }
            #expect(cut.map { $0 >= 32 + (bytes.count - 32) / 2 && bytes[$0 - 1] == 0x0A } == true, "\(lineEnd.utf8)")
            #expect(cut.map { bytes[$0] != 0x0A && bytes[$0] != 0x0D } == true)
            // One core, or fewer bytes than asked: no cut.
            #expect(bytes.withUnsafeBufferPointer { CSVReader.cut($0, from: 32, .init(fromBytes: 0, cores: 1)) } == nil)
            #expect(
                bytes.withUnsafeBufferPointer { CSVReader.cut($0, from: 32, .init(fromBytes: bytes.count, cores: 2)) }
                    == nil)
        }
        let returns = Array(Self.text(rows: 300, lineEnd: "\r").utf8)
        #expect(returns.withUnsafeBufferPointer { CSVReader.cut($0, from: 32, .init(fromBytes: 0, cores: 2)) } == nil)
    }

    /// The line a cut starts: 1 + line feeds + carriage returns alone (a pair counts once).
    @Test func lineNumbersCountEachKindOfLineEndOnce() {
        let bytes = Array("a\nb\r\nc\rd\n\ne".utf8)
        let lines = bytes.withUnsafeBufferPointer { text in
            (0...bytes.count).map { CSVReader.lineNumber(at: $0, in: text) }
        }
        // a \n b \r \n c \r d \n \n e; between the \r and \n of a pair (where no cut falls) the
        // \r counts as a line end so far.
        #expect(lines == [1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6, 6])
    }

    /// Word by word as one byte at a time: line feeds, carriage returns and pairs of the two
    /// wherever they fall in an eight-byte word, at every position of a 3,000-byte text.
    @Test func lineNumbersOfALongTextAreCountedAsByteByByte() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x0D, UInt8(ascii: "x"), UInt8(ascii: ","), 0x8A, 0x8D]
        let bytes = (0..<3_000).map { _ in alphabet.randomElement(using: &generator)! }
        var expected: [Int] = [1]
        var line = 1
        for index in bytes.indices {
            // A carriage return ends a line; a line feed does too, unless it ends a pair.
            if bytes[index] == 0x0D || (bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D)) { line += 1 }
            expected.append(line)
        }
        let counted = bytes.withUnsafeBufferPointer { text in
            (0...bytes.count).map { CSVReader.lineNumber(at: $0, in: text) }
        }
        #expect(counted == expected)
    }

    /// A quoted field of 300 lines (3,600 bytes, under the tokenizer's field limit) around the middle: the cut falls inside it, the second part's
    /// work is dropped, and the first part reads on.
    @Test(arguments: ["\n", "\r\n"])
    func aCutInsideAQuotedFieldFallsBackToOnePass(lineEnd: String) throws {
        let text = Self.text(rows: 40, lineEnd: lineEnd, quotedLinesAt: 21, quotedLines: 300)
        try Self.expectSame(text)
        let file = try Self.read(text, cores: 2)
        let long = file.statements.flatMap { Array($0.records) }.filter { $0.payee.hasPrefix("LONG NOTE") }
        #expect(long.count == 1)
        #expect(long.first?.line == 22)
    }
}
