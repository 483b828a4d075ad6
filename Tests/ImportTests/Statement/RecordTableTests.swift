import Ledger
import Testing

@testable import Import

@Suite("Record table")
struct RecordTableTests {
    let gbp = Currency.gbp
    let day = CivilDate(year: 2025, month: 3, day: 14)!

    func money(_ minorUnits: Int64, _ currency: Currency = .gbp) -> Money {
        Money(minorUnits: minorUnits, currency: currency)
    }

    @Test("records appended whole come back equal, texts and all")
    func roundTrip() {
        let records = [
            ParsedRecord(
                date: day, amount: money(-1250), payee: "Café Nero", memo: "flat white", status: .pending,
                fitID: "F 1", checkNumber: "1001", bankType: "POS", bankCategory: "Food",
                splits: [ParsedSplit(category: "Food:Coffee", memo: "", amount: money(-1250))],
                balanceAfter: money(98_750), line: 7),
            ParsedRecord(date: day, amount: money(500, .eur), payee: "", line: 8),
        ]
        let table = RecordTable(records)
        #expect(table.count == 2)
        #expect(Array(table) == records)
        #expect(table.currency(at: 1) == .eur)
        #expect(table.balanceAfter(at: 0) == money(98_750))
        #expect(table.balanceAfter(at: 1) == nil)
        #expect(table.hasSplits(at: 0) && !table.hasSplits(at: 1))
        #expect(table.fitID(at: 0) == "F 1" && table.fitID(at: 1) == nil)
        table.withTexts(at: 0) { texts in
            #expect(Array(texts.payee) == Array("Café Nero".utf8))
            #expect(texts.bankType.map(Array.init) == Array("POS".utf8))
        }
    }

    @Test("an empty optional text is kept apart from an absent one")
    func emptyAndAbsent() {
        var table = RecordTable()
        var lengths = RecordTable.TextLengths()
        lengths.payee = table.appendText("Shop")
        lengths.checkNumber = 0
        table.appendRecord(line: 1, date: day, amount: money(-1), status: .posted, texts: lengths, balanceAfter: nil)
        #expect(table[0].payee == "Shop")
        #expect(table[0].checkNumber == "")
        #expect(table[0].bankType == nil)
    }

    @Test("ill-formed UTF-8 is stored as String(decoding:) repairs it")
    func repairsUTF8() {
        var table = RecordTable()
        var lengths = RecordTable.TextLengths()
        let bytes: [UInt8] = [0x41, 0xFF, 0x42, 0xC3]
        lengths.payee = bytes.withUnsafeBufferPointer { table.appendText($0) }
        table.appendRecord(line: 1, date: day, amount: money(1), status: .posted, texts: lengths, balanceAfter: nil)
        #expect(table[0].payee == "A\u{FFFD}B\u{FFFD}")
        #expect(lengths.payee == 8)
    }

    @Test("text of a record given up is dropped before the next one")
    func discardsPendingText() {
        var table = RecordTable()
        table.appendText("abandoned")
        #expect(table.pendingTextCount == 9)
        table.discardPendingText()
        var lengths = RecordTable.TextLengths()
        lengths.payee = table.appendText("kept")
        table.appendRecord(line: 2, date: day, amount: money(1), status: .posted, texts: lengths, balanceAfter: nil)
        #expect(table[0].payee == "kept")
    }

    @Test("setting a record rewrites it and leaves its neighbours alone")
    func setRecord() {
        var table = RecordTable([
            ParsedRecord(date: day, amount: money(-100), payee: "Buy ABC", memo: "m", line: 1),
            ParsedRecord(date: day, amount: money(-200), payee: "Second", line: 2),
        ])
        table[0].payee = "Buy Acme Corp"
        table[0].splits = [ParsedSplit(category: "Invest", memo: "", amount: money(-100))]
        #expect(table[0].payee == "Buy Acme Corp")
        #expect(table[0].memo == "m")
        #expect(table[0].splits.count == 1)
        #expect(table[1].payee == "Second")
        #expect(table[1].amount == money(-200))
    }

    @Test("ASCII is told apart eight bytes at a time and in the tail")
    func asciiCheck() {
        for length in 0..<20 {
            for position in 0..<max(length, 1) {
                var bytes = [UInt8](repeating: 0x61, count: length)
                #expect(bytes.withUnsafeBufferPointer { RecordTable.isASCII($0) })
                guard length > 0 else { continue }
                bytes[position] = 0x80
                #expect(!bytes.withUnsafeBufferPointer { RecordTable.isASCII($0) })
            }
        }
    }
}
