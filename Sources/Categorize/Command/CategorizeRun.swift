import Foundation
import Ledger
import StageCommand

/// One invocation of the stage, with its inputs resolved: what `CategorizeCommand` runs and tests
/// call directly. Reads everything and validates it before writing anything.
public struct CategorizeRun {
    public enum Mode: Sendable, Equatable {
        /// Write the ledger, `uncategorized.csv` and the report.
        case write(ledger: String, uncategorized: String, report: String)
        /// Print why a transaction (by id) or a payee text gets its category.
        case explain(String)
        /// Print rules that matched nothing or can never match.
        case lint
    }

    public var workspace: String
    public var journalPath: String
    public var profileRuleFiles: [String]
    /// The starter pack's folder (`Importers/starter`): applied after every other rule unless
    /// `[categorize] starter = false`.
    public var starterFolder: String?
    public var mode: Mode
    /// Leave the rows, their texts and the outcome to the process's exit rather than free them one
    /// by one (about a twentieth of the stage at 1M distinct texts): for the command, which exits
    /// after one run, never for callers that run many.
    public var keepsMemoryUntilExit = false
    /// Where the text cache is kept (`TextCache`), read and written only in `.write` mode; nil for
    /// none.
    public var textCachePath: String?
    /// Where the learned fallback's guesses are kept month by month (`GuessCache`), read and
    /// written only in `.write` mode; nil for none.
    public var guessCachePath: String?
    /// Where what reading the journal came to is kept (`LedgerRowsCache`), read and written only in
    /// `.write` mode; nil for none.
    public var rowsCachePath: String?
    /// The smallest ledger that keeps a spare (`AtomicFileWriter.smallestSpare`); smaller in tests,
    /// whose ledgers are small.
    var smallestSpare = AtomicFileWriter.smallestSpare

    public init(
        workspace: String, journalPath: String, profileRuleFiles: [String] = [], starterFolder: String? = nil,
        mode: Mode
    ) {
        self.workspace = workspace
        self.journalPath = journalPath
        self.profileRuleFiles = profileRuleFiles
        self.starterFolder = starterFolder
        self.mode = mode
    }

    /// The accounts `valuations.csv` values (its `account` column), or none without the file. Its
    /// errors are the analysis stage's to report, with the accounts' currencies it checks them by.
    static func valuedAccounts(workspace: String) -> Set<AccountID> {
        let path = (workspace as NSString).appendingPathComponent(ValuationLine.fileName)
        guard let bytes = try? FileOutput.read(path),
            let table = try? SimpleCSV(
                text: String(decoding: bytes, as: UTF8.self), path: path, header: ["date", "account", "value"])
        else { return [] }
        return Set(table.rows.map { AccountID($0.cells[1]) })
    }

    /// What the command prints and its exit code.
    public struct Result: Sendable {
        public var exitCode: Int32
        public var standardOutput = ""
        public var standardError = ""
        /// Where the time went, phase by phase (`--timings`).
        public var timings = StageTimings()
        /// The ledger's rows left in place from the spare, and those written (`--timings`).
        public var ledgerRowsKept = 0
        public var ledgerRowsWritten = 0
    }

