import Foundation
import Import
import Testing

/// The Samples imported with their readings kept (`--read-cache`): a month end that adds an export
/// reads back the others, and the journal and report are the same bytes as an import that reads
/// every file.
@Suite("The Samples imported with a read cache")
struct SamplesReadCacheTests {
    static let root = SamplesPipelineTests.root
    /// The export the month end adds (the current account's second, overlapping the first).
    static let added = "northwind-current-2025-11-15_2026-11-18.csv"

    static func importOnce(_ workspace: URL, cache: String?) throws -> [Data] {
        let build = workspace.appendingPathComponent("build").path
        try ImportCommand.parse(
            [
                "--workspace", workspace.path, "--profiles", root.appendingPathComponent("Importers").path,
                "--journal", "\(build)/journal.jsonl", "--report", "\(build)/import-report.json", "--quiet",
            ] + (cache.map { ["--read-cache", $0] } ?? [])
        ).run()
        return try ["journal.jsonl", "import-report.json"].map {
            try Data(contentsOf: URL(fileURLWithPath: "\(build)/\($0)"))
        }
    }

    static func entries(_ folder: String) throws -> [String: Date] {
        var times: [String: Date] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasPrefix(".") {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            times[name] = attributes[.modificationDate] as? Date
        }
        return times
    }

    @Test func readingsKeptGiveTheSameBytesAsReadingEveryFile() throws {
        let plain = try SamplesPipelineTests.freshWorkspace()
        let growing = try SamplesPipelineTests.freshWorkspace()
        defer {
            try? FileManager.default.removeItem(at: plain)
            try? FileManager.default.removeItem(at: growing)
        }
        let expected = try Self.importOnce(plain, cache: nil)
        let inbox = growing.appendingPathComponent("inbox")
        let held = growing.appendingPathComponent(Self.added)
        try FileManager.default.moveItem(at: inbox.appendingPathComponent(Self.added), to: held)
        let files = try FileManager.default.contentsOfDirectory(atPath: inbox.path).count
        let folder = growing.appendingPathComponent("build/.reads").path

        // The month before: every file read and kept.
        _ = try Self.importOnce(growing, cache: folder)
        // Each file's reading, and the content hashes of each statement without bank ids.
        let before = try Self.entries(folder)
        #expect(before.count > files)
        // The month end: the new export read and kept, the others read back (their entries untouched).
        try FileManager.default.moveItem(at: held, to: inbox.appendingPathComponent(Self.added))
        let grown = try Self.importOnce(growing, cache: folder)
        #expect(grown == expected)
        let after = try Self.entries(folder)
        #expect(after.count == before.count + 2)
        #expect(before.allSatisfy { after[$0.key] == $0.value })
        // Once more, every file read back.
        #expect(try Self.importOnce(growing, cache: folder) == expected)
        #expect(try Self.entries(folder) == after)
    }
}
