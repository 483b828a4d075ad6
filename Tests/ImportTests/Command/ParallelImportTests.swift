import Crypto
import Dispatch
import Foundation
import Import
import Ledger
import TestSupport
import Testing

/// Files are read on several cores at once (`ImportRun.read`); everything after reading runs in
/// file order, so the import writes the same bytes whichever file finishes first.
@Suite("Reading the inbox's files in parallel")
struct ParallelImportTests {
    static let fixture = RepositoryPaths.root.appendingPathComponent("Tests/ImportTests/Fixtures/parallel-workspace")

    /// What one in-process run of `closebook-import` left: the exit status and the SHA-256 of
    /// every output (the journal, the report, and what it printed on each stream).
    struct Run: Equatable {
        var status: Int32
        var digests: [String: String]
    }

    static func sha256(_ bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// Imports the fixture workspace (copied to `workspace`) reading its files on `cores` cores,
    /// into an empty `build/`; with `readCache`, keeping the readings in `build/.reads`.
    static func importWorkspace(_ workspace: URL, cores: Int, readCache: Bool = false) throws -> Run {
        let build = workspace.appendingPathComponent("build")
        try? FileManager.default.removeItem(at: build)
        let cache = readCache ? ["--read-cache", build.appendingPathComponent(".reads").path] : []
        let command = try ImportCommand.parse(
            [
                "--workspace", workspace.path, "--profiles",
                RepositoryPaths.root.appendingPathComponent("Importers").path,
                "--journal", build.appendingPathComponent("journal.jsonl").path,
                "--report", build.appendingPathComponent("import-report.json").path, "--today", "2026-11-20",
            ] + cache)
        var output: [String] = []
        var errors: [String] = []
        let status = command.execute(
            cores: cores, standardOutput: { output.append($0) }, standardError: { errors.append($0) })
        var digests: [String: String] = [
            "stdout": sha256(Array(output.joined(separator: "\n").utf8)),
            "stderr": sha256(Array(errors.joined(separator: "\n").utf8)),
        ]
        for name in ["journal.jsonl", "import-report.json"] {
            digests[name] = sha256(try Data(contentsOf: build.appendingPathComponent(name)))
        }
        return Run(status: status, digests: digests)
    }

    /// A new folder holding the fixture workspace's `closebook.toml` and `inbox/`.
    static func copyOfFixture(_ name: String = #function) throws -> URL {
        let workspace = try TemporaryFolder.make(name)
        for item in ["closebook.toml", "inbox"] {
            try FileManager.default.copyItem(
                at: fixture.appendingPathComponent(item), to: workspace.appendingPathComponent(item))
        }
        return workspace
    }

    @Test("one core and two give the same journal, report and messages, byte for byte")
    func sameBytesOnOneCoreAndTwo() throws {
        let workspace = try Self.copyOfFixture()
        defer { try? FileManager.default.removeItem(at: workspace) }
        let serial = try Self.importWorkspace(workspace, cores: 1)
        let report = try JSONDecoder().decode(
            ImportReport.self, from: Data(contentsOf: workspace.appendingPathComponent("build/import-report.json")))
        // Nine files, by name; `notes.txt` is not an export and fails (exit 1), the copy is read once.
        #expect(serial.status == 1)
        #expect(report.totals.files == 9)
        #expect(report.totals.failedFiles == 1)
        #expect(
            report.files.map(\.path) == [
                "inbox/banco-sol-es.csv", "inbox/bramble-savings-2024-09-01_2026-11-18.qif",
                "inbox/evergreen-pension-2024-09-01_2026-11-18.ofx", "inbox/harbor-card-2024-09-01_2026-11-18.ofx",
                "inbox/harbor-card-saved-twice.ofx", "inbox/northwind-current-2024-09-01_2025-12-31.csv",
                "inbox/northwind-current-2025-11-15_2026-11-18.csv", "inbox/notes.txt",
                "inbox/tagus-euro-2026-06-01_2026-11-18.ofx",
            ])
        #expect(report.files[4].records == 0)
        #expect(report.files[4].format == "ofx-2")
        for cores in [2, 4] {
            // Several runs: the files finish in a different order from run to run.
            for _ in 0..<3 {
                #expect(try Self.importWorkspace(workspace, cores: cores) == serial, "on \(cores) cores")
            }
        }
    }

