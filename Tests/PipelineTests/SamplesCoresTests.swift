import Crypto
import Foundation
import Testing

/// The months analysed and rendered on two cores are the same bytes as on one: analyze and report
/// run over the Samples with `--jobs 1` and `--jobs 2`, and every file they write (the analysis
/// files, the close records, the site and the archives) has the same SHA-256 both ways.
@Suite("The Samples on one core and on two", .serialized)
struct SamplesCoresTests {
    /// The Samples' months from 2024-09 to 2026-11 (the report renders 27).
    static let months = 27

    @Test func twoCoresWriteTheSameBytesAsOne() throws {
        let one = try Self.outputs(jobs: 1)
        let two = try Self.outputs(jobs: 2)
        #expect(one.keys.filter { $0.hasPrefix("build/analysis/") }.count == Self.months)
        #expect(one.keys.filter { $0.hasPrefix("archives/") && $0.hasSuffix(".tar.gz") }.count == Self.months)
        #expect(one.keys.filter { $0.hasPrefix("site/") && $0.hasSuffix("/report.json") }.count == Self.months)
        #expect(one.keys.contains("site/index.html") && one.keys.contains("site/feed.xml"))
        #expect(one.keys.contains { $0.hasPrefix("closed/") })
        #expect(Set(one.keys) == Set(two.keys))
        let differing = one.keys.filter { one[$0] != two[$0] }.sorted()
        #expect(differing.isEmpty, "files that differ between one core and two: \(differing)")
    }

    /// Runs the pipeline over a fresh copy of the Samples on `jobs` cores; returns the SHA-256 of
    /// every file analyze and report wrote, by path in the workspace.
    static func outputs(jobs: Int) throws -> [String: String] {
        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try SamplesPipelineTests.runPipeline(in: workspace, jobs: jobs)
        return try digests(workspace, folders: ["build/analysis", "closed", "site", "archives"])
    }

    /// The SHA-256 of every file under `folders` of `root`, by path relative to `root`.
    static func digests(_ root: URL, folders: [String]) throws -> [String: String] {
        var digests: [String: String] = [:]
        for folder in folders {
            for (path, bytes) in try SamplesPipelineTests.snapshot(root.appendingPathComponent(folder)) {
                digests[folder + path] = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            }
        }
        return digests
    }
}
