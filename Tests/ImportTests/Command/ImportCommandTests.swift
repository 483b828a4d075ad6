import Foundation
import Import
import Ledger
import TestSupport
import Testing

/// A workspace in a temporary folder, removed when the test ends.
final class TemporaryWorkspace {
    let path: String

    init(config: String?, inbox: [String: [UInt8]]) throws {
        path = try TemporaryFolder.make("closebook").path
        try FileManager.default.createDirectory(atPath: path + "/inbox", withIntermediateDirectories: true)
        if let config { try Data(config.utf8).write(to: URL(fileURLWithPath: path + "/closebook.toml")) }
        for (name, bytes) in inbox { try Data(bytes).write(to: URL(fileURLWithPath: path + "/inbox/" + name)) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    var journal: String { path + "/build/journal.jsonl" }
    var report: String { path + "/build/import-report.json" }

    /// Runs `closebook-import` in process; returns the exit status and what it printed on stderr.
    func run(_ extra: [String] = []) -> (status: Int32, stderr: [String]) {
        var lines: [String] = []
        let status = ImportCommand.run(
            arguments: ["--workspace", path, "--journal", journal, "--report", report] + extra,
            standardOutput: { lines.append($0) }, standardError: { lines.append($0) })
        return (status, lines)
    }

    func exists(_ file: String) -> Bool { FileManager.default.fileExists(atPath: file) }

    func readReport() throws -> ImportReport {
        try JSONDecoder().decode(ImportReport.self, from: Data(contentsOf: URL(fileURLWithPath: report)))
    }

    func readJournal() throws -> Journal {
        try JournalCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: journal))), path: journal)
    }
}

@Suite("closebook-import command")
struct ImportCommandTests {
    static let config = """
        base_currency = "GBP"

        [[accounts]]
        id = "savings"
        name = "Bramble Savings"
        type = "savings"
        inbox = ["bramble-savings-*.qif"]
        opening_balance = "1000.00"
        opening_date = "2024-09-01"
        """

    static let savings = Array(
        "!Type:Bank\nD02/09/2024\nT250.00\nPTRANSFER IN\n^\nD30/09/2024\nT3.12\nPINTEREST\n^\n".utf8)

