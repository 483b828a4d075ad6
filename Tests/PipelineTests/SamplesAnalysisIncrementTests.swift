import AnalysisFile
import Analyze
import Foundation
import Ledger
import StageCommand
import Testing

/// The analysis's month end: with its months' fingerprints (`--fingerprints`), a run analyses
/// again only the months whose inputs changed, and ends with the bytes of a clean run.
@Suite("The Samples' analysis, month by month from fingerprints", .serialized)
struct SamplesAnalysisIncrementTests {
    /// The Samples' months, 2024-09 to 2026-11.
    static let months = 27
    static let newest = SamplesMonthEndTests.newest

    @Test func addingTheNewestMonthAnalysesOnlyItAndTheMonthBefore() throws {
        let growing = try SamplesMonthEndTests.categorised()
        defer { try? FileManager.default.removeItem(at: growing) }
        let ledger = growing.appendingPathComponent("build/ledger.jsonl")
        let full = try Data(contentsOf: ledger)
        let lines = String(decoding: full, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let held = Set(lines.dropFirst().filter { $0.contains("\"date\":\"\(Self.newest)-") })
        #expect(!held.isEmpty)
        try Data(lines.filter { !held.contains($0) }.joined(separator: "\n").utf8).write(to: ledger)
        let first = try Self.analyze(growing)
        #expect(first.paths.count == Self.months - 1 && first.kept == 0)

        try full.write(to: ledger)
        let second = try Self.analyze(growing)
        // 2024-09 to 2026-09 are left as they were; 2026-10 was the newest month (the month in
        // progress) of the first run, so it is analysed again, and 2026-11 is new.
        #expect(second.paths.count == Self.months)
        #expect(second.kept == Self.months - 2)
        _ = SamplesMonthEndTests.report(growing)

        let clean = try SamplesMonthEndTests.cleanWorkspace(importedAs: growing)
        defer { try? FileManager.default.removeItem(at: clean) }
        let whole = try Self.analyze(clean, fingerprints: false)
        #expect(whole.paths.count == Self.months && whole.kept == 0)
        _ = SamplesMonthEndTests.report(clean)

        let folders = ["build/analysis", "closed", "site", "archives"]
        let grown = try SamplesCoresTests.digests(growing, folders: folders)
        let rebuilt = try SamplesCoresTests.digests(clean, folders: folders)
        #expect(grown.keys.filter { $0.hasPrefix("build/analysis/") }.count == Self.months)
        #expect(Set(grown.keys) == Set(rebuilt.keys))
        let differing = rebuilt.keys.filter { grown[$0] != rebuilt[$0] }.sorted()
        #expect(differing.isEmpty, "files that differ from a clean run: \(differing)")

        // Nothing changed: nothing is analysed or written.
        let again = try Self.analyze(growing)
        #expect(again.kept == Self.months && again.written == 0)
        #expect(try SamplesCoresTests.digests(growing, folders: folders) == rebuilt)
    }

    /// A real month end: the import report's statements reach into the new month too. The older
    /// months' files say what was covered by their own ends, so they are not analysed again.
    @Test func newStatementsLeaveOlderMonthsAlone() throws {
        let growing = try SamplesMonthEndTests.categorised()
        defer { try? FileManager.default.removeItem(at: growing) }
        let ledger = growing.appendingPathComponent("build/ledger.jsonl")
        let report = growing.appendingPathComponent("build/import-report.json")
        let (fullLedger, fullReport) = (try Data(contentsOf: ledger), try Data(contentsOf: report))
        let lines = String(decoding: fullLedger, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let held = Set(lines.dropFirst().filter { $0.contains("\"date\":\"\(Self.newest)-") })
        try Data(lines.filter { !held.contains($0) }.joined(separator: "\n").utf8).write(to: ledger)
        // The statements as they stood before the newest month: nothing after 2026-10-31.
        let end = "2026-10-31"
        var json = try #require(try JSONSerialization.jsonObject(with: fullReport) as? [String: Any])
        var accounts = try #require(json["accounts"] as? [[String: Any]])
        var reachedPast = 0
        for index in accounts.indices {
            if var coverage = accounts[index]["coverage"] as? [String: Any], let to = coverage["to"] as? String,
                to > end
            {
                coverage["to"] = end
                accounts[index]["coverage"] = coverage
                reachedPast += 1
            }
            let gaps = accounts[index]["gaps"] as? [[String: Any]] ?? []
            accounts[index]["gaps"] = gaps.filter { ($0["from"] as? String ?? "") <= end }
            if let positions = accounts[index]["positions"] as? [[String: Any]] {
                accounts[index]["positions"] = positions.filter { ($0["date"] as? String ?? "") <= end }
            }
        }
        #expect(reachedPast > 0)
        json["accounts"] = accounts
        try JSONSerialization.data(withJSONObject: json).write(to: report)
        let first = try Self.analyze(growing)
        #expect(first.paths.count == Self.months - 1 && first.kept == 0)

        try fullLedger.write(to: ledger)
        try fullReport.write(to: report)
        let second = try Self.analyze(growing)
        // Only 2026-10 (the month in progress of the first run) and 2026-11 are analysed again.
        #expect(second.paths.count == Self.months)
        #expect(second.kept == Self.months - 2)
        #expect(try Self.sameAsACleanRun(growing))
    }

    @Test func anEditAnalysesTheMonthsItReaches() throws {
        let workspace = try SamplesMonthEndTests.categorised()
        defer { try? FileManager.default.removeItem(at: workspace) }
        #expect(try Self.analyze(workspace).kept == 0)
        #expect(try Self.analyze(workspace).kept == Self.months)
        let analysis = workspace.appendingPathComponent("build/analysis")

        // An old row's amount: its month and every later one are analysed again (2025-03 to
        // 2026-11), the six before it (2024-09 to 2025-02) are not.
        var before = try SamplesCoresTests.digests(workspace, folders: ["build/analysis"])
        try Self.replace(
            "\"date\":\"2025-03-01\",\"amount\":\"-42.53\"", with: "\"date\":\"2025-03-01\",\"amount\":\"-52.53\"",
            in: workspace.appendingPathComponent("build/ledger.jsonl"))
        let edited = try Self.analyze(workspace)
        #expect(edited.kept == 6)
        // The current account's balance is 10.00 lower at the end of every closed month from
        // 2025-03 to 2026-10 (20 months), so each of their closes is restated.
        #expect(edited.restatedMonths.count == 20 && edited.restatedMonths.first?.description == "2025-03")
        var after = try SamplesCoresTests.digests(workspace, folders: ["build/analysis"])
        #expect(after["build/analysis/2025-03.json"] != before["build/analysis/2025-03.json"])
        #expect(after["build/analysis/2025-02.json"] == before["build/analysis/2025-02.json"])
        #expect(try Self.analyze(workspace).kept == Self.months)
        #expect(try Self.sameAsACleanRun(workspace))

        // A budget in closebook.toml: every month is analysed again, and the first one changes.
        before = after
        try Self.replace(
            "\"Food:Coffee\" = \"45.00\"", with: "\"Food:Coffee\" = \"46.00\"",
            in: workspace.appendingPathComponent("closebook.toml"))
        #expect(try Self.analyze(workspace).kept == 0)
        after = try SamplesCoresTests.digests(workspace, folders: ["build/analysis"])
        #expect(after["build/analysis/2024-09.json"] != before["build/analysis/2024-09.json"])
        #expect(try Self.analyze(workspace).kept == Self.months)

        // A rate in rates.csv: every month is analysed again, and September 2026 (the euro
        // account's balance at its end) changes.
        before = after
        try Self.replace(
            "2026-09-01,EUR,0.8478", with: "2026-09-01,EUR,0.9478", in: workspace.appendingPathComponent("rates.csv"))
        #expect(try Self.analyze(workspace).kept == 0)
        after = try SamplesCoresTests.digests(workspace, folders: ["build/analysis"])
        #expect(after["build/analysis/2026-09.json"] != before["build/analysis/2026-09.json"])
        #expect(after["build/analysis/2024-09.json"] == before["build/analysis/2024-09.json"])
        #expect(try Self.analyze(workspace).kept == Self.months)

        // A close record edited by hand (the day it was recorded): that month alone is analysed
        // again, and its page's close says the new day.
        before = after
        let record = workspace.appendingPathComponent("closed/2025-01.json")
        try Self.replace("\"recordedAt\" : \"2026-11-20", with: "\"recordedAt\" : \"2026-11-02", in: record)
        #expect(try Self.analyze(workspace).kept == Self.months - 1)
        after = try SamplesCoresTests.digests(workspace, folders: ["build/analysis"])
        #expect(after.keys.filter { after[$0] != before[$0] } == ["build/analysis/2025-01.json"])
        let january = try JSONDecoder().decode(
            MonthAnalysis.self, from: Data(contentsOf: analysis.appendingPathComponent("2025-01.json")))
        #expect(january.close?.closedOn == "2026-11-02")

        // An analysis file edited by hand is made again.
        let june = analysis.appendingPathComponent("2025-06.json")
        let made = try Data(contentsOf: june)
        try Data("{}\n".utf8).write(to: june)
        #expect(try Self.analyze(workspace).kept == Self.months - 1)
        #expect(try Data(contentsOf: june) == made)
        #expect(try Self.sameAsACleanRun(workspace))
    }

    @Test func aRefusedCloseIsRefusedOnEveryRun() throws {
        let workspace = try SamplesMonthEndTests.categorised()
        defer { try? FileManager.default.removeItem(at: workspace) }
        let config = workspace.appendingPathComponent("closebook.toml")
        try (try String(contentsOf: config, encoding: .utf8) + "\n[close]\nlock = true\n").write(
            to: config, atomically: true, encoding: .utf8)
        #expect(try Self.analyze(workspace).kept == 0)
        try Self.replace(
            "\"date\":\"2025-03-01\",\"amount\":\"-42.53\"", with: "\"date\":\"2025-03-01\",\"amount\":\"-52.53\"",
            in: workspace.appendingPathComponent("build/ledger.jsonl"))
        // The closed months from 2025-03 to 2026-10 (20) changed and are locked: refused on the run
        // after the edit and on the next, which analyses them again; 2024-09 to 2025-02 and 2026-11
        // (not closed) are left alone then.
        let edited = try Self.analyze(workspace)
        #expect(edited.lockedMonths.count == 20 && edited.kept == 6)
        let again = try Self.analyze(workspace)
        #expect(again.lockedMonths.count == 20 && again.kept == 7)
    }

    /// Analyses every month of `workspace`, closing them, as `make report` does: with the months'
    /// fingerprints in `build/.analysis-months.json` unless `fingerprints` is false.
    static func analyze(_ workspace: URL, fingerprints: Bool = true) throws -> AnalysisRun.Outcome {
        let build = workspace.appendingPathComponent("build").path
        let ledger = "\(build)/ledger.jsonl"
        let (header, rows) = try JournalCodec.decodeFigures(try JournalBytes(contentsOf: ledger), path: ledger)
        let facts = try JSONDecoder().decode(
            ImportFacts.self, from: Data(contentsOf: URL(fileURLWithPath: "\(build)/import-report.json")))
        var run = AnalysisRun(
            workspace: workspace.path, ledgerPath: ledger, importReportPath: "\(build)/import-report.json",
            request: .month(YearMonth("2026-10")!), out: "\(build)/analysis")
        if fingerprints { run.fingerprintsPath = "\(build)/.analysis-months.json" }
        run.release = "tests"
        let (rates, settings) = try run.loadSettings(accounts: header.accounts, base: header.baseCurrency)
        run.closing = AnalysisRun.Closing(lock: settings.close.lock, now: SamplesPipelineTests.now)
        var timings = StageTimings()
        return try run.write(
            header: header, rows: rows, rates: rates, settings: settings, facts: facts, timings: &timings)
    }

    /// True when `workspace`'s analysis files are those of a run without fingerprints over it
    /// (closed/ as it stands, so that the closes compare alike).
    static func sameAsACleanRun(_ workspace: URL) throws -> Bool {
        let made = try SamplesCoresTests.digests(workspace, folders: ["build/analysis", "closed"])
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("increment-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: workspace, to: copy)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("build/analysis"))
        _ = try analyze(copy, fingerprints: false)
        return try SamplesCoresTests.digests(copy, folders: ["build/analysis", "closed"]) == made
    }

    /// Replaces the one occurrence of `old` in the file at `url` with `new`.
    static func replace(_ old: String, with new: String, in url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.components(separatedBy: old).count == 2, "\(url.lastPathComponent) holds \(old) once")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }
}
