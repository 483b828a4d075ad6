import Foundation
import Ledger
import Testing

@testable import Export

/// The stage as a command: what it writes, and its errors and exit codes.
@Suite("closebook-export")
struct ExportRunTests {
    /// A workspace folder holding `closebook.toml` (when given), `rates.csv` (when given) and the
    /// hand-built ledger at `build/ledger.jsonl`.
    static func workspace(toml: String? = nil, rates: String? = nil) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("build"), withIntermediateDirectories: true)
        if let toml {
            try toml.write(to: folder.appendingPathComponent("closebook.toml"), atomically: true, encoding: .utf8)
        }
        if let rates {
            try rates.write(to: folder.appendingPathComponent("rates.csv"), atomically: true, encoding: .utf8)
        }
        try Data(JournalCodec.encode(HandBuiltLedger.journal)).write(
            to: folder.appendingPathComponent("build/ledger.jsonl"))
        return folder
    }

    static func run(_ folder: URL, _ selection: ExportRun.Selection) -> ExportRun.Result {
        ExportRun(
            workspace: folder.path, ledgerPath: folder.appendingPathComponent("build/ledger.jsonl").path,
            outputFolder: folder.appendingPathComponent("build/export").path, selection: selection
        ).execute()
    }

    @Test func configuredWritesWhatTheExportTableNamesAndNothingWithoutOne() throws {
        let without = try Self.workspace(toml: "base_currency = \"GBP\"\n")
        #expect(Self.run(without, .configured) == ExportRun.Result(exitCode: 0))
        #expect(!FileManager.default.fileExists(atPath: without.appendingPathComponent("build/export").path))

        let with = try Self.workspace(toml: "[export]\nformats = [\"journal\"]\n")
        let result = Self.run(with, .configured)
        let path = with.appendingPathComponent("build/export/closebook.journal").path
        #expect(result == ExportRun.Result(exitCode: 0, written: [path]))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aConfigurationErrorIsExitTwoAndWritesNothing() throws {
        let folder = try Self.workspace(toml: "[export]\nformats = [\"qif\"]\n")
        let result = Self.run(folder, .formats([.journal]))
        #expect(result.exitCode == 2)
        #expect(
            result.standardError
                == "\(folder.path)/closebook.toml:2:1: error: export format 'qif' is not one of \"journal\", \"beancount\", \"csv\", \"sqlite\"\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("build/export").path))
    }

    @Test func aMissingLedgerIsExitOne() throws {
        let folder = try Self.workspace()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("build/ledger.jsonl"))
        let result = Self.run(folder, .formats([.journal]))
        #expect(result.exitCode == 1)
        #expect(result.standardError == "\(folder.path)/build/ledger.jsonl: error: no such file\n")
    }

    @Test func aBadRateIsExitOneWithItsPlace() throws {
        let folder = try Self.workspace(rates: "date,currency,rate\n2026-01-01,EUR,0.87\n2026-02-01,EUR,-1\n")
        let result = Self.run(folder, .formats([.journal]))
        #expect(result.exitCode == 1)
        #expect(
            result.standardError
                == "\(folder.path)/rates.csv:3:16: error: rate '-1' must be a positive decimal with at most 10 fraction digits, such as 1.1734\n"
        )
    }

    @Test func ratesBecomePriceLinesInDateOrderWithoutTheBaseCurrency() throws {
        let folder = try Self.workspace(
            rates: "date,currency,rate\n2026-02-01,EUR,0.88\n2026-01-01,GBP,1\n2026-01-01,USD,0.79\n")
        #expect(Self.run(folder, .formats([.journal])).exitCode == 0)
        let text = try String(
            contentsOf: folder.appendingPathComponent("build/export/closebook.journal"), encoding: .utf8)
        #expect(text.contains("\n\nP 2026-01-01 USD 0.79 GBP\nP 2026-02-01 EUR 0.88 GBP\n\n"))
    }

    @Test func theCommandMapsAnUnknownFormatToExitTwo() {
        #expect(
            StageExit.run(
                ExportCommand.self, arguments: ["--workspace", ".", "--ledger", "x", "--out", "y", "--format", "qif"])
                == 2)
    }
}