    @Test("a good inbox: exit 0, journal and report written, a table on stderr")
    func success() throws {
        let workspace = try TemporaryWorkspace(
            config: Self.config, inbox: ["bramble-savings-2024-09.qif": Self.savings])
        let (status, stderr) = workspace.run()
        #expect(status == 0)
        let journal = try workspace.readJournal()
        #expect(journal.stage == "journal")
        #expect(journal.baseCurrency == .gbp)
        #expect(journal.accounts.map(\.id) == ["savings"])
        #expect(journal.accounts.first?.openingBalance == Money(minorUnits: 100_000, currency: .gbp))
        #expect(journal.transactions.map(\.amount.minorUnits) == [25_000, 312])
        #expect(
            journal.transactions.map(\.source.file) == [
                "inbox/bramble-savings-2024-09.qif", "inbox/bramble-savings-2024-09.qif",
            ])
        let report = try workspace.readReport()
        #expect(report.schemaVersion == 1)
        #expect(report.files.map(\.path) == ["inbox/bramble-savings-2024-09.qif"])
        #expect(report.files.first?.format == "qif")
        #expect(report.accounts.first?.coverage?.from == "2024-09-02")
        #expect(stderr.first?.hasPrefix("file ") == true)
        #expect(stderr.joined(separator: "\n").contains("inbox/bramble-savings-2024-09.qif  qif     -        savings"))
    }

    @Test("a PDF in the inbox: exit 1, its error printed whole, the other files still imported")
    func pdfInInbox() throws {
        let workspace = try TemporaryWorkspace(
            config: Self.config,
            inbox: [
                "bramble-savings-2024-09.qif": Self.savings, "statement.pdf": Array("%PDF-1.7\n\u{1}\u{2}".utf8),
                ".DS_Store": [0, 1, 2],
            ])
        let (status, stderr) = workspace.run(["--quiet"])
        #expect(status == 1)
        #expect(
            stderr == [
                "inbox/statement.pdf:1:1: error: not a bank export Closebook can read (expected CSV, OFX, QFX or QIF)"
            ])
        #expect(try workspace.readJournal().transactions.count == 2)
        let report = try workspace.readReport()
        #expect(report.files.map(\.path) == ["inbox/bramble-savings-2024-09.qif", "inbox/statement.pdf"])
        #expect(report.totals.failedFiles == 1)
        #expect(report.files.allSatisfy { $0.records == $0.imported + $0.duplicates + $0.skipped })
    }

    @Test("a mistake in closebook.toml: exit 2 with its place, nothing written")
    func configError() throws {
        let workspace = try TemporaryWorkspace(
            config: "base_currency = \"GBP\"\n\n[[accounts]]\nid = \"savings\"\nopening_balanc = \"1.00\"\n",
            inbox: ["a.qif": Self.savings])
        let (status, stderr) = workspace.run()
        #expect(status == 2)
        #expect(stderr.count == 1)
        #expect(
            stderr.first?.hasPrefix(workspace.path + "/closebook.toml:5:1: error: unknown account key 'opening_balanc'")
                == true)
        #expect(!workspace.exists(workspace.journal))
        #expect(!workspace.exists(workspace.report))
    }

    @Test("no inbox folder: exit 2, nothing written")
    func missingInbox() throws {
        let workspace = try TemporaryWorkspace(config: nil, inbox: [:])
        try FileManager.default.removeItem(atPath: workspace.path + "/inbox")
        let (status, stderr) = workspace.run()
        #expect(status == 2)
        #expect(
            stderr == [
                "\(workspace.path)/inbox: error: no inbox folder; put the bank exports to import in \(workspace.path)/inbox/"
            ])
        #expect(!workspace.exists(workspace.journal))
    }

    @Test("usage errors exit 2; --help exits 0 with an example")
    func usage() throws {
        var output: [String] = []
        #expect(
            ImportCommand.run(
                arguments: ["--workspace", "/nonexistent-closebook"], standardError: { output.append($0) }) == 2)
        #expect(output.joined().contains("Missing expected argument '--journal <file>'"))
        output = []
        let status = ImportCommand.run(
            arguments: ["--workspace", "/nonexistent-closebook", "--journal", "j", "--report", "r"],
            standardError: { output.append($0) })
        #expect(status == 2)
        #expect(output.joined().contains("workspace '/nonexistent-closebook' is not a folder"))
        output = []
        #expect(ImportCommand.run(arguments: ["--help"], standardOutput: { output.append($0) }) == 0)
        #expect(output.joined().contains("closebook-import --workspace Samples --profiles Importers"))
    }

    @Test("an empty inbox without closebook.toml still writes an empty journal")
    func emptyInbox() throws {
        let workspace = try TemporaryWorkspace(config: nil, inbox: [:])
        let (status, _) = workspace.run(["--quiet"])
        #expect(status == 0)
        #expect(try workspace.readJournal().transactions.isEmpty)
        #expect(try workspace.readReport().totals.files == 0)
    }

    @Test("re-running gives byte-identical outputs")
    func reproducible() throws {
        let workspace = try TemporaryWorkspace(
            config: Self.config,
            inbox: [
                "bramble-savings-2024-09.qif": Self.savings,
                "other.qif": Array("!Type:CCard\nD2024-09-05\nT-9.99\nPMusic\n^\n".utf8),
            ])
        _ = workspace.run(["--quiet"])
        let journal = try Data(contentsOf: URL(fileURLWithPath: workspace.journal))
        let report = try Data(contentsOf: URL(fileURLWithPath: workspace.report))
        _ = workspace.run(["--quiet"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.journal)) == journal)
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.report)) == report)
        #expect(
            String(decoding: report, as: UTF8.self).contains("\"suggestion\" : \"[[accounts]]\\nid = \\\"other\\\""))
    }

    @Test("--timings prints each phase on stderr and changes no output")
    func timings() throws {
        let workspace = try TemporaryWorkspace(
            config: Self.config, inbox: ["bramble-savings-2024-09.qif": Self.savings])
        _ = workspace.run(["--quiet"])
        let journal = try Data(contentsOf: URL(fileURLWithPath: workspace.journal))
        let (status, lines) = workspace.run(["--quiet", "--timings"])
        #expect(status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.journal)) == journal)
        let printed = lines.joined(separator: "\n").split(separator: "\n").map(String.init)
        let phases = printed.drop { $0 != "closebook-import: where the time went" }.dropFirst()
            .map { $0.split(separator: " ").dropLast(2).joined(separator: " ") }
        #expect(
            phases == [
                "read the inbox", "read the files", "dates and accounts", "entries and ids", "duplicates",
                "order, balances, journal", "the read cache's writes", "encode the report", "put the journal in place",
                "write the report", "total",
            ])
    }
}
