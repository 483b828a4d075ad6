import AnalysisFile
import Analyze
import Foundation
import Testing

/// The Samples show a restatement (`make samples-restate`): reported as they are, they close
/// October 2026; with the late export the generator writes in `Samples/late/` added to the inbox,
/// October is restated with that file as its cause, by the figures the generator's model gives
/// (EXPECTED.json `lateExport`), and its page, the index and the feed say so.
@Suite("The Samples' restatement", .serialized)
struct SamplesRestatementTests {
    @Test func theLateExportRestatesOctober() throws {
        let expected = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: SamplesPipelineTests.root.appendingPathComponent("Samples/EXPECTED.json")))
                as? [String: Any])
        let late = try #require(expected["lateExport"] as? [String: Any])
        let restated = try #require(late["restated"] as? [String: Any])
        func decimal(_ key: String) throws -> String {
            try #require((restated[key] as? [String: Any])?["decimal"] as? String)
        }
        let file = try #require(late["file"] as? String)
        let name = URL(fileURLWithPath: file).lastPathComponent

        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try SamplesPipelineTests.runPipeline(in: workspace)
        #expect(try CloseTests.record(workspace, "2026-10").versions.count == 1)

        try FileManager.default.copyItem(
            at: SamplesPipelineTests.root.appendingPathComponent("Samples").appendingPathComponent(file),
            to: workspace.appendingPathComponent("inbox/\(name)"))
        try SamplesPipelineTests.runPipeline(in: workspace)
        let record = try CloseTests.record(workspace, "2026-10")
        let latest = try #require(record.versions.last)
        #expect(record.versions.map(\.kind) == ["closed", "restated"])
        #expect(latest.changes?.causes == [try #require(late["cause"] as? String)])
        #expect(latest.changes?.added.map(\.amount) == ["-45.50"])
        #expect(latest.changes?.added.map(\.date) == ["2026-10-14"])
        #expect(latest.changes?.added.first?.source?.hasPrefix("inbox/\(name):") == true)
        #expect(latest.changes?.removed.isEmpty == true && latest.changes?.recategorised.isEmpty == true)
        #expect(latest.figures.expenses == (try decimal("expenses")))
        #expect(latest.figures.net == (try decimal("net")))
        #expect(latest.figures.income == (try decimal("income")))
        let category = try #require(restated["category"] as? String)
        #expect(latest.figures.categories[category] == (try decimal("categoryTotal")))
        // The statement covers all of October: the month is still complete, still the latest.
        #expect(try CloseTests.analysis(workspace, "2026-10").complete == true)

        let page = try String(contentsOf: workspace.appendingPathComponent("site/2026-10/index.html"), encoding: .utf8)
        #expect(
            page.contains(
                "Restated on 20 Nov 2026 (version 2 of the close of 20 Nov 2026): 1 transaction added (2026-10-14 "))
        #expect(page.contains("caused by inbox/\(name) is new"))
        let index = try String(contentsOf: workspace.appendingPathComponent("site/index.html"), encoding: .utf8)
        #expect(index.contains("restated 20 Nov 2026"))
        let feed = try String(contentsOf: workspace.appendingPathComponent("site/feed.xml"), encoding: .utf8)
        #expect(feed.contains("Restated on 20 Nov 2026: 1 transaction added"))
    }
}