    public func execute() -> Result {
        var result = Result(exitCode: 0)
        func fail(_ code: Int32, _ message: String) -> Result {
            result.exitCode = code
            result.standardError += message + "\n"
            return result
        }
        // 1. Everything the user wrote: config, rules, overrides. Any error: exit 2, nothing written.
        let config: WorkspaceConfig
        do throws(ConfigError) {
            config = try WorkspaceConfig.load(workspace: workspace)
        } catch {
            return fail(2, error.description)
        }
        var problems: [CategorizeError] = []
        var ruleSet = RuleSet()
        do throws(CategorizeErrors) {
            ruleSet = try RuleSet.load(
                workspace: workspace, profileRuleFiles: profileRuleFiles,
                starterFolder: config.categorize.usesStarterRules ? starterFolder : nil)
        } catch {
            problems += error.errors
        }
        var overrides = OverrideTable()
        let overridesPath = (workspace as NSString).appendingPathComponent("overrides.csv")
        if FileManager.default.fileExists(atPath: overridesPath) {
            do throws(CategorizeErrors) {
                let bytes = (try? FileOutput.read(overridesPath)) ?? []
                overrides = try OverrideTable.parse(String(decoding: bytes, as: UTF8.self), path: "overrides.csv")
            } catch {
                problems += error.errors
            }
        }
        if !problems.isEmpty {
            return fail(2, CategorizeErrors(problems).description + "\n" + CategorizeRun.errorCount(problems.count))
        }
        // Exchange rates, for transfers between accounts in two currencies: read now, parsed in the
        // journal's base currency once it is read.
        let ratesPath = (workspace as NSString).appendingPathComponent("rates.csv")
        let ratesText =
            FileManager.default.fileExists(atPath: ratesPath)
            ? String(decoding: (try? FileOutput.read(ratesPath)) ?? [], as: UTF8.self) : nil
        func rates(base: Currency) throws(WorkspaceTableError) -> RateTable? {
            guard let ratesText else { return nil }
            return try RateTable.parse(ratesText, path: "rates.csv", base: base)
        }
        ruleSet.rules = StarterCategoryMap(rules: ruleSet.rules, overrides: overrides, budgets: config.budgets.keys)
            .apply(to: ruleSet.rules)
        // 2. The journal.
        var categorizer = Categorizer(rules: ruleSet.rules, overrides: overrides, settings: config.categorize)
        categorizer.valuedAccounts = CategorizeRun.valuedAccounts(workspace: workspace)
        if case .explain(let subject) = mode {
            let journal: Journal
            do {
                let bytes = try FileOutput.read(journalPath)
                journal = try JournalCodec.decode(bytes, path: journalPath)
            } catch let error as FileOutput.Failure {
                return fail(1, "\(error.path): error: \(error.reason)")
            } catch {
                return fail(1, "\(error)")
            }
            do throws(WorkspaceTableError) {
                categorizer.rates = try rates(base: journal.baseCurrency)
            } catch {
                return fail(2, error.description)
            }
            let outcome = categorizer.run(journal)
            if !outcome.errors.isEmpty {
                return fail(
                    2,
                    CategorizeErrors(outcome.errors).description + "\n" + CategorizeRun.errorCount(outcome.errors.count)
                )
            }
            result.standardOutput = ExplainReport(categorizer: categorizer, journal: journal, outcome: outcome).explain(
                subject)
            return result
        }
        // Writing and linting read the journal in place (see `LedgerRows`).
        // The journal and the text cache (with `--text-cache`, when writing) are read on two cores
        // at once: the cache depends on the rules only, not on the journal.
        var fingerprint: [UInt8]?
        if case .write = mode, textCachePath != nil {
            fingerprint = CacheFingerprint.make(rules: categorizer.matcher.rules)
        }
        let journalPath = journalPath
        let textCachePath = textCachePath
        let guessCachePath = guessCachePath
        var rowsCachePath: String?
        var writesLedger = false
        if case .write = mode {
            rowsCachePath = self.rowsCachePath
            writesLedger = true
        }
        let ruleCount = categorizer.matcher.rules.count
        // The guess cache likewise, with it: it is checked month by month against the rows.
        var guessSeed: [UInt8]?
        if case .write = mode, guessCachePath != nil {
            guessSeed = GuessDigests.seed(learnedThreshold: config.categorize.learnedThreshold)
        }
        let read = Slots<Swift.Result<LedgerRows, any Error>>(count: 1)
        // What the journal's rows were written from (the import's rows file), for the ledger's
        // own (`EarlierLedger`): taken only when it describes the journal before and after it is read.
        let journalRows = Slots<JournalRows>(count: 1)
        let cache = Slots<TextCache>(count: 1)
        let guesses = Slots<GuessCache>(count: 1)
        result.timings.time("read the journal") {
            Cores.forEach(fingerprint == nil && guessSeed == nil ? 1 : 2) { task in
                if task == 0 {
                    let rowsFile = writesLedger ? JournalRowsFile(describing: journalPath) : nil
                    read.set(
                        0,
                        Swift.Result {
                            let file = try JournalBytes(contentsOf: journalPath)
                            let cache = rowsCachePath.flatMap { LedgerRowsCache(path: $0) }
                            return try LedgerRows(file: file, path: journalPath, cache: cache)
                        })
                    if let rowsFile, rowsFile.describes(journalPath) { journalRows.set(0, rowsFile.rows) }
                    return
                }
                if let textCachePath, let fingerprint,
                    let loaded = TextCache(path: textCachePath, fingerprint: fingerprint, ruleCount: ruleCount)
                {
                    cache.set(0, loaded)
                }
                if let guessCachePath, guessSeed != nil, let loaded = GuessCache(path: guessCachePath) {
                    guesses.set(0, loaded)
                }
            }
        }
        var rows: LedgerRows
        do {
            rows = try read.take(0)!.get()
        } catch let error as FileOutput.Failure {
            return fail(1, "\(error.path): error: \(error.reason)")
        } catch {
            return fail(1, "\(error)")
        }
        do throws(WorkspaceTableError) {
            categorizer.rates = try rates(base: rows.header.baseCurrency)
        } catch {
            return fail(2, error.description)
        }
        categorizer.keepsWorkingMemoryUntilExit = keepsMemoryUntilExit
        categorizer.textCacheFingerprint = fingerprint
        categorizer.textCache = cache.take(0)
        categorizer.guessSeed = guessSeed
        categorizer.guessCache = guesses.take(0)
        let outcome = categorizer.categorize(&rows, timings: &result.timings)
        if !outcome.errors.isEmpty {
            return fail(
                2, CategorizeErrors(outcome.errors).description + "\n" + CategorizeRun.errorCount(outcome.errors.count))
        }
        // Configuration that would do nothing: rules that are not read, budgets of no category.
        let configPath = (workspace as NSString).appendingPathComponent("closebook.toml")
        let configText = (try? FileOutput.read(configPath)).map { String(decoding: $0, as: UTF8.self) }
        let unheeded =
            ruleSet.unread
            + BudgetCategoryCheck.warnings(
                config: config, rules: ruleSet.rules, overrides: overrides, configText: configText)
        switch mode {
        case .lint:
            let findings = RuleLinter().lint(ruleSet.rules, matchCounts: outcome.report.rules.map(\.matched))
            for warning in unheeded { result.standardOutput += warning + "\n" }
            for finding in findings { result.standardOutput += finding.description + "\n" }
            result.standardOutput +=
                findings.isEmpty && unheeded.isEmpty
                ? "\(CategorizeRun.rules(ruleSet.rules.count)), no problems found\n"
                : "\(CategorizeRun.rules(ruleSet.rules.count)), \(findings.count + unheeded.count) warning\(findings.count + unheeded.count == 1 ? "" : "s")\n"
            return result
        case .explain:
            return result
        case .write(let ledgerPath, let uncategorizedPath, let reportPath):
            do throws(AtomicFileWriter.Failure) {
                let ledger = try AtomicFileWriter(path: ledgerPath, recycling: true, smallestSpare: smallestSpare)
                let uncategorized = try AtomicFileWriter(path: uncategorizedPath, recycling: true)
                // The ledger's figure rows for the analysis (`FigureFile`): a file that cannot be
                // written is only work the analysis does again, from the ledger.
                let figures = try? AtomicFileWriter(path: FigureFile.path(ofLedger: ledgerPath), recycling: true)
                // The two files read the same rows and nothing else: they are made on two cores at
                // once, then put in place one after the other, the ledger first, as one after
                // another would (a failure of the ledger leaves the old uncategorized.csv too).
                let start = ContinuousClock.now
                // The text cache is written on the core that writes uncategorized.csv (usually the
                // shorter work); a cache that cannot be written is only work the next run does again.
                // At a month end its new entries are added to it in place (`TextCacheContent.append`).
                // The guess cache is a third piece of work, for whichever core is free first: at a
                // month end either of the two files may take the longer.
                // The rows cache goes with it, on the same core.
                let rowsCache = rows.reading?.needsWriting == true ? rowsCachePath : nil
                // The ledger's core also reads the rows files (`EarlierLedger`) and makes the new one.
                let knownJournalRows = journalRows.take(0)
                var earlier: EarlierLedger?
                var written = LedgerWriter.Written()
                var ledgerRows: JournalRowsFile.Prepared?
                Cores.forEach(outcome.guessCache == nil && rowsCache == nil ? 2 : 3) { file in
                    if file == 0 {
                        earlier = EarlierLedger(
                            ledger: ledgerPath, journal: knownJournalRows, count: rows.count, writer: ledger)
                        written = LedgerWriter.write(rows, outcome, to: ledger, figures: figures, earlier: earlier)
                        ledgerRows = written.rows.map(JournalRowsFile.Prepared.init)
                    } else if file == 2 {
                        if let guessCachePath, let made = outcome.guessCache { made.write(to: guessCachePath) }
                        if let rowsCache { LedgerRowsCache.write(rows, to: rowsCache) }
                    } else {
                        UncategorizedCSV.write(rows, outcome, to: uncategorized)
                        if let textCachePath, let cache = outcome.textCache,
                            !cache.append(rows: rows, path: textCachePath),
                            let file = try? AtomicFileWriter(path: textCachePath)
                        {
                            cache.write(rows: rows, to: file)
                            try? file.commit()
                        }
                    }
                }
                do throws(AtomicFileWriter.Failure) {
                    try ledger.commit()
                    JournalRowsFile.commit(
                        journal: ledgerPath, replaced: earlier?.ledger, sparePath: ledger.sparePath, rows: ledgerRows)
                    result.ledgerRowsKept = written.kept
                    result.ledgerRowsWritten = rows.count - written.kept
                } catch {
                    uncategorized.discard()
                    figures?.discard()
                    throw error
                }
                // Stamped with the ledger now in place: the analysis reads it while that holds.
                if let figures {
                    if let stamp = FileStamp(path: ledgerPath) {
                        FigureFile.Writer.writeTrailer(stamp: stamp, to: figures)
                        try? figures.commit()
                    } else {
                        figures.discard()
                    }
                }
                try uncategorized.commit()
                result.timings.add("write", ContinuousClock.now - start)
            } catch {
                return fail(1, error.description)
            }
            do throws(FileOutput.Failure) {
                try FileOutput.write(CategorizeRun.encodeReport(outcome.report), to: reportPath)
            } catch {
                return fail(1, error.description)
            }
            result.standardError = CategorizeRun.summary(outcome.report, uncategorizedPath: uncategorizedPath)
            for warning in unheeded { result.standardError += warning + "\n" }
            // The command exits next: the rows and their texts go with the process.
            if keepsMemoryUntilExit { KeptUntilExit.keep((rows, outcome)) }
            return result
        }
    }

