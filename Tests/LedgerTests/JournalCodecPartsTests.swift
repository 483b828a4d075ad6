import Testing

@testable import Ledger

/// A journal decoded in runs of lines on several threads is the journal decoded on one: the same
/// rows in the file's order, and the same first failure.
@Suite("Journal decoded in parts")
struct JournalCodecPartsTests {
    static let header =
        #"{"accounts":[],"baseCurrency":"GBP","format":"closebook-journal","schemaVersion":1,"#
        + #""stage":"ledger"}"#

    /// Row `n`: id `rN`, `N` pence out on day `N` of January, a payee repeated every third row.
    static func row(_ number: Int) -> String {
        #"{"id":"r\#(number)","account":"current","date":"2026-01-\#(number < 10 ? "0" : "")\#(number)","#
            + #""amount":"-0.\#(number < 10 ? "0" : "")\#(number)","currency":"GBP","payee":"P\#(number % 3)","#
            + #""category":"Food:Groceries","file":"inbox/a.csv","line":\#(number + 1)}"#
    }

    @Test(arguments: [1, 2, 3, 4, 7, 16])
    func rowsComeInTheFilesOrder(parts: Int) throws {
        // Blank lines between rows, and before and after the header, are skipped as `decode` skips them.
        let lines =
            ["", Self.header, Self.row(1), Self.row(2), "", Self.row(3), Self.row(4), Self.row(5), ""]
            + (6...12).map(Self.row)
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let journal = try JournalCodec.decode(JournalBytes(bytes), path: "j.jsonl", parts: parts)
        #expect(journal.transactions.map(\.id.rawValue) == (1...12).map { "r\($0)" })
        #expect(journal.transactions.map(\.amount.minorUnits) == (1...12).map { -Int64($0) })
        #expect(
            journal.transactions.map(\.payee) == [
                "P1", "P2", "P0", "P1", "P2", "P0", "P1", "P2", "P0", "P1", "P2", "P0",
            ])
        #expect(journal.transactions.map(\.source.line) == Array(2...13))
        #expect(journal.baseCurrency == .gbp)
        #expect(journal == (try JournalCodec.decode(bytes, path: "j.jsonl")))
    }

    @Test(arguments: [2, 3, 5])
    func aJournalOfFewRowsOrNone(parts: Int) throws {
        let one = try JournalCodec.decode(
            JournalBytes(Array("\(Self.header)\n\(Self.row(4))".utf8)), path: "j", parts: parts)
        #expect(one.transactions.map(\.id.rawValue) == ["r4"])
        let none = try JournalCodec.decode(JournalBytes(Array("\(Self.header)\n".utf8)), path: "j", parts: parts)
        #expect(none.transactions.isEmpty)
        let headerOnly = try JournalCodec.decode(JournalBytes(Array(Self.header.utf8)), path: "j", parts: parts)
        #expect(headerOnly.transactions.isEmpty)
        #expect(throws: JournalError.self) { try JournalCodec.decode(JournalBytes([]), path: "j", parts: parts) }
    }

    /// A bad row in the last run, and then one in the first as well: the failure is the first in
    /// the file, at its line (the header is line 1) and column, as one thread reports it.
    @Test func theFirstFailureInTheFileIsReported() throws {
        var lines = [Self.header] + (1...12).map(Self.row)
        // Line 12: its date does not exist.
        lines[11] = lines[11].replacingOccurrences(of: "2026-01-11", with: "2026-02-30")
        var bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let late = failure { try JournalCodec.decode(JournalBytes(bytes), path: "j.jsonl", parts: 2) }
        #expect(late.hasPrefix("j.jsonl:12:"), "\(late)")
        #expect(late == failure { try JournalCodec.decode(bytes, path: "j.jsonl") })

        // Line 3: an escape JSON does not have.
        lines[2] = lines[2].replacingOccurrences(of: #""payee":"P2""#, with: #""payee":"\q""#)
        bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        for parts in [2, 3, 6] {
            let early = failure { try JournalCodec.decode(JournalBytes(bytes), path: "j.jsonl", parts: parts) }
            #expect(early.hasPrefix("j.jsonl:3:"), "\(early)")
            #expect(early == failure { try JournalCodec.decode(bytes, path: "j.jsonl") })
        }
    }

    /// The figures' rows (what the analysis reads) decoded in runs equal those decoded on one
    /// thread, in the file's order, and a bad row fails at the same line.
    @Test(arguments: [1, 2, 3, 7])
    func figuresComeInTheFilesOrder(parts: Int) throws {
        let lines = ["", Self.header, Self.row(1), "", Self.row(2)] + (3...12).map(Self.row) + [""]
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let (header, rows) = try JournalCodec.decodeFigures(JournalBytes(bytes), path: "j.jsonl", parts: parts)
        #expect(rows.map(\.id.rawValue) == (1...12).map { "r\($0)" })
        #expect(rows.map(\.amount.minorUnits) == (1...12).map { -Int64($0) })
        #expect(rows.map(\.payee) == (1...12).map { "P\($0 % 3)" })
        #expect(header.baseCurrency == .gbp)
        let whole = try JournalCodec.decodeFigures(JournalBytes(bytes), path: "j.jsonl")
        #expect(rows == whole.rows)
        var broken = lines
        broken[9] = broken[9].replacingOccurrences(of: "2026-01-07", with: "2026-02-30")
        let brokenBytes = Array(broken.joined(separator: "\n").utf8)
        var message = "no failure"
        do { _ = try JournalCodec.decodeFigures(JournalBytes(brokenBytes), path: "j.jsonl", parts: parts) } catch {
            message = "\(error)"
        }
        #expect(message.hasPrefix("j.jsonl:10:"), "\(message)")
    }

    private func failure(_ decode: () throws -> Journal) -> String {
        do {
            _ = try decode()
            return "no failure"
        } catch {
            return "\(error)"
        }
    }
}
