import AnalysisFile
import Analyze
import Categorize
import Foundation
import Import
import Ledger
import Report
import Testing

/// The month-end increment: the Samples analysed and reported without their newest month, then
/// again once it arrives, end with the same bytes as a clean run over every month, and the second
/// run renders only the month that changed.
@Suite("The Samples' month end, one month added", .serialized)
struct SamplesMonthEndTests {
    static let root = SamplesPipelineTests.root
    /// The Samples' newest month; its rows are the ones held back.
    static let newest = "2026-11"
    /// The months before it, from 2024-09 to 2026-10.
    static let earlier = 26

    @Test func addingTheNewestMonthEqualsACleanRun() throws {
        let growing = try Self.categorised()
        defer { try? FileManager.default.removeItem(at: growing) }
        let ledger = growing.appendingPathComponent("build/ledger.jsonl")
        let full = try Data(contentsOf: ledger)
        // The ledger without the newest month's rows: the header line, then every row dated before it.
        let lines = String(decoding: full, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let held = lines.dropFirst().filter { $0.contains("\"date\":\"\(Self.newest)-") }
        #expect(!held.isEmpty)
        try Data(lines.filter { !held.contains($0) }.joined(separator: "\n").utf8).write(to: ledger)
        try Self.analyze(growing)
        let first = Self.report(growing)
        #expect(first.errors.isEmpty)
        #expect(first.months.count == Self.earlier && first.unchanged.isEmpty)
        let analysisTimes = try Self.modificationTimes(growing.appendingPathComponent("build/analysis"))

        try full.write(to: ledger)
        try Self.analyze(growing)
        let second = Self.report(growing)
        #expect(second.errors.isEmpty)
        #expect(second.months.map(\.description) == [Self.newest])
        #expect(second.unchanged.count == Self.earlier)
        // The earlier months' analysis files were left as they were, not written again.
        let after = try Self.modificationTimes(growing.appendingPathComponent("build/analysis"))
        #expect(after.filter { analysisTimes[$0.key] != $0.value }.keys.sorted() == ["/\(Self.newest).json"])

        let clean = try Self.cleanWorkspace(importedAs: growing)
        defer { try? FileManager.default.removeItem(at: clean) }
        try Self.analyze(clean)
        let whole = Self.report(clean)
        #expect(whole.months.count == Self.earlier + 1 && whole.unchanged.isEmpty)

        let folders = ["build/analysis", "closed", "site", "archives"]
        let grown = try SamplesCoresTests.digests(growing, folders: folders)
        let rebuilt = try SamplesCoresTests.digests(clean, folders: folders)
        #expect(grown.keys.filter { $0.hasPrefix("archives/") }.count == Self.earlier + 1)
        #expect(Set(grown.keys) == Set(rebuilt.keys))
        let differing = rebuilt.keys.filter { grown[$0] != rebuilt[$0] }.sorted()
        #expect(differing.isEmpty, "files that differ from a clean run: \(differing)")

        // The newest month left as it was still tells the account pages' story.
        let accounts = growing.appendingPathComponent("site/accounts")
        #expect(FileManager.default.fileExists(atPath: accounts.path))
        try FileManager.default.removeItem(at: accounts)
        let unchanged = Self.report(growing)
        #expect(unchanged.months.isEmpty && unchanged.unchanged.count == Self.earlier + 1)
        #expect(try SamplesCoresTests.digests(growing, folders: folders) == rebuilt)
    }

    /// A fresh copy of the Samples, imported and categorised.
    static func categorised() throws -> URL {
        let workspace = try SamplesPipelineTests.freshWorkspace()
        let build = workspace.appendingPathComponent("build").path
        try ImportCommand.parse([
            "--workspace", workspace.path, "--profiles", root.appendingPathComponent("Importers").path,
            "--journal", "\(build)/journal.jsonl", "--report", "\(build)/import-report.json", "--quiet",
        ]).run()
        try CategorizeCommand.parse([
            "--workspace", workspace.path, "--journal", "\(build)/journal.jsonl", "--ledger", "\(build)/ledger.jsonl",
            "--uncategorized", "\(build)/uncategorized.csv",
            "--starter-rules", root.appendingPathComponent("Importers/starter").path,
        ]).run()
        return workspace
    }

    /// A fresh copy of the Samples with `workspace`'s journal, ledger and import report: the run
    /// over every month that a grown workspace must equal.
    static func cleanWorkspace(importedAs workspace: URL) throws -> URL {
        let clean = try SamplesPipelineTests.freshWorkspace()
        let build = clean.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        for name in ["journal.jsonl", "ledger.jsonl", "import-report.json"] {
            try FileManager.default.copyItem(
                at: workspace.appendingPathComponent("build/\(name)"), to: build.appendingPathComponent(name))
        }
        return clean
    }

    /// Analyses every month, closing them, as `make report` does.
    static func analyze(_ workspace: URL) throws {
        let build = workspace.appendingPathComponent("build").path
        try AnalyzeCommand.parse([
            "--workspace", workspace.path, "--ledger", "\(build)/ledger.jsonl",
            "--import-report", "\(build)/import-report.json", "--month", "2026-10", "--out", "\(build)/analysis",
            "--now", SamplesPipelineTests.now,
        ]).run()
    }

    /// Reports every analysis file, keeping the months' fingerprints in `build/`, as `make report` does.
    static func report(_ workspace: URL) -> SitePublisher.Outcome {
        let build = workspace.appendingPathComponent("build/analysis").path
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: build)) ?? []).sorted()
        guard let templates = try? TemplateSet(directory: root.appendingPathComponent("Templates").path) else {
            Issue.record("the Templates folder does not load")
            return SitePublisher.Outcome()
        }
        var publisher = SitePublisher(
            templates: templates, site: workspace.appendingPathComponent("site").path,
            archives: workspace.appendingPathComponent("archives").path)
        publisher.removesMonthsNotInAnalysis = true
        publisher.fingerprintsPath = workspace.appendingPathComponent("build/.report-months.json").path
        return publisher.publish(analysisPaths: names.filter { $0.hasSuffix(".json") }.map { "\(build)/\($0)" })
    }

    /// The modification time of every file under `folder`, by path relative to it.
    static func modificationTimes(_ folder: URL) throws -> [String: Date] {
        var times: [String: Date] = [:]
        for path in try SamplesPipelineTests.snapshot(folder).keys {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.path + path)
            times[path] = attributes[.modificationDate] as? Date
        }
        return times
    }
}
