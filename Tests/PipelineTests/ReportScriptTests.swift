import Foundation
import TestSupport
import Testing

/// `scripts/report.sh`, which `make report` runs, over a copy of the Samples in a folder whose path
/// has a space, with the debug build's stages: inbox names with spaces, colons, new lines and a
/// leading dash; a deleted inbox file and an old-dated new one re-run the import; a run with
/// nothing changed re-runs nothing; an unreadable file still gives a report and exit status 1.
@Suite("The report script", .serialized)
struct ReportScriptTests {
    static let root = SamplesPipelineTests.root
    static let bin = RepositoryPaths.debugBinaries.path

    static func run(_ workspace: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent("scripts/report.sh").path, workspace.path]
        process.environment = ["BIN": bin, "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func importedFiles(_ workspace: URL) throws -> [String] {
        let data = try Data(contentsOf: workspace.appendingPathComponent("build/import-report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(report["files"] as? [[String: Any]]).compactMap { $0["path"] as? String }
    }

    static func modified(_ url: URL) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    @Test func namesChangesAndBadFiles() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.bin + "/closebook-import") else {
            Issue.record("the debug stages are not built at \(Self.bin)")
            return
        }
        let fm = FileManager.default
        let folder = try TemporaryFolder.make("closebook script")
        defer { try? fm.removeItem(at: folder) }
        let workspace = folder.appendingPathComponent("my books")
        try fm.createDirectory(at: workspace, withIntermediateDirectories: true)
        for item in ["closebook.toml", "inbox", "rules", "overrides.csv", "rates.csv", "valuations.csv"] {
            try fm.copyItem(
                at: Self.root.appendingPathComponent("Samples/\(item)"), to: workspace.appendingPathComponent(item))
        }
        let inbox = workspace.appendingPathComponent("inbox")
        // Still matched by the current account's glob `northwind-current-*.csv`.
        try fm.moveItem(
            at: inbox.appendingPathComponent("northwind-current-2024-09-01_2025-12-31.csv"),
            to: inbox.appendingPathComponent("northwind-current-2024 09:01\nold.csv"))
        try fm.copyItem(
            at: inbox.appendingPathComponent("tagus-euro-2026-06-01_2026-11-18.ofx"),
            to: inbox.appendingPathComponent("-a copy.ofx"))

        let first = try Self.run(workspace)
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("Report for 2026-10:"))
        #expect(try Self.importedFiles(workspace).contains("inbox/northwind-current-2024 09:01\nold.csv"))
        #expect(try Self.importedFiles(workspace).contains("inbox/-a copy.ofx"))
        // The name's new line is shown as `\n`: no printed line starts with the name's second half.
        #expect(first.output.contains("inbox/northwind-current-2024 09:01\\nold.csv"))
        #expect(!first.output.split(separator: "\n").contains { $0.hasPrefix("old.csv") })
        // The analysis keeps a fingerprint of every month it wrote, for the month end.
        let analysed = try fm.contentsOfDirectory(atPath: workspace.appendingPathComponent("build/analysis").path)
        let fingerprints = try JSONSerialization.jsonObject(
            with: Data(contentsOf: workspace.appendingPathComponent("build/.analysis-months.json")))
        let months = (fingerprints as? [String: Any])?["entries"] as? [String: Any]
        #expect(Set((months ?? [:]).keys.map { $0 + ".json" }) == Set(analysed))
        let journal = workspace.appendingPathComponent("build/journal.jsonl")
        let ledger = workspace.appendingPathComponent("build/ledger.jsonl")
        let index = workspace.appendingPathComponent("site/index.html")
        let stamps = try [journal, ledger, index].map(Self.modified)

        // Nothing changed: nothing is written again.
        let again = try Self.run(workspace)
        #expect(again.status == 0)
        #expect(try [journal, ledger, index].map(Self.modified) == stamps)

        // A deleted inbox file, then a file added with an old modification time, are seen.
        try fm.removeItem(at: inbox.appendingPathComponent("-a copy.ofx"))
        #expect(try Self.run(workspace).status == 0)
        #expect(try !Self.importedFiles(workspace).contains("inbox/-a copy.ofx"))
        let old = inbox.appendingPathComponent("old: export.qif")
        try fm.copyItem(at: inbox.appendingPathComponent("bramble-savings-2024-09-01_2026-11-18.qif"), to: old)
        try fm.setAttributes([.modificationDate: Date(timeIntervalSince1970: 0)], ofItemAtPath: old.path)
        #expect(try Self.run(workspace).status == 0)
        #expect(try Self.importedFiles(workspace).contains("inbox/old: export.qif"))

        // One unreadable file: the report is made of the rest, lists the failure, and the status is 1.
        try Data("%PDF-1.7\n\u{1}\u{2}".utf8).write(to: inbox.appendingPathComponent("statement.pdf"))
        try fm.removeItem(at: workspace.appendingPathComponent("site"))
        let bad = try Self.run(workspace)
        #expect(bad.status == 1, "\(bad.output)")
        #expect(fm.fileExists(atPath: workspace.appendingPathComponent("site/2026-10/index.html").path))
        let page = try String(
            contentsOf: workspace.appendingPathComponent("site/2026-10/report.json"), encoding: .utf8)
        #expect(page.contains("inbox/statement.pdf could not be read"))
    }
}
