import ArgumentParser
import Foundation
import StageCommand

/// `closebook-categorize`: the journal in, the categorised ledger and the list of what is left out.
public struct CategorizeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "closebook-categorize",
        abstract: "Categorise an imported journal with your rules, overrides, transfer pairing and a learned fallback.",
        discussion: """
            Reads DIR/rules/*.rules (in file-name order, first match wins), DIR/overrides.csv (beats \
            every rule), the [categorize] table of DIR/closebook.toml and DIR/rates.csv (to pair \
            transfers between accounts in two currencies); the starter pack (--starter-rules) fills \
            in only what those leave uncategorised. Writes the ledger, uncategorized.csv (most money \
            first, ids ready to paste into overrides.csv) and a JSON report. Nothing is written when \
            a rule file, overrides.csv or rates.csv has an error (exit 2).

            Examples:
              closebook-categorize --workspace Samples --journal Samples/build/journal.jsonl \\
                  --ledger Samples/build/ledger.jsonl --uncategorized Samples/build/uncategorized.csv
              closebook-categorize --workspace Samples --journal Samples/build/journal.jsonl \\
                  --explain "CARD PAYMENT TO TESCO STORES 3297"
              closebook-categorize --workspace Samples --journal Samples/build/journal.jsonl --lint
            """
    )

    @Option(help: ArgumentHelp("The workspace folder (holds rules/, overrides.csv, closebook.toml).", valueName: "dir"))
    var workspace: String

    @Option(help: ArgumentHelp("The journal written by closebook-import.", valueName: "file"))
    var journal: String

    @Option(help: ArgumentHelp("Where to write the categorised ledger.", valueName: "file"))
    var ledger: String?

    @Option(help: ArgumentHelp("Where to write uncategorized.csv.", valueName: "file"))
    var uncategorized: String?

    @Option(
        help: ArgumentHelp(
            "Where to write the JSON report (default: categorize-report.json beside the ledger).", valueName: "file"))
    var report: String?

    @Option(
        name: .customLong("profile-rules"),
        help: ArgumentHelp("A bank profile's default rules, applied after your own (repeatable).", valueName: "file"))
    var profileRules: [String] = []

    @Option(
        name: .customLong("starter-rules"),
        help: ArgumentHelp(
            "The starter rule pack's folder (Importers/starter), applied after every other rule unless [categorize] starter = false.",
            valueName: "dir"))
    var starterRules: String?

    @Option(
        help: ArgumentHelp(
            "Explain a transaction id from the journal, or a payee text, and write nothing.", valueName: "id-or-text"))
    var explain: String?

    @Flag(help: "List rules that matched nothing or can never match, and write nothing.")
    var lint = false

    @Option(
        name: .customLong("text-cache"),
        help: ArgumentHelp(
            "Keep what each distinct payee and its texts came to (normalised, and the rules matched) in this file, and take it from there next time, when the rules and the program are the same.",
            valueName: "file"))
    var textCache: String?

    @Option(
        name: .customLong("guess-cache"),
        help: ArgumentHelp(
            "Keep what the learned fallback guessed in each month in this file, and take a month's guesses from there next time when nothing they depend on changed.",
            valueName: "file"))
    var guessCache: String?

    @Option(
        name: .customLong("rows-cache"),
        help: ArgumentHelp(
            "Keep what reading the journal came to (its rows' fields and texts) in this file, and next time read only what follows the part of the journal that is the same bytes.",
            valueName: "file"))
    var rowsCache: String?

    @Flag(help: "Print where the time went, phase by phase, on standard error.")
    var timings = false

    public init() {}

    public func validate() throws {
        if explain != nil && lint { throw ValidationError("--explain and --lint cannot be used together.") }
        if explain == nil && !lint && (ledger == nil || uncategorized == nil) {
            throw ValidationError("--ledger and --uncategorized are required unless --explain or --lint is given.")
        }
    }

    public func run() throws {
        let mode: CategorizeRun.Mode
        if let explain {
            mode = .explain(explain)
        } else if lint {
            mode = .lint
        } else {
            let ledgerPath = ledger ?? ""
            let reportPath =
                report
                ?? ((ledgerPath as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
                    "categorize-report.json")
            mode = .write(ledger: ledgerPath, uncategorized: uncategorized ?? "", report: reportPath)
        }
        var run = CategorizeRun(
            workspace: workspace, journalPath: journal, profileRuleFiles: profileRules, starterFolder: starterRules,
            mode: mode)
        run.keepsMemoryUntilExit = true
        run.textCachePath = textCache
        run.guessCachePath = guessCache
        run.rowsCachePath = rowsCache
        let result = run.execute()
        if !result.standardOutput.isEmpty { FileHandle.standardOutput.write(Data(result.standardOutput.utf8)) }
        if !result.standardError.isEmpty { StandardError.write(result.standardError) }
        if timings {
            StandardError.write(
                "closebook-categorize: where the time went\n" + result.timings.lines.joined(separator: "\n") + "\n"
                    + "closebook-categorize: ledger rows: \(result.ledgerRowsKept) left in place from the spare, \(result.ledgerRowsWritten) written\n"
            )
        }
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }
}
