import Foundation
import Report
import Testing

/// The month's `.tar.gz` as the system's own tools see it.
@Suite struct MonthArchiveTests {
    let tar = ExternalTool(path: "/usr/bin/tar")
    let gzip = ExternalTool(path: "/usr/bin/gzip")

    func renderedFixture() throws -> RenderedMonth {
        try ReportRenderer(templates: try TestFiles.templates()).render(try TestFiles.report())
    }

    @Test func isListedByTarWithFixedOwnerModeAndTime() throws {
        let folder = try TestFiles.temporaryFolder()
        let rendered = try renderedFixture()
        let path = folder + "/" + rendered.archiveName
        try Data(try rendered.archive()).write(to: URL(fileURLWithPath: path))
        #expect(rendered.archiveName == "closebook-2026-10.tar.gz")

        let check = try gzip.run(["-t", path])
        #expect(check.status == 0, "\(check.errors)")
        let names = try tar.run(["-tzf", path])
        #expect(names.status == 0, "\(names.errors)")
        let charts = SitePublisherTests.charts.map { "2026-10/charts/\($0).svg\n" }.joined()
        #expect(names.text == charts + "2026-10/index.html\n2026-10/report.json\n2026-10/report.md\n")

        let listing = try tar.run(["--numeric-owner", "--utc", "-tvzf", path])
        let lines = listing.text.split(separator: "\n")
        #expect(lines.count == 3 + SitePublisherTests.charts.count)
        for line in lines {
            #expect(line.hasPrefix("-rw-r--r-- 0/0 "))
            #expect(line.contains(" 2026-10-31 23:59 "))
        }
    }

    @Test(arguments: ["2026-10/index.html", "2026-10/report.json", "2026-10/report.md"])
    func holdsTheSameBytesAsTheSite(_ name: String) throws {
        let folder = try TestFiles.temporaryFolder()
        let rendered = try renderedFixture()
        let path = folder + "/" + rendered.archiveName
        try Data(try rendered.archive()).write(to: URL(fileURLWithPath: path))
        let extracted = try tar.run(["-xzOf", path, name])
        #expect(extracted.status == 0, "\(extracted.errors)")
        let expected = try #require(rendered.files.first { $0.path == name }).contents
        #expect(extracted.output == expected)
    }

    @Test func isByteIdenticalWhenMadeTwice() throws {
        #expect(try renderedFixture().archive() == renderedFixture().archive())
    }
}
