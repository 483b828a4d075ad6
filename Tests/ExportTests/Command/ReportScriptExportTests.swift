import Foundation
import TestSupport
import Testing

/// `scripts/report.sh` runs the export when `closebook.toml` asks for it, and `EXPORT=all`
/// (`make export`) writes every format; with the debug build's stages, over a copy of the Samples.
@Suite("The report script's export", .serialized)
struct ReportScriptExportTests {
    static let bin = RepositoryPaths.debugBinaries.path

    static func run(_ workspace: URL, export: String? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [SamplesWorkspace.root.appendingPathComponent("scripts/report.sh").path, workspace.path]
        var environment = ["BIN": bin, "PATH": "/usr/bin:/bin"]
        if let export { environment["EXPORT"] = export }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func theExportTableDecidesAndExportAllWritesEveryFormat() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.bin + "/closebook-export") else {
            Issue.record("the debug stages are not built at \(Self.bin)")
            return
        }
        let fm = FileManager.default
        let workspace = try TemporaryFolder.make("closebook-export-script")
        defer { try? fm.removeItem(at: workspace) }
        for item in ["closebook.toml", "inbox", "rules", "overrides.csv", "rates.csv", "valuations.csv"] {
            try fm.copyItem(
                at: SamplesWorkspace.root.appendingPathComponent("Samples/\(item)"),
                to: workspace.appendingPathComponent(item))
        }
        let export = workspace.appendingPathComponent("build/export")
        #expect(try Self.run(workspace) == 0)
        #expect((try? fm.contentsOfDirectory(atPath: export.path)) ?? [] == [])

        let toml = workspace.appendingPathComponent("closebook.toml")
        let text = try String(contentsOf: toml, encoding: .utf8)
        try (text + "\n[export]\nformats = [\"journal\"]\n").write(to: toml, atomically: true, encoding: .utf8)
        #expect(try Self.run(workspace) == 0)
        #expect(try fm.contentsOfDirectory(atPath: export.path).sorted() == ["closebook.journal"])

        try fm.removeItem(at: export)
        #expect(try Self.run(workspace, export: "all") == 0)
        let all = ExportFormatNames.all
        #expect(try fm.contentsOfDirectory(atPath: export.path).sorted() == all)
    }
}
