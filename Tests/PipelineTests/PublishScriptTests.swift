import Foundation
import Testing

/// `scripts/publish.sh`, which `make publish` runs: a first publish, a second that replaces the
/// first whole (a file the new site no longer has is gone), no temporary folder left behind, and
/// the refusals (no site, a target inside the site).
@Suite("The publish script", .serialized)
struct PublishScriptTests {
    static let script = SamplesPipelineTests.root.appendingPathComponent("scripts/publish.sh").path

    static func run(_ site: URL, _ target: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, site.path, target]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func write(_ text: String, _ url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func publishesAndReplacesWhole() throws {
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("closebook publish \(UUID().uuidString)")
        defer { try? fm.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        try Self.write("<h1>index one</h1>", site.appendingPathComponent("index.html"))
        try Self.write("october", site.appendingPathComponent("2026-10/index.html"))
        let target = folder.appendingPathComponent("www/money")

        let first = try Self.run(site, target.path)
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("Published 2 files"))
        #expect(
            try String(contentsOf: target.appendingPathComponent("2026-10/index.html"), encoding: .utf8) == "october")

        try fm.removeItem(at: site.appendingPathComponent("2026-10"))
        try Self.write("<h1>index two</h1>", site.appendingPathComponent("index.html"))
        try Self.write("november", site.appendingPathComponent("2026-11/index.html"))
        let second = try Self.run(site, target.path + "/")
        #expect(second.status == 0, "\(second.output)")
        #expect(
            try String(contentsOf: target.appendingPathComponent("index.html"), encoding: .utf8) == "<h1>index two</h1>"
        )
        #expect(!fm.fileExists(atPath: target.appendingPathComponent("2026-10").path))
        #expect(fm.fileExists(atPath: target.appendingPathComponent("2026-11/index.html").path))
        let leftovers = try fm.contentsOfDirectory(atPath: folder.appendingPathComponent("www").path)
        #expect(leftovers == ["money"])
    }

    @Test func refusesWithoutASiteOrIntoItself() throws {
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("closebook publish \(UUID().uuidString)")
        defer { try? fm.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        try fm.createDirectory(at: site, withIntermediateDirectories: true)
        let empty = try Self.run(site, folder.appendingPathComponent("www").path)
        #expect(empty.status == 2)
        #expect(empty.output.contains("run make report first"))
        #expect(!fm.fileExists(atPath: folder.appendingPathComponent("www").path))

        try Self.write("x", site.appendingPathComponent("index.html"))
        let inside = try Self.run(site, site.appendingPathComponent("copy").path)
        #expect(inside.status == 2)
        #expect(inside.output.contains("inside the site"))
        let unset = try Self.run(site, "")
        #expect(unset.status == 2)
        #expect(unset.output.contains("PUBLISH_DIR is not set"))
    }
}
