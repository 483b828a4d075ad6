import Foundation
import Report
import Testing

/// The rendered files of the fixture month, compared byte for byte with the recorded ones.
///
/// After a deliberate change to the templates or the view model, re-record with
/// `RECORD_GOLDEN=1 swift test --filter GoldenTests` and review the diff of `Fixtures/golden/`.
@Suite struct GoldenTests {
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    func publishFixture() throws -> String {
        let folder = try TestFiles.temporaryFolder()
        let publisher = SitePublisher(
            templates: try TestFiles.templates(), site: folder + "/site", archives: folder + "/archives")
        let outcome = publisher.publish(analysisPaths: [TestFiles.analysisPath])
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        return folder + "/site"
    }

    @Test(arguments: ["2026-10/index.html", "2026-10/report.md", "2026-10/report.json", "index.html", "feed.xml"])
    func matchesTheRecordedFile(_ name: String) throws {
        let site = try publishFixture()
        let rendered = try TestFiles.bytes(site + "/" + name)
        let goldenName = "golden/" + name
        if Self.recording {
            let target = TestFiles.sourceFixtures.appendingPathComponent(goldenName)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(rendered).write(to: target)
            return
        }
        let golden = try TestFiles.bytes(TestFiles.fixtures.appendingPathComponent(goldenName).path)
        if rendered != golden {
            let renderedLines = String(decoding: rendered, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            let goldenLines = String(decoding: golden, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            let first = zip(renderedLines, goldenLines).enumerated().first { $0.element.0 != $0.element.1 }
            Issue.record(
                """
                \(name) differs from \(goldenName) at line \((first?.offset ?? min(renderedLines.count, goldenLines.count)) + 1):
                  rendered: \(first.map { String($0.element.0) } ?? "(end)")
                  recorded: \(first.map { String($0.element.1) } ?? "(end)")
                Re-record with RECORD_GOLDEN=1 if the change is intended.
                """)
        }
    }
}
