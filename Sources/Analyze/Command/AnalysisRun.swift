import AnalysisFile
import Foundation
import Ledger
import StageCommand

/// The analysis stage as a function: a ledger and the workspace's files in, one analysis file per
/// month out.
public struct AnalysisRun {
    /// What a run wrote.
    public struct Outcome: Sendable, Equatable {
        /// Every month's file, oldest first.
        public var paths: [String]
        /// The file of the month `--month` names.
        public var selectedPath: String
        /// Files whose bytes changed (the others were left untouched).
        public var written: Int
        /// Months not analysed again: their fingerprint and file were as recorded (`--fingerprints`).
        public var kept = 0
        /// True when some amounts could not be converted for lack of a rate (exit status 1).
        public var missingRates: Bool
        /// Month files of an earlier run that the data no longer has, removed.
        public var removed: [String] = []
        /// Records and money accounted for (`ConservationLine`).
        public var conservation: [String] = []
        /// Why `latest` is an earlier month than the newest with data (`MonthSelection.reason`).
        public var selectionReason: String?
        /// Months closed for the first time, restated, and changed but locked (exit status 1).
        public var closedMonths: [YearMonth] = []
        public var restatedMonths: [YearMonth] = []
        public var lockedMonths: [YearMonth] = []
    }

    public var workspace: String
    public var ledgerPath: String
    public var importReportPath: String?
    public var request: ReportMonth
    /// A folder (every month is written there as YYYY-MM.json) or a `.json` file (only the
    /// requested month is written).
    public var out: String
    /// Closing months (`closed/` in the workspace): nil leaves closes alone, as a run over a
    /// ledger without its workspace must.
    public var closing: Closing?
    /// The cores the months are analysed and written on (`Cores`): 1 does one month after another,
    /// with the same bytes.
    public var cores = Cores.available
    /// Where the months' fingerprints are kept between runs (`AnalysisFingerprints`, e.g.
    /// `build/.analysis-months.json`): a month whose inputs and file are as recorded is not
    /// analysed again. Nil analyses every month.
    public var fingerprintsPath: String?
    /// The analyser's release (the executable's size and modification time), part of every
    /// fingerprint so that a new release analyses every month again.
    public var release = ""

    /// How a run closes months: whether they are locked, the month a person reopened and why,
    /// and the time recorded.
    public struct Closing: Sendable {
        public var lock: Bool
        public var reopen: YearMonth?
        public var reason: String?
        /// `2026-11-27T10:00:00Z`.
        public var now: String
        /// Where the input files' digests are kept between runs (`InputDigestCache`); nil to digest
        /// every file at each run.
        public var inputDigestsPath: String?

        public init(
            lock: Bool, reopen: YearMonth? = nil, reason: String? = nil, now: String, inputDigestsPath: String? = nil
        ) {
            self.lock = lock
            self.reopen = reopen
            self.reason = reason
            self.now = now
            self.inputDigestsPath = inputDigestsPath
        }
    }

    public init(workspace: String, ledgerPath: String, importReportPath: String?, request: ReportMonth, out: String) {
        self.workspace = workspace
        self.ledgerPath = ledgerPath
        self.importReportPath = importReportPath
        self.request = request
        self.out = out
    }

