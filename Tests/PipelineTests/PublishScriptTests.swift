import Foundation
import TestSupport
import Testing

/// `scripts/publish.sh`, which `make publish` runs: a first publish, a second that replaces the
/// first whole (a file the new site no longer has is gone), no temporary folder left behind, and
/// the refusals (no site, a target inside the site, a target that holds the workspace or the site,
/// a folder with other files), all without touching a file.
@Suite("The publish script", .serialized)
struct PublishScriptTests {
    static let script = SamplesPipelineTests.root.appendingPathComponent("scripts/publish.sh").path

    static func run(_ site: URL, _ target: String, workspace: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, site.path, target] + (workspace.map { [$0.path] } ?? [])
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
        let folder = try TemporaryFolder.make("closebook publish")
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
        let folder = try TemporaryFolder.make("closebook publish")
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

    /// A workspace with a rendered site: `W/inbox/export.csv`, `W/closebook.toml`, `W/site/…`.
    static func workspace(in folder: URL) throws -> (workspace: URL, site: URL) {
        let workspace = folder.appendingPathComponent("W")
        try write("Date,Amount\n", workspace.appendingPathComponent("inbox/export.csv"))
        try write("base_currency = \"GBP\"\n", workspace.appendingPathComponent("closebook.toml"))
        let site = workspace.appendingPathComponent("site")
        try write("<h1>index</h1>", site.appendingPathComponent("index.html"))
        try write("<feed/>", site.appendingPathComponent("feed.xml"))
        try write("october", site.appendingPathComponent("2026-10/index.html"))
        return (workspace, site)
    }

    /// Every file under `folder`, relative, sorted.
    static func files(_ folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { path in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.path + "/" + path, isDirectory: &isFolder)
            return !isFolder.boolValue
        }
        .sorted()
    }

    @Test func neverReplacesTheWorkspaceTheSiteOrAFolderOfOtherFiles() throws {
        let fm = FileManager.default
        let folder = try TemporaryFolder.make("closebook publish")
        defer { try? fm.removeItem(at: folder) }
        let (workspace, site) = try Self.workspace(in: folder)
        let before = Self.files(folder)
        #expect(before.count == 5)

        for target in [workspace.path, folder.path, folder.path + "/W/.", "/", workspace.path + "/site"] {
            let refused = try Self.run(site, target, workspace: workspace)
            #expect(refused.status == 2, "\(target): \(refused.output)")
            #expect(refused.output.contains("holds the") || refused.output.contains("inside the site"))
        }
        let inbox = try Self.run(site, workspace.path + "/inbox", workspace: workspace)
        #expect(inbox.status == 2)
        #expect(inbox.output.contains("not a published Closebook site"))

        // A folder that holds other files: a blog, notes.
        let blog = folder.appendingPathComponent("P")
        try Self.write("my blog", blog.appendingPathComponent("blog/index.html"))
        try Self.write("notes", blog.appendingPathComponent("notes.txt"))
        let other = try Self.run(site, blog.path, workspace: workspace)
        #expect(other.status == 2)
        #expect(other.output.contains("'\(blog.path)' holds files that are not a published Closebook site"))
        #expect(Self.files(blog) == ["blog/index.html", "notes.txt"])
        #expect(Self.files(folder) == (before + ["P/blog/index.html", "P/notes.txt"]).sorted())
    }

    @Test func replacesAnEarlierSiteAndCopiesNoDotFiles() throws {
        let fm = FileManager.default
        let folder = try TemporaryFolder.make("closebook publish")
        defer { try? fm.removeItem(at: folder) }
        let (workspace, site) = try Self.workspace(in: folder)
        // What a killed stage or an editor leaves in the site.
        try Self.write("half", site.appendingPathComponent("2026-10/.index.html.4194000-0.tmp"))
        try Self.write("x", site.appendingPathComponent(".dat.nosyncAbc123"))

        // An empty folder is taken; the published site carries the marker and no dot-file.
        let target = folder.appendingPathComponent("www")
        try fm.createDirectory(at: target, withIntermediateDirectories: true)
        let first = try Self.run(site, target.path, workspace: workspace)
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("Published 3 files"))
        #expect(Self.files(target) == [".closebook-site", "2026-10/index.html", "feed.xml", "index.html"])
        #expect(try Self.run(site, target.path, workspace: workspace).status == 0)

        // A site published before the marker existed is known by its shape, an old month included.
        let older = folder.appendingPathComponent("older")
        try Self.write("old index", older.appendingPathComponent("index.html"))
        try Self.write("old feed", older.appendingPathComponent("feed.xml"))
        try Self.write("sept", older.appendingPathComponent("2026-09/index.html"))
        try Self.write("2025", older.appendingPathComponent("year-2025.html"))
        let replaced = try Self.run(site, older.path, workspace: workspace)
        #expect(replaced.status == 0, "\(replaced.output)")
        #expect(Self.files(older) == [".closebook-site", "2026-10/index.html", "feed.xml", "index.html"])
    }

    @Test func removesTheTemporaryFolderOfAKilledPublish() throws {
        let fm = FileManager.default
        let folder = try TemporaryFolder.make("closebook publish")
        defer { try? fm.removeItem(at: folder) }
        let (workspace, site) = try Self.workspace(in: folder)
        // No process is numbered 4194000 here: Linux hands numbers out from the bottom, up to 4194304.
        let abandoned = folder.appendingPathComponent(".closebook-publish.4194000.AbCdEf")
        try Self.write("half", abandoned.appendingPathComponent("index.html"))
        let running = folder.appendingPathComponent(".closebook-publish.\(getpid()).XyZ123")
        try Self.write("half", running.appendingPathComponent("index.html"))
        let result = try Self.run(site, folder.appendingPathComponent("www").path, workspace: workspace)
        #expect(result.status == 0, "\(result.output)")
        #expect(!fm.fileExists(atPath: abandoned.path))
        #expect(fm.fileExists(atPath: running.path))
    }
}
