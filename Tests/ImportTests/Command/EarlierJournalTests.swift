import Foundation
import Ledger
import Testing

@testable import Import

/// `EarlierJournal`: the rows a month end's journal shares with the last journals are left in
/// place or copied, and the journal is the same bytes as an import from nothing.
@Suite("Journal rows taken from the last journals")
struct EarlierJournalTests {
    static let config = ImportCommandTests.config

    /// A QIF export of `count` records dated in `month` of 2024, each with its own payee; the
    /// days run 01..28, so the day-first dates are not ambiguous.
    static func export(month: Int, count: Int, firstAmount: Int = 1) -> [UInt8] {
        var text = "!Type:Bank\n"
        for index in 0..<count {
            let day = 1 + index % 28
            let cents = firstAmount + index
            text += "D\(day < 10 ? "0" : "")\(day)/\(month < 10 ? "0" : "")\(month)/2024\n"
            text += "T-\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)\n"
            text += "PCARD PAYMENT TO CORNER SHOP \(month)-\(index) HIGH STREET LONDON\n^\n"
        }
        return Array(text.utf8)
    }

    static func name(_ month: Int) -> String { "bramble-savings-2024-\(month < 10 ? "0" : "")\(month).qif" }

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The journal and report an import of `inbox` writes from nothing (no read cache, no earlier journal).
    func fresh(_ inbox: [String: [UInt8]], today: String? = nil) throws -> (journal: [UInt8], report: [UInt8]) {
        let workspace = try TemporaryWorkspace(config: Self.config, inbox: inbox)
        #expect(workspace.run(today.map { ["--today", $0] } ?? []).status == 0)
        return (try bytes(workspace.journal), try bytes(workspace.report))
    }

