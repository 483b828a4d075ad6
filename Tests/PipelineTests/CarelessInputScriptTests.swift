import Foundation
import TestSupport
import Testing

/// `make report` and `scripts/report.sh` under careless input: `REDACT` spelled as people spell
/// yes, a linked rules folder edited in place, temporary files a killed run left, and folder
/// names holding quotes, `$` or backticks, which are names and never commands.
@Suite("Careless input to the report script", .serialized)
struct CarelessInputScriptTests {
    static let root = SamplesPipelineTests.root
    static let bin = RepositoryPaths.debugBinaries.path

    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["BIN": bin, "PATH": "/usr/bin:/bin:/usr/local/bin"].merging(environment) { $1 }
        if let folder { process.currentDirectoryURL = folder }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func report(_ workspace: URL, environment: [String: String] = [:]) throws -> (status: Int32, output: String)
    {
        try run(
            "/bin/bash", [root.appendingPathComponent("scripts/report.sh").path, workspace.path],
            environment: environment)
    }

    /// A copy of the Samples workspace in a new folder, its rules kept elsewhere and linked.
    static func workspace() throws -> (folder: URL, workspace: URL) {
        let fm = FileManager.default
        let folder = try TemporaryFolder.make("closebook careless")
        let workspace = folder.appendingPathComponent("books")
        try fm.createDirectory(at: workspace, withIntermediateDirectories: true)
        for item in ["closebook.toml", "inbox", "overrides.csv", "rates.csv", "valuations.csv"] {
            try fm.copyItem(
                at: root.appendingPathComponent("Samples/\(item)"), to: workspace.appendingPathComponent(item))
        }
        try fm.copyItem(
            at: root.appendingPathComponent("Samples/rules"), to: folder.appendingPathComponent("dotfiles-rules"))
        try fm.createSymbolicLink(
            at: workspace.appendingPathComponent("rules"),
            withDestinationURL: folder.appendingPathComponent("dotfiles-rules"))
        return (folder, workspace)
    }

    static func built() -> Bool {
        guard FileManager.default.isExecutableFile(atPath: bin + "/closebook-import") else {
            Issue.record("the debug stages are not built at \(bin)")
            return false
        }
        return true
    }

    @Test func redactAcceptsYesInItsUsualSpellingsAndRefusesTheRest() throws {
        guard Self.built() else { return }
        let (folder, workspace) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        for value in ["maybe", "2", "ture"] {
            let refused = try Self.report(workspace, environment: ["REDACT": value])
            #expect(refused.status == 2)
            #expect(refused.output.contains("REDACT='\(value)' is neither yes nor no"))
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("site").path))

        let plain = try Self.report(workspace, environment: ["REDACT": "no"])
        #expect(plain.status == 0, "\(plain.output)")
        let json = workspace.appendingPathComponent("site/2026-10/report.json")
        #expect(try !String(contentsOf: json, encoding: .utf8).contains("\"redacted\" : true"))
        for value in ["yes", "TRUE", "On"] {
            let redacted = try Self.report(workspace, environment: ["REDACT": value])
            #expect(redacted.status == 0, "\(redacted.output)")
            #expect(try String(contentsOf: json, encoding: .utf8).contains("\"redacted\" : true"), "\(value)")
        }
    }

    @Test func aLinkedRulesFolderEditedInPlaceIsSeen() throws {
        guard Self.built() else { return }
        let (folder, workspace) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.report(workspace).status == 0)
        let uncategorized = workspace.appendingPathComponent("build/uncategorized.csv")
        let before = try String(contentsOf: uncategorized, encoding: .utf8)
        #expect(before.split(separator: "\n").count > 1)
        // A rule that takes every row left, appended to the linked folder's last file (no file
        // under the workspace itself changes).
        let rules = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("dotfiles-rules").path)
                .filter { $0.hasSuffix(".rules") }.sorted().last)
        let handle = try FileHandle(forWritingTo: folder.appendingPathComponent("dotfiles-rules/\(rules)"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\nif payee ~ /./\n    category Other:Linked\n".utf8))
        try handle.close()
        let again = try Self.report(workspace)
        #expect(again.status == 0, "\(again.output)")
        #expect(try String(contentsOf: uncategorized, encoding: .utf8).split(separator: "\n").count == 1)
    }

    @Test func temporaryFilesOfAKilledRunAreRemoved() throws {
        guard Self.built() else { return }
        let (folder, workspace) = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.report(workspace).status == 0)
        // What a killed run leaves: a stage's temporary file (process 4194000 is gone), an older
        // version's `.dat.nosync…` file, a manifest of the script's.
        let left = [
            "site/2026-10/.index.html.4194000-0.tmp", "site/.feed.xml.4194000.tmp", "build/.dat.nosyncA1b2C3",
            "archives/.closebook-2026-10.tar.gz.4194000-3.tmp", "build/.manifest-import.4194000.tmp",
        ]
        for path in left { try Data("half".utf8).write(to: workspace.appendingPathComponent(path)) }
        let keep = workspace.appendingPathComponent("site/notes.4194000.tmp")
        try Data("not ours".utf8).write(to: keep)
        let emptyTemporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: emptyTemporary, withIntermediateDirectories: true)
        #expect(try Self.report(workspace, environment: ["TMPDIR": emptyTemporary.path]).status == 0)
        for path in left {
            #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent(path).path), "\(path)")
        }
        #expect(FileManager.default.fileExists(atPath: keep.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: emptyTemporary.path).isEmpty)
    }

    @Test func quotesDollarsAndBackticksInMakeVariablesAreNames() throws {
        let fm = FileManager.default
        let folder = try TemporaryFolder.make("closebook-make")
        defer { try? fm.removeItem(at: folder) }
        // A stamp newer than every source, so `make report` does not build the release stages.
        let stamp = folder.appendingPathComponent("stamp")
        try Data().write(to: stamp)
        try fm.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 86_400 * 365)], ofItemAtPath: stamp.path)
        let pwned = folder.appendingPathComponent("PWNED").path
        let name = folder.path + "/b`touch \(pwned)`w\"s$(touch \(pwned))$HOME"
        let result = try Self.run(
            "/usr/bin/make",
            [
                "-s", "-C", Self.root.path, "report", "STAMP=\(stamp.path)", "WORKSPACE=\(name)",
                "MONTH=x`touch \(pwned)`",
            ])
        #expect(!fm.fileExists(atPath: pwned))
        #expect(result.status == 2)
        #expect(result.output.contains("the workspace '\(name)' is not a folder"), "\(result.output)")
    }
}
