import Foundation
import Ledger
import StageCommand
import TestSupport
import Testing

@testable import Export

/// The stage as a command: what it writes, and its errors and exit codes.
@Suite("closebook-export")
struct ExportRunTests {
    /// A workspace folder holding `closebook.toml` (when given), `rates.csv` (when given) and the
    /// hand-built ledger at `build/ledger.jsonl`.
    static func workspace(toml: String? = nil, rates: String? = nil) throws -> URL {
        let folder = try TemporaryFolder.make("export-run")
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

    /// The analysis files are read while the text files are written, for the SQLite file alone: a
    /// broken one fails that file (exit 1, no file and no temporary left) and the journal is still
    /// written; without the SQLite file they are not read at all.
    @Test func aBrokenAnalysisFileFailsTheSQLiteFileAlone() throws {
        let folder = try Self.workspace()
        let analysis = folder.appendingPathComponent("build/analysis")
        try FileManager.default.createDirectory(at: analysis, withIntermediateDirectories: true)
        let broken = analysis.appendingPathComponent("2026-01.json")
        try Data("{".utf8).write(to: broken)
        let result = Self.run(folder, .formats([.journal, .sqlite]))
        #expect(result.exitCode == 1)
        #expect(result.standardError.hasPrefix("\(broken.path): error: not an analysis file: "))
        let export = folder.appendingPathComponent("build/export")
        #expect(try FileManager.default.contentsOfDirectory(atPath: export.path) == ["closebook.journal"])

        let journalOnly = Self.run(folder, .formats([.journal]))
        #expect(journalOnly.exitCode == 0)
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

    /// Two rates for EUR on 2 January: the journal would list both prices and hledger would take
    /// the later, while the analysis refuses the file; the export refuses it too, at the second.
    @Test func aSecondRateForADayIsExitOneWithBothLines() throws {
        let folder = try Self.workspace(
            rates: "date,currency,rate\n2026-01-02,EUR,0.87\n2026-01-05,USD,0.79\n2026-01-02,EUR,0.88\n")
        let result = Self.run(folder, .formats([.journal]))
        #expect(result.exitCode == 1)
        #expect(
            result.standardError
                == "\(folder.path)/rates.csv:4:1: error: a second rate for EUR on 2026-01-02 (the first is on line 2)\n"
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

    /// The ECB's file as downloaded, newest day first: cross rates into GBP through the euro, worked
    /// by hand: EUR 0.8500 GBP; USD 0.85 / 1.10 = 0.77272727272… (10 decimals: 0.7727272727); JPY
    /// 0.85 / 160 = 0.0053125; on the 2nd EUR 0.84, JPY 0.84 / 161 = 0.00521739130434… (0.0052173913),
    /// and USD is N/A and left out. JPY, without decimals, is declared as hledger and ledger read it.
    @Test func ecbRatesBecomeCrossRatePricesInBothFormats() throws {
        let ecb = "Date,USD,JPY,GBP,\n2026-01-05,1.1000,160.00,0.8500,\n2026-01-02,N/A,161.00,0.8400,\n"
        let folder = try Self.workspace(rates: ecb)
        #expect(Self.run(folder, .formats([.journal, .beancount])).exitCode == 0)
        let journal = try String(
            contentsOf: folder.appendingPathComponent("build/export/closebook.journal"), encoding: .utf8)
        #expect(
            journal.contains(
                "\n\nP 2026-01-02 EUR 0.84 GBP\nP 2026-01-02 JPY 0.0052173913 GBP\n"
                    + "P 2026-01-05 EUR 0.85 GBP\nP 2026-01-05 JPY 0.0053125 GBP\nP 2026-01-05 USD 0.7727272727 GBP\n\n"
            ))
        let beancount = try String(
            contentsOf: folder.appendingPathComponent("build/export/closebook.beancount"), encoding: .utf8)
        #expect(journal.contains("commodity 1000. JPY\n"))
        #expect(beancount.contains("2026-01-05 price USD 0.7727272727 GBP\n"))
        for (tool, arguments) in [
            ("hledger", ["-f", "build/export/closebook.journal", "check", "-s", "commodities"]),
            ("ledger", ["-f", "build/export/closebook.journal", "balance"]),
            ("bean-check", ["build/export/closebook.beancount"]),
        ] {
            guard
                let output = try PeerTool.run(
                    tool, arguments.map { $0.hasPrefix("build/") ? folder.path + "/" + $0 : $0 })
            else { continue }
            #expect(output.status == 0, "\(tool): \(output.standardError)")
        }
    }

    @Test func theCommandMapsAnUnknownFormatToExitTwo() {
        #expect(
            StageExit.run(
                ExportCommand.self, arguments: ["--workspace", ".", "--ledger", "x", "--out", "y", "--format", "qif"])
                == 2)
    }
}