    /// Loads `closebook.toml`, `rates.csv` and `valuations.csv`: errors here are configuration
    /// errors (exit status 2).
    public func loadSettings(accounts: [Account], base: Currency) throws -> (RateTable, AnalysisSettings) {
        let config = try WorkspaceConfig.load(workspace: workspace)
        try config.checkGoalAccounts(
            known: Set(accounts.map(\.id)), path: (workspace as NSString).appendingPathComponent("closebook.toml"))
        let ratesPath = (workspace as NSString).appendingPathComponent("rates.csv")
        var rates = RateTable(base: base)
        if FileManager.default.fileExists(atPath: ratesPath) {
            rates = try RateTable.parse(try AnalysisRun.text(ratesPath), path: ratesPath, base: base)
        }
        var currencies: [AccountID: Currency] = [:]
        for account in accounts { currencies[account.id] = account.currency }
        for account in config.accounts where currencies[account.id] == nil {
            currencies[account.id] = account.currency ?? base
        }
        // Rates for a currency no account and no goal uses convert nothing: a typo of a code, or
        // an account left out of closebook.toml.
        let used = Set(currencies.values).union(config.goals.compactMap(\.currency))
        for currency in rates.currencies where !used.contains(currency) && !rates.isReferenceFile {
            rates.warnings.append(
                "\(ratesPath): warning: the rates for \(currency.code) convert nothing: no account or goal is in "
                    + "\(currency.code) (accounts are in \(Set(currencies.values).map(\.code).sorted().joined(separator: ", ")))"
            )
        }
        let valuationsPath = (workspace as NSString).appendingPathComponent("valuations.csv")
        var valuations = Valuations()
        if FileManager.default.fileExists(atPath: valuationsPath) {
            valuations = try Valuations.parse(
                try AnalysisRun.text(valuationsPath), path: valuationsPath, accounts: currencies)
        }
        var byID: [AccountID: AccountConfig] = [:]
        for account in config.accounts { byID[account.id] = account }
        var settings = AnalysisSettings(
            budgets: config.budgets, accounts: byID, valuations: valuations, plan: config.plan, goals: config.goals)
        settings.close = config.close
        settings.budgetPeriods = config.budgetPeriods
        settings.intendedPairs = config.intendedPairs
        return (rates, settings)
    }

