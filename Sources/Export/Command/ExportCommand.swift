import ArgumentParser
import Foundation
import Ledger

extension ExportFormat: ExpressibleByArgument {}

/// `closebook-export`: the categorised ledger in the files other tools read.
public struct ExportCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "closebook-export",
        abstract: "Write the categorised ledger for hledger and ledger, beancount, spreadsheets and SQL.",
        discussion: """
            Reads the ledger written by closebook-categorize, DIR/closebook.toml, DIR/rates.csv and \
            DIR/valuations.csv (market prices), and beside the ledger import-report.json (the statements' \
            balances, written as balance assertions) and analysis/*.json (the SQLite file's insights, recurring \
            series and anomalies); writes closebook.journal, closebook.beancount, closebook.csv and \
            closebook.sqlite into the output folder, each atomically. With --configured it writes the formats \
            `[export] formats` names (none when there is no [export] table): what `make report` runs.

            Examples:
              closebook-export --workspace Samples --ledger Samples/build/ledger.jsonl --out Samples/build/export
              closebook-export --workspace Samples --ledger Samples/build/ledger.jsonl --out Samples/build/export \\
                  --format journal
            """
    )

    @Option(
        help: ArgumentHelp(
            "The workspace folder (holds closebook.toml, rates.csv and valuations.csv).", valueName: "dir"))
    var workspace: String

    @Option(help: ArgumentHelp("The ledger written by closebook-categorize.", valueName: "file"))
    var ledger: String

    @Option(help: ArgumentHelp("The folder to write the exports into.", valueName: "dir"))
    var out: String

    @Option(
        name: .customLong("format"),
        help: ArgumentHelp(
            "A format to write: journal, beancount, csv or sqlite (repeatable; default: all).", valueName: "format"))
    var formats: [ExportFormat] = []

    @Flag(help: "Write the formats closebook.toml's [export] table names, and nothing without one.")
    var configured = false

    public init() {}

    public func validate() throws {
        if configured && !formats.isEmpty {
            throw ValidationError("--format and --configured cannot be used together.")
        }
    }

    public func run() throws {
        let selection: ExportRun.Selection =
            configured ? .configured : .formats(formats.isEmpty ? ExportFormat.allCases : formats)
        var run = ExportRun(workspace: workspace, ledgerPath: ledger, outputFolder: out, selection: selection)
        run.keepsMemoryUntilExit = true
        let result = run.execute()
        if !result.standardError.isEmpty { FileHandle.standardError.write(Data(result.standardError.utf8)) }
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }
}