    /// Runs the import with the read cache; returns the rows left in place, copied and encoded.
    func run(_ workspace: TemporaryWorkspace, today: String? = nil) throws -> [Int] {
        var arguments = ["--read-cache", workspace.path + "/build/.reads", "--timings", "--quiet"]
        if let today { arguments += ["--today", today] }
        let (status, lines) = workspace.run(arguments)
        #expect(status == 0)
        let line = try #require(lines.first { $0.hasPrefix("closebook-import: journal rows:") })
        // "closebook-import: journal rows: K left in place from the spare, C copied from the last journal, E encoded"
        return line.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }
    }

    func write(_ bytes: [UInt8], _ name: String, in workspace: TemporaryWorkspace) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: workspace.path + "/inbox/" + name))
    }

    @Test("month after month: the spare's rows are left in place, the journal's copied, the new month's encoded")
    func monthEnds() throws {
        // 15,000 rows a month of about 210 bytes: three months are a journal over the 8 MB from
        // which the one replaced is kept as the spare (`AtomicFileWriter.smallestSpare`).
        var inbox = [1, 2, 3].reduce(into: [String: [UInt8]]()) {
            $0[Self.name($1)] = Self.export(month: $1, count: 15_000)
        }
        let workspace = try TemporaryWorkspace(config: Self.config, inbox: inbox)
        #expect(try run(workspace) == [0, 0, 45_000])
        // Nothing new: every row is copied from the journal (no spare yet); the replaced journal
        // becomes the spare, its rows file with it.
        #expect(try run(workspace) == [0, 45_000, 0])
        let spare = workspace.path + "/build/.journal.jsonl.spare"
        #expect(workspace.exists(spare) && workspace.exists(spare + ".rows"))

        // A month end: the spare holds the 45,000 rows, nothing is left for the journal to give.
        inbox[Self.name(4)] = Self.export(month: 4, count: 6_000)
        try write(inbox[Self.name(4)]!, Self.name(4), in: workspace)
        #expect(try run(workspace) == [45_000, 0, 6_000])
        var expected = try fresh(inbox)
        #expect(try bytes(workspace.journal) == expected.journal)
        #expect(try bytes(workspace.report) == expected.report)

        // The next: the spare (two imports back) holds 45,000 rows, the journal the 6,000 after them.
        inbox[Self.name(5)] = Self.export(month: 5, count: 5_000)
        try write(inbox[Self.name(5)]!, Self.name(5), in: workspace)
        #expect(try run(workspace) == [45_000, 6_000, 5_000])
        expected = try fresh(inbox)
        #expect(try bytes(workspace.journal) == expected.journal)
        #expect(try bytes(workspace.report) == expected.report)

        // Nothing new: the spare (two imports back) holds 51,000 rows, the journal the 5,000 after.
        #expect(try run(workspace) == [51_000, 5_000, 0])
        // A spare written since its rows file was (its modification time changes, not its bytes):
        // nothing is left in place; the journal's rows are copied instead.
        let handle = try #require(FileHandle(forUpdatingAtPath: spare))
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: Data("{".utf8))
        try handle.close()
        #expect(try run(workspace) == [0, 56_000, 0])
        #expect(try bytes(workspace.journal) == expected.journal)
    }

    @Test("a changed export, an edited journal or a damaged rows file: those rows are encoded again")
    func changes() throws {
        var inbox = [Self.name(9): Self.export(month: 9, count: 40), Self.name(10): Self.export(month: 10, count: 30)]
        let workspace = try TemporaryWorkspace(config: Self.config, inbox: inbox)
        #expect(try run(workspace) == [0, 0, 70])
        #expect(try run(workspace) == [0, 70, 0])
        // No spare: the journal is far below the size one is kept for.
        #expect(!workspace.exists(workspace.path + "/build/.journal.jsonl.spare"))

        // One record of the October export amended (0.20 becomes 0.21): the file is another read
        // (another read-cache key), so September's 40 rows are the journal's and October's 30 are
        // encoded.
        var october = Self.export(month: 10, count: 30)
        let amount = Array("T-0.20\n".utf8)
        let at = try #require(october.firstRange(of: amount))
        october.replaceSubrange(at, with: Array("T-0.21\n".utf8))
        inbox[Self.name(10)] = october
        try write(october, Self.name(10), in: workspace)
        #expect(try run(workspace) == [0, 40, 30])
        #expect(try bytes(workspace.journal) == (try fresh(inbox)).journal)

        // The journal edited by hand (another stamp): nothing is copied from it.
        #expect(try run(workspace) == [0, 70, 0])
        var journal = try bytes(workspace.journal)
        journal[journal.count - 3] = UInt8(ascii: "7")
        try Data(journal).write(to: URL(fileURLWithPath: workspace.journal))
        #expect(try run(workspace) == [0, 0, 70])
        #expect(try bytes(workspace.journal) == (try fresh(inbox)).journal)

        // A damaged rows file is no file.
        let rowsFile = workspace.path + "/build/.journal.jsonl.rows"
        var rows = try bytes(rowsFile)
        rows[rows.count - 20] ^= 0x40
        try Data(rows).write(to: URL(fileURLWithPath: rowsFile))
        #expect(try run(workspace) == [0, 0, 70])

        // A file renamed: its rows name another file, so they are encoded from its first row on.
        try FileManager.default.moveItem(
            atPath: workspace.path + "/inbox/" + Self.name(10),
            toPath: workspace.path + "/inbox/bramble-savings-2024-10-b.qif")
        #expect(try run(workspace) == [0, 40, 30])
        inbox[Self.name(10)] = nil
        inbox["bramble-savings-2024-10-b.qif"] = october
        #expect(try bytes(workspace.journal) == (try fresh(inbox)).journal)

        // Without the read cache the rows are not known: every one is encoded and no rows file kept.
        #expect(workspace.run(["--quiet"]).status == 0)
        #expect(!workspace.exists(rowsFile))
        #expect(try run(workspace) == [0, 0, 70])
    }

    @Test("a record skipped as dated in the future, then taken: the rows after it in its file are encoded")
    func datesJudgedAgainstAnotherDay() throws {
        // The first record is dated 30 October; judged on 1 October it is more than a week ahead
        // and skipped, which moves every other record of the file one place up.
        var text = "!Type:Bank\nD30/10/2024\nT-9.99\nPLATE ONE\n^\n"
        text += String(decoding: Self.export(month: 9, count: 20), as: UTF8.self).dropFirst("!Type:Bank\n".count)
        let inbox = [Self.name(9): Array(text.utf8), Self.name(8): Self.export(month: 8, count: 15)]
        let workspace = try TemporaryWorkspace(config: Self.config, inbox: inbox)
        #expect(try run(workspace, today: "2024-10-01") == [0, 0, 35])
        #expect(try run(workspace, today: "2024-10-01") == [0, 35, 0])
        // Judged on 25 October it is taken: August's 15 rows are the journal's, September's 20 are
        // other records of their file now (one place down), and 30 October's row is new.
        #expect(try run(workspace, today: "2024-10-25") == [0, 15, 21])
        #expect(try bytes(workspace.journal) == (try fresh(inbox, today: "2024-10-25")).journal)
        #expect(try run(workspace, today: "2024-10-01") == [0, 15, 20])
        #expect(try bytes(workspace.journal) == (try fresh(inbox, today: "2024-10-01")).journal)
    }
}