    @Test("the readings kept beside the run on two cores are the entries one core keeps, each whole when it returns")
    func readCacheOnOneCoreAndTwo() throws {
        let workspace = try Self.copyOfFixture()
        defer { try? FileManager.default.removeItem(at: workspace) }
        let plain = try Self.importWorkspace(workspace, cores: 1)
        let folder = workspace.appendingPathComponent("build/.reads")
        /// The sha256 of each reading in the folder, by name. (Not `stamps`, `ReadCache`'s: which stamps
        /// it keeps depends on how long ago each file was written, so on the machine's speed.)
        func entries() throws -> [String: String] {
            var digests: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
            where name != "stamps" {
                digests[name] = Self.sha256(try Data(contentsOf: folder.appendingPathComponent(name)))
            }
            return digests
        }
        #expect(try Self.importWorkspace(workspace, cores: 1, readCache: true) == plain)
        let serial = try entries()
        // Seven files are read (of nine: one is not an export, one a copy), each kept with the
        // content hashes of its statements: more entries than files, and nothing else.
        #expect(serial.count > 7)
        #expect(serial.keys.allSatisfy { $0.utf8.count == 64 })
        for _ in 0..<3 {
            #expect(try Self.importWorkspace(workspace, cores: 2, readCache: true) == plain)
            #expect(try entries() == serial)
        }
    }

    @Test(
        "with two cores, two files are read at the same time",
        .enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2))
    func filesAreReadAtOnce() {
        let meeting = Meeting()
        let readers: [any StatementReader] = [MeetingReader(meeting: meeting)]
        var driver = ImportDriver(readers: readers, config: WorkspaceConfig(baseCurrency: .gbp))
        driver.cores = 2
        let outcome = driver.run([
            InboxFile(name: "a.fake", bytes: Array("FAKECSV\n2024-01-05;-3.50;Coffee\n".utf8)),
            InboxFile(name: "b.fake", bytes: Array("FAKECSV\n2024-01-06;-4.20;Bakery\n".utf8)),
        ])
        // Each read waited for the other to start: read one after the other, both would time out.
        #expect(meeting.met == 2)
        #expect(outcome.report.files.map(\.path) == ["inbox/a.fake", "inbox/b.fake"])
        #expect(outcome.journal.transactions.map(\.amount.minorUnits) == [-350, -420])
    }
}

/// Two reads that wait for each other: `met` counts the reads that saw the other one start.
private final class Meeting: @unchecked Sendable {
    /// How long a read waits for the other; only a one-after-the-other run waits this long. (Long
    /// enough for a busy thread pool to start the second read: the suite runs beside others.)
    static let patience = 10.0

    private let condition = NSCondition()
    private var arrived = 0
    private var metCount = 0

    func arrive() {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: Self.patience)
        while arrived < 2 && condition.wait(until: deadline) {}
        if arrived >= 2 { metCount += 1 }
    }

    var met: Int {
        condition.lock()
        defer { condition.unlock() }
        return metCount
    }
}

/// The fake CSV reader (`FakeStatementText`), meeting the other read before it parses.
private struct MeetingReader: StatementReader {
    static let format = FileFormat.csv
    let meeting: Meeting

    static func recognizes(_ bytes: [UInt8]) -> Bool { FakeCSVReader.recognizes(bytes) }

    func read(_ bytes: [UInt8], path: String, context: ReadContext) throws(ImportDiagnostic) -> ParsedFile {
        meeting.arrive()
        return FakeStatementText.parse(bytes, format: .csv, context: context)
    }
}
