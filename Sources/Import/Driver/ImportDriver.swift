import Ledger
import StageCommand

/// Turns a workspace's inbox files into a journal and an import report.
///
/// The driver is pure: files in, values out. It sniffs each file's format with `readers`, maps each
/// statement to an account, gives every record its id, de-duplicates across files, checks stated
/// balances and accounts for every record (imported, duplicate or skipped). The command around it
/// reads the inbox and writes the outputs.
public struct ImportDriver: Sendable {
    public var readers: [any StatementReader]
    public var config: WorkspaceConfig
    /// When false, `run(_:journalPieces:)` leaves the run's records, entries and ids allocated
    /// when it returns. For a process that exits right after the import: freeing a million
    /// records one string and array at a time costs CPU time the exit then spends again.
    public var freesRunMemory = true
    /// The day the import runs: records dated more than a few days after it are skipped as
    /// implausible, and statement periods ending after it are cut back (`DatePlausibility`).
    /// Nil judges no date against the clock (the other rules still apply).
    public var today: CivilDate?
    /// The cores the files are read on, one file a piece of work (`ImportRun.read`), and a large
    /// statement's content hashes are worked out on (`ContentHashes`), and a large import's days
    /// are put in order on (`CanonicalOrder`); everything else after reading runs in file order,
    /// so the outcome is the same for any number. Default:
    /// `Cores.available` (`CLOSEBOOK_JOBS`).
    public var cores = Cores.available
    /// Where each file's reading is kept for the next import (`ReadCache`); nil reads every file.
    public var readCache: ReadCache?
    /// With `run(_:journalPieces:)`: work out each journal row's identity for the outcome
    /// (`ImportOutcome.journalRows`), for the next import to compare its rows with.
    public var identifiesRows = false
    /// With `identifiesRows` and `run(_:journalPieces:)`: the last journal's rows, whose leading
    /// ones this import copies where they are its own (`EarlierJournalRows`).
    public var earlierJournal: (any EarlierJournalRows)?

    public init(readers: [any StatementReader], config: WorkspaceConfig) {
        self.readers = readers
        self.config = config
    }

    /// Imports `files` (any order; they are processed in file-name order). Each file's bytes are
    /// released as soon as it is read, unless the caller keeps `files`: pass them with `consume`
    /// where memory matters.
    public func run(_ files: consuming [InboxFile]) -> ImportOutcome {
        var transactions: [Transaction] = []
        var outcome = run(files, journalChunkSize: .max) { transactions = $0.transactions }
        outcome.journal.transactions = transactions
        assert(ImportRun.isCanonical(outcome.journal), "CanonicalOrder and Journal.sortCanonically disagree")
        return outcome
    }

    /// Imports `files` like `run(_:)`, but hands the journal's transactions to `journalChunk` in
    /// canonical order, at most `journalChunkSize` at a time, instead of keeping them: the
    /// outcome's journal has the accounts and no transactions. Each chunk is a journal with the
    /// outcome's accounts and base currency, so it can be encoded and written on its own. For
    /// imports too large to hold as transactions and as encoded bytes at once.
    public func run(
        _ files: consuming [InboxFile], journalChunkSize: Int, journalChunk: (Journal) -> Void
    ) -> ImportOutcome {
        var run = ImportRun(config: config, files: files, today: today)
        let probable = prepare(&run)
        let outcome = run.finish(
            probable: probable, cores: cores, chunkSize: journalChunkSize, journalChunk: journalChunk)
        run.finishReadCache()
        return outcome
    }

    /// Imports `files` like `run(_:)`, but hands the journal to `journalBytes` already encoded (the
    /// bytes `JournalCodec.encode` gives for the outcome's journal), a piece at a time, without
    /// making its transactions: the outcome's journal has the accounts and no transactions.
    public func run(
        _ files: consuming [InboxFile], journalBytes: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> ImportOutcome {
        run(consume files, journalPieces: { piece in piece.withUnsafeBufferPointer { journalBytes($0) } })
    }

    /// Imports `files` like `run(_:journalBytes:)`, but hands each piece of the journal over as an
    /// array the sink may take, leaving another (empty, or to be emptied) in its place: a sink
    /// that writes on another thread keeps the bytes without copying them (`WriteBehind`). The
    /// fastest way to write a large import's journal to a file.
    public func run(_ files: consuming [InboxFile], journalPieces: (inout [UInt8]) -> Void) -> ImportOutcome {
        var run = ImportRun(config: config, files: files, today: today)
        var timings = StageTimings()
        let probable = prepare(&run, timings: &timings)
        let start = ContinuousClock.now
        var outcome = run.finish(
            probable: probable, cores: cores, identifiesRows: identifiesRows, earlier: earlierJournal,
            journalPieces: journalPieces)
        timings.add("order, balances, journal", .now - start)
        timings.time("the read cache's writes") { run.finishReadCache() }
        outcome.timings = timings
        if !freesRunMemory {
            // Deliberately never released: the box keeps the run's storage alive, so the
            // local's end only lowers reference counts.
            _ = Unmanaged.passRetained(KeptRun(run))
        }
        return outcome
    }

    /// A run whose storage is kept (see `freesRunMemory`).
    private final class KeptRun {
        let run: ImportRun
        init(_ run: ImportRun) { self.run = run }
    }

    /// Reads the files, gives every record its account and id and de-duplicates; returns the
    /// probable duplicates.
    private func prepare(_ run: inout ImportRun) -> [Deduplicator.ProbablePair] {
        var timings = StageTimings()
        return prepare(&run, timings: &timings)
    }

    private func prepare(_ run: inout ImportRun, timings: inout StageTimings) -> [Deduplicator.ProbablePair] {
        timings.time("read the files") { run.read(with: readers, cores: cores, cache: readCache) }
        timings.time("dates and accounts") {
            run.skipImplausibleDates()
            run.assignAccounts()
        }
        timings.time("entries and ids") {
            run.makeEntries(cores: cores)
            run.separateReusedBankIDs()
        }
        return timings.time("duplicates") {
            var deduplicator = Deduplicator(windows: run.windows, accounts: run.accounts)
            deduplicator.pendingWindowDays = 5
            deduplicator.markSameID(&run.entries, ids: run.ids, idsAreASCII: run.idsAreASCII)
            deduplicator.supersedePending(&run.entries)
            let probable = deduplicator.matchAcrossFiles(&run.entries)
            run.findDuplicateAccounts()
            return probable
        }
    }
}

/// What an import produced: the journal, the report, and the messages to show.
public struct ImportOutcome: Sendable {
    public var journal: Journal
    public var report: ImportReport
    /// Errors and warnings about input files, in file order.
    public var diagnostics: [ImportDiagnostic]
    /// Files that could not be read at all (not recognised, or the reader gave up).
    public var failedFiles: Int
    /// CSV files read with a layout inferred from them, in file order: the file's path and the
    /// inferred profile as TOML.
    public var inferredProfiles: [(path: String, toml: String)] = []
    /// Where the time went, phase by phase, when the journal was handed out as bytes
    /// (`run(_:journalPieces:)`, for `closebook-import --timings`); empty otherwise.
    public var timings = StageTimings()
    /// What each journal row was written from and its length (`ImportDriver.identifiesRows`);
    /// nil when not asked for.
    public var journalRows: JournalRows?

    public init(journal: Journal, report: ImportReport, diagnostics: [ImportDiagnostic], failedFiles: Int) {
        self.journal = journal
        self.report = report
        self.diagnostics = diagnostics
        self.failedFiles = failedFiles
    }
}
