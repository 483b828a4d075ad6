import ArgumentParser
import Foundation
import Ledger
import StageCommand

/// `closebook-import`: reads every bank export in a workspace's inbox into `journal.jsonl`, and
/// writes `import-report.json` accounting for every record.
public struct ImportCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "closebook-import",
        abstract: "Import every bank export in a workspace's inbox into one journal.",
        discussion: """
            Reads all files in WORKSPACE/inbox/ (CSV, OFX 1.x/2.x, QFX and QIF, told apart by their \
            content) and WORKSPACE/closebook.toml. Each record becomes a transaction, a duplicate of \
            one already imported, or a skipped record with its reason; the report lists them all, with \
            balance checks, date coverage and suggested accounts for closebook.toml.

            A CSV file that no profile matches is read with a layout inferred from the file itself \
            (delimiter, encoding, header, date, amount, text and balance columns); the inferred \
            profile is printed to standard output as TOML, ready to save under WORKSPACE/importers/. \
            When a column that matters cannot be decided (or the sign of the amounts would be a \
            guess), the file is rejected with the candidates.

            Example:
              closebook-import --workspace Samples --profiles Importers \\
                --journal Samples/build/journal.jsonl \\
                --report Samples/build/import-report.json

            Exit status: 0 when every file was read; 1 when a file could not be read (the outputs \
            are still written for the others); 2 for a usage or closebook.toml error (nothing is written).
            """)

    @Option(help: ArgumentHelp("The workspace folder, holding closebook.toml and inbox/.", valueName: "dir"))
    public var workspace: String

    @Option(
        name: .customLong("profiles"),
        help: ArgumentHelp(
            "A folder of CSV bank profiles (*.toml); repeatable. WORKSPACE/importers/ is always searched too.",
            valueName: "dir"))
    public var profiles: [String] = []

    @Option(help: ArgumentHelp("Where to write the journal (JSON Lines).", valueName: "file"))
    public var journal: String

    @Option(help: ArgumentHelp("Where to write the import report (JSON).", valueName: "file"))
    public var report: String

    @Flag(help: "Print only errors: no summary table, no warnings.")
    public var quiet = false

    @Option(
        help: ArgumentHelp(
            "The day to judge dates against (YYYY-MM-DD): records dated more than \(DatePlausibility.futureDays) days after it are skipped. Default: CLOSEBOOK_TODAY, else the system's date.",
            valueName: "date"))
    public var today: String?

    @Flag(help: "Print where the time went, phase by phase, on standard error.")
    public var timings = false

    @Option(
        name: .customLong("read-cache"),
        help: ArgumentHelp(
            "A folder where what each inbox file was read as is kept, so that a file whose name, bytes, profiles and closebook.toml are unchanged is not read again at the next import (one whose file stamp is unchanged is not even read to digest it: see the folder's stamps file); entries of files no longer there are removed. With it, what each journal row was written from is kept beside the journal (.NAME.rows), and the leading rows the last journals hold alike are left in place or copied rather than written again.",
            valueName: "dir"))
    public var readCache: String?

    public init() {}

    public func validate() throws {
        if let today, CivilDate(iso: today) == nil {
            throw ValidationError("--today '\(today)' is not a date in YYYY-MM-DD form")
        }
        guard ImportCommand.isFolder(workspace) else {
            throw ValidationError("workspace '\(workspace)' is not a folder")
        }
        for folder in profiles where !ImportCommand.isFolder(folder) {
            throw ValidationError("profiles folder '\(folder)' is not a folder")
        }
    }

    public func run() throws {
        let status = execute(standardError: ImportCommand.writeToStandardError)
        if status != 0 { throw ExitCode(status) }
    }

    /// Parses `arguments` (without the program name), runs the import and returns the exit status:
    /// 0 ok, 1 some input file failed, 2 usage or configuration error. Help goes to `standardOutput`.
    public static func run(
        arguments: [String], standardOutput: (String) -> Void = { print($0) },
        standardError: (String) -> Void = writeToStandardError
    ) -> Int32 {
        let command: ImportCommand
        do {
            command = try parse(arguments)
        } catch {
            let message = fullMessage(for: error)
            if exitCode(for: error) == .success {
                standardOutput(message)
                return 0
            }
            standardError(message)
            return 2
        }
        return command.execute(standardOutput: standardOutput, standardError: standardError)
    }

    /// Runs the import with parsed options; `standardError` receives each message and the table.
    /// The files are read on `cores` cores (default `Cores.available`, which `CLOSEBOOK_JOBS`
    /// caps); the outputs are the same bytes for any number.
    public func execute(
        cores: Int = Cores.available, standardOutput: (String) -> Void = { print($0) },
        standardError: (String) -> Void
    ) -> Int32 {
        var folders = profiles
        let own = (workspace as NSString).appendingPathComponent("importers")
        if ImportCommand.isFolder(own) { folders.append(own) }
        // The cache's setting is read before the configuration and profiles it stands for (see `ReadCache`).
        let cache = readCache.flatMap { ReadCache(folder: $0, workspace: workspace, profileFolders: folders) }
        let config: WorkspaceConfig
        do {
            config = try WorkspaceConfig.load(workspace: workspace)
        } catch {
            standardError(error.description)
            return 2
        }
        let readers: [any StatementReader]
        do {
            readers = try ReaderSet.standard(profiles: folders)
        } catch {
            standardError(error.description)
            return 2
        }
        let inbox = (workspace as NSString).appendingPathComponent("inbox")
        let files: [InboxFile]
        let ignored: [ImportReport.IgnoredEntry]
        let clock = ContinuousClock()
        let started = clock.now
        // Files whose stamps say their bytes are the ones last read are not read (`ReadCache.knownFiles`).
        let known = cache?.knownFiles() ?? InputDigestCache()
        do {
            let listing = try InboxFolder.read(
                inbox, workspace: workspace, allowsLinksOutside: config.allowsLinksOutsideWorkspace,
                accepts: { head in readers.contains { type(of: $0).recognizes(head) } },
                known: { name, stamp in known.sha256(of: name, stamp: stamp) })
            files = listing.files
            ignored = listing.ignored
        } catch {
            standardError("\(error.path): error: no inbox folder; put the bank exports to import in \(error.path)/")
            return 2
        }
        let listed = clock.now
        var driver = ImportDriver(readers: readers, config: config)
        guard let today = ImportCommand.today(option: today, environment: ProcessInfo.processInfo.environment) else {
            standardError(
                "error: CLOSEBOOK_TODAY '\(ProcessInfo.processInfo.environment["CLOSEBOOK_TODAY"] ?? "")' is not a date in YYYY-MM-DD form"
            )
            return 2
        }
        driver.today = today
        driver.cores = cores
        driver.readCache = cache
        // The process ends after the import; freeing its records first would be wasted work.
        driver.freesRunMemory = false
        let journalFile: AtomicFileWriter
        do {
            journalFile = try AtomicFileWriter(path: journal, recycling: true)
        } catch {
            standardError(error.description)
            return 2
        }
        // With the read cache, the journal's rows are known by what they are written from: the
        // leading ones the spare or the last journal hold alike are left in place or copied
        // (`EarlierJournal`).
        var earlier: EarlierJournal?
        if cache != nil {
            earlier = EarlierJournal(journal: journal, writer: journalFile)
            driver.identifiesRows = true
            driver.earlierJournal = earlier
        }
        // The journal is encoded and written a piece at a time as the import makes it, so its
        // bytes are never all in memory (a million rows are some 200 MB of JSON), and written on a
        // second core while the next pieces are made (`WriteBehind`). The files are handed over,
        // so each one's bytes are freed once it is read.
        var unread = Optional(consume files)
        var made: ImportOutcome?
        WriteBehind.run(cores: cores, write: { journalFile.write($0) }) { sink in
            guard let files = unread.take() else { return }
            made = driver.run(consume files, journalPieces: sink)
        }
        guard var outcome = made else { return 2 }
        outcome.report.ignored = ignored
        var phases = StageTimings()
        phases.add("read the inbox", listed - started)
        phases.merge(outcome.timings)
        let finishing = clock.now

        var reportBytes: [UInt8]
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            reportBytes = Array(try encoder.encode(outcome.report))
            reportBytes.append(0x0A)
        } catch {
            standardError("\(report): error: cannot encode the import report (\(error))")
            return 2
        }
        let encoded = clock.now
        phases.add("encode the report", encoded - finishing)
        do {
            try journalFile.commit()
            JournalRowsFile.commit(
                journal: journal, replaced: earlier?.journal, sparePath: journalFile.sparePath,
                rows: outcome.journalRows.map(JournalRowsFile.Prepared.init))
            phases.add("put the journal in place", clock.now - encoded)
            let committed = clock.now
            try FileOutput.write(reportBytes, to: report)
            phases.add("write the report", clock.now - committed)
        } catch {
            standardError("\(error)")
            return 2
        }
        for diagnostic in outcome.diagnostics where !quiet || diagnostic.severity == .error {
            standardError(diagnostic.description)
        }
        if !quiet { standardError(outcome.report.summary(reportPath: report)) }
        if timings {
            standardError("closebook-import: where the time went\n" + phases.lines.joined(separator: "\n"))
            if let rows = outcome.journalRows, let earlier {
                standardError(
                    "closebook-import: journal rows: \(earlier.kept) left in place from the spare, \(earlier.copied) copied from the last journal, \(rows.identities.count - earlier.kept - earlier.copied) encoded"
                )
            }
        }
        // Data, not a diagnostic: profiles to save, one after the other.
        for (_, toml) in outcome.inferredProfiles { standardOutput(toml) }
        return outcome.failedFiles > 0 ? 1 : 0
    }

    public static func writeToStandardError(_ line: String) {
        StandardError.writeLine(line)
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The day dates are judged against: `--today`, else `CLOSEBOOK_TODAY` (for tests and for
    /// re-running an old import as it ran), else the system's date in its time zone. Nil when
    /// the one given is not a date.
    static func today(option: String?, environment: [String: String]) -> CivilDate? {
        if let text = option ?? environment["CLOSEBOOK_TODAY"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return CivilDate(iso: text)
        }
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }
}
