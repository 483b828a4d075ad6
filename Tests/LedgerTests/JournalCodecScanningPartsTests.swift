import Testing

@testable import Ledger

/// A journal scanned in two parts (`scanInTwoParts`) hands `visit` what one pass (`scan`) hands
/// it, in the same order, and fails where one pass fails, at the same line and column, wherever the
/// row that is not in the encoder's form falls against the cut.
@Suite("Journal scanned in two parts")
struct JournalCodecScanningPartsTests {
    static let header = JournalCodecPartsTests.header

    /// Row `n` in the encoder's exact form: `JournalCodecPartsTests.row(n)` without its category.
    static func row(_ number: Int) -> String {
        categorised(number).replacingOccurrences(of: #""category":"Food:Groceries","#, with: "")
    }

    /// Row `n` with a category: valid, but not the form `CanonicalRow` takes, so it is decoded.
    static func categorised(_ number: Int) -> String { JournalCodecPartsTests.row(number) }

    /// What `visit` was handed, row by row, and the failure, as text.
    static func visits(_ text: String, twoParts: Bool) -> [String] {
        var seen: [String] = []
        let file = JournalBytes(Array(text.utf8))
        do {
            let visit: (ScannedRow) -> Void = { row in
                switch row {
                case .canonical(let row):
                    seen.append(
                        "canonical \(row.start)-\(row.end) id \(row.id) account \(row.account) \(row.date) "
                            + "\(row.amount.minorUnits) \(row.amount.currency.code) payee \(row.payee) memo \(row.memo) "
                            + "\(String(describing: row.bankType)) \(String(describing: row.bankCategory)) \(row.tail)")
                case .decoded(let transaction, let start, let end):
                    seen.append("decoded \(start)-\(end) \(transaction)")
                }
            }
            let header =
                twoParts
                ? try JournalCodec.scanInTwoParts(file, path: "j.jsonl", cores: 2, minimumBytes: 0, visit: visit)
                : try JournalCodec.scan(file, path: "j.jsonl", visit: visit)
            seen.append("header \(header.stage) \(header.baseCurrency.code)")
        } catch {
            seen.append("failed \(error)")
        }
        return seen
    }

    static func expectSame(_ lines: [String], trailingLineFeed: Bool = true) {
        let text = lines.joined(separator: "\n") + (trailingLineFeed ? "\n" : "")
        let one = visits(text, twoParts: false)
        #expect(visits(text, twoParts: true) == one, "\(text)")
    }

    @Test func rowsInTheEncodersFormComeInTheFilesOrder() {
        // Blank lines before the header and between rows; with and without a last line feed.
        let lines = ["", Self.header] + (1...9).map(Self.row) + [""] + (10...20).map(Self.row)
        Self.expectSame(lines)
        Self.expectSame(lines, trailingLineFeed: false)
        let seen = Self.visits(lines.joined(separator: "\n"), twoParts: true)
        #expect(seen.count == 21)
        #expect(seen.filter { $0.hasPrefix("canonical ") }.count == 20)
    }

    @Test func aDecodedRowAnywhereIsHandedOverInItsPlace() {
        for position in 1...16 {
            var rows = (1...16).map(Self.row)
            rows[position - 1] = Self.categorised(position)
            Self.expectSame([Self.header] + rows)
        }
    }

    @Test func aRowThatDoesNotDecodeFailsAtTheSameLineAnywhere() {
        for position in 1...16 {
            var rows = (1...16).map(Self.row)
            rows[position - 1] = #"{"id":"r\#(position)","account":}"#
            // A blank line before it moves its line number, not its row's.
            Self.expectSame([Self.header, ""] + rows)
            let failure = Self.visits(([Self.header, ""] + rows).joined(separator: "\n"), twoParts: true).last
            #expect(failure?.hasPrefix("failed j.jsonl:\(position + 2):") == true)
        }
    }

    @Test func aJournalOfAHeaderOnlyOrOneRow() {
        Self.expectSame([Self.header])
        Self.expectSame([Self.header], trailingLineFeed: false)
        Self.expectSame([Self.header, Self.row(1)])
        Self.expectSame([Self.header, Self.categorised(1)], trailingLineFeed: false)
        Self.expectSame([])
    }
}