    /// Removes `YYYY-MM.json` files in `folder` for months not in `keeping`, so that a report of
    /// every file in the folder shows only months the data has. Returns their paths.
    static func removeStale(in folder: String, keeping: Set<String>) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let stem = String(name.dropLast(5))
            guard YearMonth(stem) != nil, !keeping.contains(stem) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        return removed
    }

    static func text(_ path: String) throws -> String {
        let bytes = try FileOutput.read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw WorkspaceTableError(path: path, line: 1, message: "the file is not UTF-8 text")
        }
        return text
    }

    /// Writes the analysis files of `ledger`.
    public func write(
        ledger: Journal, rates: RateTable, settings: AnalysisSettings, facts: ImportFacts?
    ) throws -> Outcome {
        var timings = StageTimings()
        return try write(
            header: ledger, rows: ledger.transactions.map(FigureRow.init), rates: rates, settings: settings,
            facts: facts, timings: &timings)
    }

    /// Writes the analysis files of the ledger whose header (accounts, base currency) is `header`
    /// and whose transactions are `rows` (with their `FigureRow.contentHash`, when known), adding
    /// where the time went to `timings`.
    public func write(
        header ledger: Journal, rows: [FigureRow], contentHashes: [BulkHash.Value]? = nil, rates: RateTable,
        settings: AnalysisSettings, facts: ImportFacts?, timings: inout StageTimings
    ) throws -> Outcome {
        var settings = settings
        if let facts {
            settings.statementBalanced = Set(
                facts.accounts.filter { $0.openingBalanceSource == "derived" }.map { AccountID($0.id) })
            var positions: [AccountID: [Valuations.Entry]] = [:]
            for account in facts.accounts {
                guard let currency = ledger.accounts.first(where: { $0.id.rawValue == account.id })?.currency
                else { continue }
                for value in account.positions ?? [] {
                    guard let date = CivilDate(iso: value.date),
                        let money = try? Money.parse(value.value, currency: currency)
                    else { continue }
                    positions[AccountID(account.id), default: []].append(
                        Valuations.Entry(date: date, value: money, source: value.file, isPositions: true))
                }
            }
            settings.valuations.merge(positions)
        }
        let history = timings.time("ledger history") {
            LedgerHistory(header: ledger, rows: rows, contentHashes: contentHashes, rates: rates)
        }
        let selection = try MonthSelection.choose(request, history: history, facts: facts)
        let single = out.hasSuffix(".json")
        let months = single ? [selection.selected] : selection.months
        var outcome = Outcome(paths: [], selectedPath: "", written: 0, missingRates: false)
        if !single { try FileOutput.makeFolder(out) }
        var batch: CloseBatch?
        // Before the fingerprints read closed/: the close records a stopped run left are removed first.
        if closing != nil, !single {
            let store = CloseStore(workspace: workspace)
            try CloseBatch.recover(store)
            batch = CloseBatch(store: store, months: months)
        }
        var kept = AnalysisFingerprints()
        var monthInputs: MonthInputs?
        var unchanged: Set<YearMonth> = []
        if let fingerprintsPath, !single {
            kept = AnalysisFingerprints.load(fingerprintsPath)
            let made = timings.time("fingerprints") {
                MonthInputs(
                    history: history, context: fingerprintContext(header: ledger, facts: facts), cores: cores)
            }
            for month in months {
                let own = ownInputs(
                    of: month, selection: selection, history: history, settings: settings, facts: facts)
                let print = made.fingerprint(of: month, history: history, own: own)
                if kept.isCurrent(month.description, fingerprint: print, path: path(of: month)) {
                    unchanged.insert(month)
                }
            }
            monthInputs = made
        }
        // The books (net worth, recurring series, anomalies...) are built only when a month is analysed.
        let analyzer =
            unchanged.count == months.count
            ? nil
            : timings.time("books") {
                MonthAnalyzer(
                    history: history, settings: settings, analysing: months.filter { !unchanged.contains($0) })
            }
        do {
            try writeMonths(
                months, unchanged: unchanged, selection: selection, analyzer: analyzer, history: history,
                settings: settings, rates: rates, facts: facts, batch: batch, outcome: &outcome, timings: &timings)
        } catch {
            // What was closed before the error is kept, on disk.
            try? batch?.finish()
            throw error
        }
        try batch?.finish()
        if !single { outcome.removed = AnalysisRun.removeStale(in: out, keeping: Set(months.map(\.description))) }
        if let fingerprintsPath, let monthInputs {
            // Recorded after the closes, with each month's close record as it now stands; a month
            // whose close was refused is left out, so that the next run refuses it again.
            let refused = Set(outcome.lockedMonths)
            var recorded = AnalysisFingerprints()
            for month in months where !refused.contains(month) {
                if unchanged.contains(month), let entry = kept.entries[month.description] {
                    recorded.entries[month.description] = entry
                    continue
                }
                let own = ownInputs(
                    of: month, selection: selection, history: history, settings: settings, facts: facts)
                recorded.record(
                    month.description, fingerprint: monthInputs.fingerprint(of: month, history: history, own: own),
                    path: path(of: month))
            }
            try timings.time("fingerprints") { try recorded.save(fingerprintsPath) }
        }
        outcome.kept = unchanged.count
        outcome.conservation = ConservationLine.lines(history: history, facts: facts)
        outcome.selectionReason = selection.reason
        return outcome
    }

    /// Months analysed on every core before their closes: enough to keep the cores busy between
    /// the closes, which run one after another, and few enough that the analyses held at once stay
    /// small (an analysis of a month of 1M rows over ten years is about 200 kB of JSON).
    static let monthsPerPass = 24

    /// Analyses, closes and writes each of `months`.
    ///
    /// A pass of months goes in three steps. Each month's analysis runs on every core (`cores`):
    /// it reads only the history and the books, which nothing changes. Then, one after another in
    /// month order, what shares state: the close (its store, the batch that flushes first closes
    /// together, the input files read once) and the notices that follow it. Then each month is
    /// encoded and written on every core, each to its own file. The files are the same bytes as
    /// one core's, and an error stops the run at the first month that has one, in month order,
    /// with every earlier month closed and written, as one core would. Timings of the steps on
    /// every core add up the time of each core, so they can exceed the wall time.
    private func writeMonths(
        _ months: [YearMonth], unchanged: Set<YearMonth>, selection: MonthSelection, analyzer: MonthAnalyzer?,
        history: LedgerHistory,
        settings: AnalysisSettings, rates: RateTable, facts: ImportFacts?, batch: CloseBatch?,
        outcome: inout Outcome, timings: inout StageTimings
    ) throws {
        let single = out.hasSuffix(".json")
        var inputs: [InputFile]?
        let sources = RowSources(ledgerPath: ledgerPath)
        let store = CloseStore(workspace: workspace)
        var openingDates: [String: CivilDate] = [:]
        for (id, account) in settings.accounts { openingDates[id.rawValue] = account.openingDate }
        var accountCurrencies: [AccountID: Currency] = [:]
        for account in history.accounts { accountCurrencies[account.id] = account.currency }
        let valued = Set(settings.valuations.entries.keys.map(\.rawValue))
        for start in stride(from: 0, to: months.count, by: Self.monthsPerPass) {
            let pass = Array(months[start..<min(start + Self.monthsPerPass, months.count)])
            let analysed = Slots<(Result<(MonthAnalysis, MonthSnapshot?), any Error>, StageTimings)>(
                count: pass.count)
            Cores.forEach(pass.count, cores: cores) { index in
                var own = StageTimings()
                let month = pass[index]
                // A month whose inputs and file are as recorded keeps its file: no analysis, no close
                // (its record is as it was when the file was made, so the close would change nothing).
                guard !unchanged.contains(month), let analyzer else { return }
                do {
                    let analysis = try self.analysis(
                        of: month, selection: selection, analyzer: analyzer, history: history,
                        settings: settings, facts: facts, valued: valued, openingDates: openingDates, timings: &own)
                    // What the close compares (a digest of the month's rows, its figures) reads only
                    // the month: made here, on every core.
                    let snapshot =
                        closing == nil || single
                        ? nil
                        : own.time("close snapshot") {
                            MonthSnapshot(
                                month: month, analysis: analysis, rows: history.transactions[history.range(of: month)],
                                accounts: history.accounts, records: facts?.totals,
                                encodingLines: !FileManager.default.fileExists(atPath: store.recordPath(month)))
                        }
                    analysed.set(index, (.success((analysis, snapshot)), own))
                } catch {
                    analysed.set(index, (.failure(error), own))
                }
            }
            var ready: [(month: YearMonth, analysis: MonthAnalysis?)] = []
            var failure: (any Error)?
            for (index, month) in pass.enumerated() {
                if unchanged.contains(month) {
                    if let offset = history.offset(of: month), !history.missingRates[offset].isEmpty {
                        outcome.missingRates = true
                    }
                    if month == selection.selected {
                        let goals = GoalRates.notices(
                            goals: settings.goals, month: month, rates: rates, accounts: accountCurrencies)
                        if !goals.isEmpty { outcome.missingRates = true }
                    }
                    ready.append((month, nil))
                    continue
                }
                guard let (result, own) = analysed[index] else { continue }
                timings.merge(own)
                do {
                    let (prepared, snapshot) = try result.get()
                    var analysis = prepared
                    if let offset = history.offset(of: month), !history.missingRates[offset].isEmpty {
                        outcome.missingRates = true
                    }
                    if let closing, !single {
                        try timings.time("close") {
                            try close(
                                month: month, analysis: &analysis, history: history, facts: facts, closing: closing,
                                inputs: &inputs, sources: sources, batch: batch, outcome: &outcome, snapshot: snapshot)
                        }
                    }
                    if month == selection.selected {
                        let goals = GoalRates.notices(
                            goals: settings.goals, month: month, rates: rates, accounts: accountCurrencies)
                        analysis.notices += goals
                        if !goals.isEmpty { outcome.missingRates = true }
                    }
                    ready.append((month, analysis))
                } catch {
                    failure = error
                    break
                }
            }
            let written = Slots<(Result<Bool, any Error>, StageTimings)>(count: ready.count)
            Cores.forEach(ready.count, cores: cores) { index in
                var own = StageTimings()
                let path = self.path(of: ready[index].month)
                guard let analysis = ready[index].analysis else {
                    written.set(index, (.success(false), own))
                    return
                }
                do {
                    let changed = try write(analysis, to: path, timings: &own)
                    written.set(index, (.success(changed), own))
                } catch {
                    written.set(index, (.failure(error), own))
                }
            }
            for (index, month) in ready.map(\.month).enumerated() {
                guard let (result, own) = written[index] else { continue }
                timings.merge(own)
                if try result.get() { outcome.written += 1 }
                let path = path(of: month)
                outcome.paths.append(path)
                if month == selection.selected { outcome.selectedPath = path }
            }
            if let failure { throw failure }
        }
    }

    /// The file `month` is written to.
    private func path(of month: YearMonth) -> String {
        out.hasSuffix(".json") ? out : (out as NSString).appendingPathComponent("\(month).json")
    }

    /// The analysis of `month` with the import report's notices and coverage: everything but its
    /// close, which may depend on other months' runs, and the selected month's goal notices.
    private func analysis(
        of month: YearMonth, selection: MonthSelection, analyzer: MonthAnalyzer, history: LedgerHistory,
        settings: AnalysisSettings, facts: ImportFacts?, valued: Set<String>, openingDates: [String: CivilDate],
        timings: inout StageTimings
    ) throws -> MonthAnalysis {
        var analysis = try analyzer.analysis(for: month, timings: &timings)
        analysis.complete = selection.completeThrough.map { month <= $0 } ?? false
        if let facts {
            analysis.notices =
                facts.notices(for: month, valued: valued) + analysis.notices
                + AccountSettingsNotices.notices(
                    for: month, accounts: history.accounts, settings: settings, facts: facts)
            analysis.accounts = analysis.accounts.map { facts.withCoverage($0, month: month) }
            analysis.accountStories = analysis.accountStories?.map { facts.withCoverage($0) }
            // A first month whose statements start on its 2nd is not complete either: the
            // accounts table says "partly", and the summary must not say "whole month".
            if !facts.startsEveryAccount(of: month, valued: valued, opened: openingDates) {
                analysis.complete = false
            }
        }
        return analysis
    }

    /// Encodes `analysis` and writes it to `path` unless the file holds those bytes already;
    /// returns whether it wrote.
    private func write(_ analysis: MonthAnalysis, to path: String, timings: inout StageTimings) throws -> Bool {
        var bytes = try timings.time("encode") { try PrettyJSONEncoder().encode(analysis) }
        bytes.append(0x0A)
        return try timings.time("write") {
            guard (try? FileOutput.read(path)) != bytes else { return false }
            // Derived again on every run: renamed into place, not flushed to disk first.
            if out.hasSuffix(".json") {
                try FileOutput.write(bytes, to: path)
            } else {
                try FileOutput.writeDerived(bytes, to: path)
            }
            return true
        }
    }

    /// Closes `month`, or checks it against its close (`MonthClose`), and adds what the page must
    /// say to its notices. A month closes when it is complete and every account's stated balance
    /// reconciles by its end (the import report's balance checks).
    func close(
        month: YearMonth, analysis: inout MonthAnalysis, history: LedgerHistory, facts: ImportFacts?,
        closing: Closing, inputs: inout [InputFile]?, sources: RowSources, batch: CloseBatch?, outcome: inout Outcome,
        snapshot made: MonthSnapshot? = nil
    ) throws {
        let reconciles = Self.reconciles(month: month, facts: facts)
        let snapshot =
            made
            ?? MonthSnapshot(
                month: month, analysis: analysis, rows: history.transactions[history.range(of: month)],
                accounts: history.accounts,
                records: facts?.totals)
        var collected = inputs
        var closer = MonthClose(
            store: CloseStore(workspace: workspace), lock: closing.lock,
            reopen: closing.reopen.map { ($0, closing.reason ?? "reopened") }, now: closing.now,
            inputs: {
                if let known = collected { return known }
                let path = closing.inputDigestsPath
                let loaded = path.map(InputDigestCache.load) ?? InputDigestCache()
                var digests = loaded
                let files = InputFiles.collect(workspace: workspace, digests: &digests, cores: cores)
                // Only a cache: a run that cannot keep it digests the files again next time.
                if let path, digests != loaded { try? FileOutput.writeDerived(Array(digests.text.utf8), to: path) }
                collected = files
                return files
            })
        closer.explain = sources.explain
        closer.batch = batch
        let (result, record) = try closer.apply(snapshot, closable: analysis.complete == true && reconciles)
        inputs = collected
        switch result {
        case .none: break
        case .closed: outcome.closedMonths.append(month)
        case .restated: outcome.restatedMonths.append(month)
        case .refused: outcome.lockedMonths.append(month)
        }
        analysis.notices += CloseNotices.sentences(month: month, record: record, outcome: result)
        analysis.close = CloseNotices.status(record: record, outcome: result)
    }
}
