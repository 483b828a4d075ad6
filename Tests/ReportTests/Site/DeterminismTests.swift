import Foundation
import Report
import Testing

@Suite struct DeterminismTests {
    @Test func twoRunsWriteByteIdenticalFiles() throws {
        var runs: [[String: [UInt8]]] = []
        for _ in 0..<2 {
            let folder = try TestFiles.temporaryFolder()
            let publisher = SitePublisher(
                templates: try TestFiles.templates(), site: folder + "/out/site", archives: folder + "/out/archives")
            #expect(publisher.publish(analysisPaths: [TestFiles.analysisPath]).errors.isEmpty)
            runs.append(try TestFiles.files(under: folder + "/out"))
        }
        #expect(
            runs[0].keys.sorted() == ["archives/closebook-2026-10.tar.gz"]
                + SitePublisherTests.charts.map { "site/2026-10/charts/\($0).svg" } + [
                    "site/2026-10/index.html", "site/2026-10/report.json",
                    "site/2026-10/report.md", "site/feed.xml", "site/index.html", "site/year-2026.html",
                ])
        for (name, bytes) in runs[0] {
            #expect(runs[1][name] == bytes, "\(name) differs between two runs")
        }
    }
}