    /// `1 rule`, `37 rules`.
    static func rules(_ count: Int) -> String { "\(count) rule\(count == 1 ? "" : "s")" }

    static func errorCount(_ count: Int) -> String { "\(count) error\(count == 1 ? "" : "s"); nothing was written" }

    static func encodeReport(_ report: CategorizeReport) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
        return Array(data) + [0x0A]
    }

    /// The table on stderr after a run.
    static func summary(_ report: CategorizeReport, uncategorizedPath: String) -> String {
        let count = CategorizeFormat.count
        var text = "categorised \(count(report.transactions)) transactions:\n"
        let rows: [(String, Int)] = [
            ("by user rules", report.bySource.rule), ("by profile rules", report.bySource.profileRule),
            ("by overrides", report.bySource.override), ("by starter rules", report.bySource.starterRule),
            ("by the export's categories", report.bySource.exportCategory),
            ("learned", report.bySource.learned),
            ("transfers (\(count(report.transferPairs)) pairs)", report.bySource.transfer),
            ("uncategorised", report.uncategorized),
        ]
        let width = rows.map { count($0.1).count }.max() ?? 1
        for (label, value) in rows {
            let number = count(value)
            text += "  " + String(repeating: " ", count: width - number.count) + number + "  " + label + "\n"
        }
        if report.ignored > 0 { text += "  \(count(report.ignored)) ignored (kept, left out of the figures)\n" }
        if report.uncategorized > 0 { text += "see \(uncategorizedPath) for what still needs a rule\n" }
        if !report.unpairedTransfers.isEmpty {
            text +=
                "warning: \(report.unpairedTransfers.count) transaction\(report.unpairedTransfers.count == 1 ? "" : "s") marked transfer found no partner:\n"
            for leg in report.unpairedTransfers {
                text += "  \(leg.id)  \(leg.date)  \(leg.account)  \(leg.amount) \(leg.currency)"
                text += leg.rule.map { "  (\($0))" } ?? ""
                text += "\n"
            }
        }
        for id in report.unknownOverrideIDs {
            text += "warning: overrides.csv names transaction '\(id)', which is not in the journal\n"
        }
        for warning in report.warnings { text += "warning: \(warning)\n" }
        return text
    }
}
