import ArgumentParser
import Foundation
import Ledger
import StageCommand

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

/// `closebook-analyze`: every month's figures, net worth, recurring payments, anomalies and
/// forecast from the categorised ledger.
public struct AnalyzeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "closebook-analyze",
        abstract: "Analyse every month of the categorised ledger.",
        discussion: """
            Reads the ledger written by closebook-categorize once, with closebook.toml (budgets, \
            accounts), rates.csv (exchange rates into the base currency) and valuations.csv (values of \
            accounts with no exports) from the workspace, and writes one analysis per month as JSON for \
            closebook-report: income, expenses and categories, net worth, recurring payments, anomalies, \
            a 12-month forecast with its back-test, and the histories the insight cards read.

            Example:
              closebook-analyze --workspace Samples --ledger Samples/build/ledger.jsonl \\
                  --import-report Samples/build/import-report.json \\
                  --month latest --out Samples/build/analysis --print-path

            With --out naming a folder, every month from the first month of data to the latest \
            complete one (or to --month, when later) is written there as YYYY-MM.json, and a file \
            whose bytes would not change is left untouched. With --fingerprints, a month whose inputs \
            (its rows and every earlier one, the settings, the import report's facts, its close record, \
            the analyser) and file are as the file records is not analysed again. With --out naming a \
            .json file, only --month is written. --month latest picks the latest month the statements cover completely.
            Every complete month whose stated balances reconcile is closed: closed/YYYY-MM.json in the \
            workspace records what it said (figures, transactions, input files). A later run that finds a \
            closed month changed restates it (a new version, with what changed and why) or, with \
            [close] lock = true, refuses the change until --reopen YYYY-MM --reason "…" records it.

            Exit status: 0 on success; 1 when the ledger cannot be read, when amounts were left out \
            for lack of an exchange rate, or when a locked closed month changed (every file is still \
            written); 2 for usage or configuration errors (closebook.toml, rates.csv, valuations.csv, \
            a --month outside the data).
            """)

    @Option(help: "The workspace folder holding closebook.toml, rates.csv and valuations.csv.")
    public var workspace: String = "."

    @Option(help: "The categorised ledger (JSON Lines) to analyse.")
    public var ledger: String

    @Option(help: "The import report (build/import-report.json): statement coverage, balances and failures.")
    public var importReport: String?

    @Option(help: "The month to print, YYYY-MM, or 'latest' for the latest complete month.")
    public var month: ReportMonth = .latestComplete

    @Option(help: "A folder to write every month into as YYYY-MM.json, or a .json file for --month only.")
    public var out: String

    @Flag(help: "Print the path of --month's file on standard output.")
    public var printPath = false

    @Flag(help: "Print every month's file path on standard output, oldest first.")
    public var printPaths = false

    @Option(
        help: ArgumentHelp(
            "Write the conservation lines (records and each account's money accounted for) to this file.",
            valueName: "file"))
    public var conservation: String?

    @Flag(help: "Print where the time went, phase by phase, on standard error.")
    public var timings = false

    @Option(
        help: ArgumentHelp("Reopen a closed month, YYYY-MM, to record its changes (with --reason).", valueName: "month")
    )
    public var reopen: String?

    @Option(help: "Why the month is reopened; recorded in its close.")
    public var reason: String?

    @Option(
        help: ArgumentHelp(
            "Keep the months' fingerprints in this file (build/.analysis-months.json) and analyse again only the "
                + "months whose inputs or files changed.", valueName: "file"))
    public var fingerprints: String?

    @Option(
        help: ArgumentHelp(
            "Keep the input files' digests for the closes in this file (build/.input-digests): a file whose "
                + "size, times and inode are as recorded is not read again.", valueName: "file"))
    public var inputDigests: String?

    @Flag(help: "Leave closed/ alone: neither close months nor check closed ones.")
    public var noClose = false

    @Option(help: .hidden)
    public var now: String?

    /// The cores to analyse months on, for tests that run the stage in-process (`Cores`; else
    /// `CLOSEBOOK_JOBS` or every core).
    @Option(help: .hidden)
    public var jobs: Int?

    public init() {}

    /// The ledger's header and its rows as the figures see them (`FigureRow`): from the figure
    /// file beside it when that was made from this very ledger (`FigureFile`), else decoded from
    /// the ledger itself.
    static func figures(ofLedger ledger: String) throws -> (Journal, [FigureRow], [BulkHash.Value]?) {
        if let stamp = FileStamp(path: ledger),
            let contents = FigureFile.read(path: FigureFile.path(ofLedger: ledger), ledger: stamp),
            let start = FileOutput.readStart(ledger, through: 0x0A),
            FileStamp(path: ledger) == stamp
        {
            // Only the header is read from the ledger: its first line.
            return (
                try JournalCodec.decodeHeader(JournalBytes(start), path: ledger), contents.rows,
                contents.contentHashes
            )
        }
        let (header, rows) = try JournalCodec.decodeFigures(
            JournalBytes(contentsOf: ledger), path: ledger, parts: Cores.available)
        return (header, rows, nil)
    }

    public func run() throws {
        var times = StageTimings()
        var run = AnalysisRun(
            workspace: workspace, ledgerPath: ledger, importReportPath: importReport, request: month, out: out)
        if let jobs { run.cores = max(1, jobs) }
        run.fingerprintsPath = fingerprints
        run.release = Self.release()
        var reopened: YearMonth?
        if let reopen {
            guard let value = YearMonth(reopen) else {
                Self.printError("closebook-analyze: error: --reopen '\(reopen)' is not a month in YYYY-MM form")
                throw ExitCode(2)
            }
            guard let reason, !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                Self.printError(
                    "closebook-analyze: error: say why \(value) is reopened: REASON=\"late card statement\" "
                        + "(--reason), which its close records")
                throw ExitCode(2)
            }
            reopened = value
        }
        let journal: Journal
        let rows: [FigureRow]
        let contentHashes: [BulkHash.Value]?
        let facts: ImportFacts?
        do {
            (journal, rows, contentHashes) = try times.time("decode ledger") { try Self.figures(ofLedger: ledger) }
            facts = try importReport.map { path in
                try JSONDecoder().decode(ImportFacts.self, from: Data(try FileOutput.read(path)))
            }
        } catch {
            Self.printError("\(error)")
            throw ExitCode(1)
        }
        let rates: RateTable
        let settings: AnalysisSettings
        do {
            (rates, settings) = try run.loadSettings(accounts: journal.accounts, base: journal.baseCurrency)
        } catch {
            Self.printError("\(error)")
            throw ExitCode(2)
        }
        for warning in rates.warnings { Self.printError(warning) }
        if !noClose {
            run.closing = AnalysisRun.Closing(
                lock: settings.close.lock, reopen: reopened, reason: reason, now: now ?? Self.now(),
                inputDigestsPath: inputDigests)
        }
        let outcome: AnalysisRun.Outcome
        do {
            outcome = try run.write(
                header: journal, rows: rows, contentHashes: contentHashes, rates: rates, settings: settings,
                facts: facts, timings: &times)
        } catch let error as AnalyzeError where error.isUsage {
            Self.printError("\(error)")
            throw ExitCode(2)
        } catch {
            Self.printError("\(error)")
            throw ExitCode(1)
        }
        KeptUntilExit.keep(rows)
        if let reason = outcome.selectionReason { Self.printError("closebook-analyze: \(reason)") }
        let closed = outcome.closedMonths
        if !closed.isEmpty {
            let span = closed.count == 1 ? "\(closed[0])" : "\(closed.count) months, \(closed[0]) to \(closed.last!)"
            Self.printError("closebook-analyze: closed \(span) (closed/ in the workspace)")
        }
        for month in outcome.restatedMonths {
            Self.printError(
                "closebook-analyze: warning: \(month), closed before, is restated; its page says what changed")
        }
        for month in outcome.lockedMonths {
            Self.printError(
                "closebook-analyze: error: \(month) is closed and locked but its figures changed; its page says how. "
                    + "make report REOPEN=\(month) REASON=\"…\" records the change")
        }
        if timings {
            Self.printError("closebook-analyze: where the time went\n" + times.lines.joined(separator: "\n"))
        }
        if let conservation {
            do {
                try FileOutput.write(outcome.conservation.map { $0 + "\n" }.joined(), to: conservation)
            } catch {
                Self.printError("\(error)")
                throw ExitCode(1)
            }
        }
        if printPaths {
            for path in outcome.paths { print(path) }
        } else if printPath {
            print(outcome.selectedPath)
        }
        if !outcome.lockedMonths.isEmpty { throw ExitCode(1) }
        if outcome.missingRates {
            Self.printError(
                "closebook-analyze: some amounts have no exchange rate in rates.csv and are left out; "
                    + "the month notices say which.")
            throw ExitCode(1)
        }
    }

    public static func execute(_ arguments: [String]? = nil) -> Int32 {
        StageExit.run(Self.self, arguments: arguments)
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// The analyser's release, for the months' fingerprints: the executable's size and modification time.
    static func release() -> String {
        guard let executable = AnalysisFingerprints.file(at: "/proc/self/exe") else { return "" }
        return "\(executable.size) \(executable.modified)"
    }

    /// The time a close records: `--now` or `CLOSEBOOK_NOW` (for tests and reproducible runs), else
    /// the clock, in UTC.
    static func now() -> String {
        if let fixed = ProcessInfo.processInfo.environment["CLOSEBOOK_NOW"], !fixed.isEmpty { return fixed }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }
}
