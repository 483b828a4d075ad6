import Categorize
import Foundation
import Ledger
import TestSupport
import Testing

/// Rules and `overrides.csv` saved by a Windows editor (CR LF line ends, a byte order mark) or an
/// old Mac one (lone CR) read as the LF files they are. A CR LF rules file used to be one long
/// line: every rule was lost, and `--lint` said "0 rules, no problems found".
@Suite struct LineEndingTests {
    /// Two rules and a comment; line 3 (the comment) separates them.
    static let rules = [
        "if payee ~ tesco", "    category Food:Groceries", "# music", "if payee ~ spotify", "    category Fun:Music",
        "",
    ]

    /// The workspace of `CategorizeRunTests` (Tesco, Spotify, an unknown shop) with `rules`.
    func workspace(rules text: String, overrides: String? = nil) throws -> String {
        let folder = try TemporaryFolder.make("line-ends").path
        try FileOutput.write(text, to: folder + "/rules/10-main.rules")
        if let overrides { try FileOutput.write(overrides, to: folder + "/overrides.csv") }
        let journal = Fixture.journal([
            Fixture.transaction("current/t1", date: "2026-10-01", amount: "-42.10", payee: "TESCO STORES 3297"),
            Fixture.transaction("current/t2", date: "2026-10-02", amount: "-9.99", payee: "SPOTIFY USA 2877"),
            Fixture.transaction("current/t3", date: "2026-10-03", amount: "-120.00", payee: "UNKNOWN SHOP"),
        ])
        try FileOutput.write(JournalCodec.encode(journal), to: folder + "/build/journal.jsonl")
        return folder
    }

    /// Each transaction's category and the line of the rule that set it, by id.
    func categorised(_ folder: String) throws -> [String: String] {
        let run = CategorizeRun(
            workspace: folder, journalPath: folder + "/build/journal.jsonl",
            mode: .write(
                ledger: folder + "/build/ledger.jsonl", uncategorized: folder + "/build/uncategorized.csv",
                report: folder + "/build/categorize-report.json"))
        let result = run.execute()
        #expect(result.exitCode == 0, "\(result.standardError)")
        let ledger = try JournalCodec.decode(FileOutput.read(folder + "/build/ledger.jsonl"), path: "ledger")
        var byID: [String: String] = [:]
        for transaction in ledger.transactions {
            var text = transaction.category?.description ?? "-"
            if case .rule(_, let line) = transaction.categorySource { text += " @\(line)" }
            if let note = transaction.note { text += " (\(note))" }
            byID[transaction.id.rawValue] = text
        }
        return byID
    }

    @Test(arguments: ["\n", "\r\n", "\r"], [false, true])
    func rulesFilesCategoriseTheSameRowsWhateverTheLineEnds(lineEnd: String, byteOrderMark: Bool) throws {
        let text = (byteOrderMark ? "\u{FEFF}" : "") + Self.rules.joined(separator: lineEnd)
        let folder = try workspace(rules: text)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Worked out from the rules: Tesco by the rule on line 1, Spotify by the one on line 4.
        #expect(
            try categorised(folder) == [
                "current/t1": "Food:Groceries @1", "current/t2": "Fun:Music @4", "current/t3": "-",
            ])
        let lint = CategorizeRun(workspace: folder, journalPath: folder + "/build/journal.jsonl", mode: .lint)
            .execute()
        #expect(lint.standardOutput == "2 rules, no problems found\n")
    }

    @Test func ruleErrorsNameTheLineAnEditorShows() {
        let text = "\u{FEFF}if payee ~ tesco\r\n    category Food\r\n\r\nif payee ~ spotify\r\n    categry Fun\r\n"
        #expect(
            RuleParser.parse(text, path: "rules/a.rules").errors.map { "\($0.line):\($0.column)" } == ["5:5"])
    }

    @Test(arguments: ["\r\n", "\r"])
    func overridesReadTheSameWhateverTheLineEnds(lineEnd: String) throws {
        let lines = ["id,category,note", "current/t3,Home:Garden,\"spade, fork\"", "current/t2,,gift", ""]
        let folder = try workspace(
            rules: Self.rules.joined(separator: "\n"), overrides: "\u{FEFF}" + lines.joined(separator: lineEnd))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let table = try OverrideTable.parse(
            String(decoding: try FileOutput.read(folder + "/overrides.csv"), as: UTF8.self), path: "overrides.csv")
        #expect(table[TransactionID("current/t3")]?.line == 2)
        #expect(table[TransactionID("current/t2")]?.line == 3)
        #expect(
            try categorised(folder) == [
                "current/t1": "Food:Groceries @1", "current/t2": "Fun:Music @4 (gift)",
                "current/t3": "Home:Garden (spade, fork)",
            ])
    }
}
