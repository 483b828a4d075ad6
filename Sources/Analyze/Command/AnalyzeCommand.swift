import ArgumentParser
import Foundation
import Ledger

extension ReportMonth: ExpressibleByArgument {
    public init?(argument: String) {
        if argument == "latest" {
            self = .latestComplete
        } else if let month = YearMonth(argument) {
            self = .month(month)
        } else {
            return nil
        }
    }
}

/// `closebook-analyze`: the figures of one month from the categorised ledger.
public struct AnalyzeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "closebook-analyze",
        abstract: "Compute one month's figures from the categorised ledger.",
        discussion: """
            Reads the ledger written by closebook-categorize and the budgets in closebook.toml, and writes \
            the month's income, expenses, net, savings rate, categories, accounts and 12-month trend as JSON \
            for closebook-report.

            Example:
              closebook-analyze --workspace Samples --ledger Samples/build/ledger.jsonl \\
                  --import-report Samples/build/import-report.json \\
                  --month 2026-10 --out Samples/build/analysis/2026-10.json

            With --month latest the latest month the data covers completely is chosen, and --out may \
            name a folder: the file is then written there as YYYY-MM.json.
            Exit status: 0 on success, 1 when the ledger cannot be read or analysed, 2 for usage or \
            configuration errors.
            """)

    @Option(help: "The workspace folder holding closebook.toml.")
    public var workspace: String = "."

    @Option(help: "The categorised ledger (JSON Lines) to analyse.")
    public var ledger: String

    @Option(help: "The import report (build/import-report.json), whose coverage gaps and failures the month repeats.")
    public var importReport: String?

    @Option(help: "The month to analyse, YYYY-MM, or 'latest' for the latest complete month.")
    public var month: ReportMonth = .latestComplete

    @Option(help: "Where to write the analysis: a .json file, or a folder to write YYYY-MM.json into.")
    public var out: String

    @Flag(help: "Print the path of the file written on standard output.")
    public var printPath = false

    public init() {}

    public func run() throws {
        let config: WorkspaceConfig
        do {
            config = try WorkspaceConfig.load(workspace: workspace)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(2)
        }
        do {
            let journal = try JournalCodec.decode(try FileOutput.read(ledger), path: ledger)
            let analyzer = MonthlyAnalyzer(budgets: config.budgets)
            let resolved = try analyzer.resolve(month, in: journal)
            var analysis = try analyzer.analyze(journal, month: resolved)
            if let importReport {
                let facts = try JSONDecoder().decode(ImportFacts.self, from: Data(try FileOutput.read(importReport)))
                analysis.notices = facts.notices(for: resolved) + analysis.notices
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            var bytes = Array(try encoder.encode(analysis))
            bytes.append(0x0A)
            let path = out.hasSuffix(".json") ? out : (out as NSString).appendingPathComponent("\(resolved).json")
            try FileOutput.write(bytes, to: path)
            if printPath { print(path) }
        } catch let error as ExitCode {
            throw error
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
