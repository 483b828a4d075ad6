import AnalysisFile
import Foundation
import Ledger

/// One invocation of the stage with its inputs resolved: what `ExportCommand` runs and tests call.
/// Reads the ledger and checks it before writing anything; each file is written atomically. The
/// analysis files, which only the SQLite file takes, are read while the other formats are written
/// (`PendingAnalyses`): a broken one fails the SQLite file alone.
public struct ExportRun: Sendable {
    /// Which formats to write.
    public enum Selection: Sendable, Equatable {
        /// These, whatever `closebook.toml` says.
        case formats([ExportFormat])
        /// Those `[export] formats` names; none when it names none.
        case configured
    }

    public var workspace: String
    public var ledgerPath: String
    public var outputFolder: String
    public var selection: Selection
    /// Leave the books and the analyses to the process's exit rather than free a million rows'
    /// strings one by one after the last file is written: for the command, which exits after one
    /// run, never for callers that run many.
    public var keepsMemoryUntilExit = false

    public init(workspace: String, ledgerPath: String, outputFolder: String, selection: Selection) {
        self.workspace = workspace
        self.ledgerPath = ledgerPath
        self.outputFolder = outputFolder
        self.selection = selection
    }

    /// What the command prints and its exit code: 0 written, 1 an input could not be read or an
    /// output written, 2 `closebook.toml` has an error.
    public struct Result: Sendable, Equatable {
        public var exitCode: Int32
        public var written: [String] = []
        public var standardError = ""
    }

    public func execute() -> Result {
        let config: WorkspaceConfig
        do throws(ConfigError) {
            config = try WorkspaceConfig.load(workspace: workspace)
        } catch {
            return Result(exitCode: 2, standardError: error.description + "\n")
        }
        let formats: [ExportFormat]
        switch selection {
        case .formats(let chosen): formats = ExportFormat.allCases.filter(chosen.contains)
        case .configured: formats = config.export.formats.sorted()
        }
        if formats.isEmpty { return Result(exitCode: 0) }
        let book: PendingBook
        do throws(ExportError) {
            book = try load(config: config)
        } catch {
            return Result(exitCode: 1, standardError: error.description + "\n")
        }
        // The analysis files are for the SQLite file alone, which needs them last.
        let analyses = PendingAnalyses(besideLedger: ledgerPath)
        let paths = formats.map { (outputFolder as NSString).appendingPathComponent($0.fileName) }
        let failures = ExportRun.writeConcurrently(book, formats: formats, paths: paths, analyses: analyses)
        if keepsMemoryUntilExit { KeptUntilExit.keep((book, analyses)) }
        if let failure = failures.compactMap({ $0 }).first {
            return Result(exitCode: 1, standardError: failure.description + "\n")
        }
        return Result(exitCode: 0, written: paths)
    }

    /// Writes the formats on one thread per core, dealt out by `ExportLanes`: the books are
    /// read-only once built, and at a million rows each writer takes one to a few seconds, most of
    /// it formatting, so two cores halve the wait. A lane without the SQLite file builds the books
    /// (`PendingBook`) and reads the analyses for it first (`PendingAnalyses`), while the SQLite
    /// lane writes the ledger's rows. Returns each format's failure, nil where it was written.
    static func writeConcurrently(
        _ book: PendingBook, formats: [ExportFormat], paths: [String], analyses: PendingAnalyses,
        cores: Int = Cores.available
    ) -> [ExportError?] {
        let failures = Slots<ExportError>(count: formats.count)
        let lanes = ExportLanes(formats: formats, cores: cores).lanes
        Cores.forEach(lanes.count, cores: cores) { lane in
            if formats.contains(.sqlite), !lanes[lane].contains(.sqlite) {
                _ = book.get()
                // A failure is the SQLite lane's to report, when it asks for them.
                _ = try? analyses.get()
            }
            for format in lanes[lane] {
                guard let index = formats.firstIndex(of: format) else { continue }
                do throws(ExportError) {
                    try write(book, as: format, to: paths[index], pending: analyses)
                } catch {
                    failures.set(index, error)
                }
            }
        }
        return failures.values
    }

    /// The import report beside the ledger (`build/import-report.json`): the statements' balances.
    var importReportPath: String {
        ((ledgerPath as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
            ExportRun.importReportName)
    }

    static let importReportName = "import-report.json"

    /// The ledger, the workspace's rates and the statements' balances, for books built when first
    /// asked for.
    func load(config: WorkspaceConfig) throws(ExportError) -> PendingBook {
        var journal: Journal
        do {
            let bytes = try JournalBytes(contentsOf: ledgerPath)
            // Both halves of the rows at once: the decode is on the way to every format.
            journal = try JournalCodec.decode(
                bytes, path: ledgerPath, parts: Cores.available)
        } catch let error as FileOutput.Failure {
            throw ExportError(path: error.path, message: error.reason)
        } catch let error as JournalError {
            throw ExportError(path: error.path, line: error.line, column: error.column, message: error.message)
        } catch {
            throw ExportError(path: ledgerPath, message: "\(error)")
        }
        let prices = try PriceLine.load(workspace: workspace, base: journal.baseCurrency)
        let stated = try StatedBalance.load(importReport: importReportPath, accounts: journal.accounts)
        // valuations.csv may value an account closebook.toml names and no file feeds.
        var currencies: [AccountID: Currency] = [:]
        for account in config.accounts { currencies[account.id] = account.currency ?? journal.baseCurrency }
        for account in journal.accounts { currencies[account.id] = account.currency }
        let valuations = try Valuation.load(workspace: workspace, accounts: currencies)
        let known = Set(journal.accounts.map(\.id))
        for account in config.accounts where !known.contains(account.id) {
            guard valuations.contains(where: { $0.account == account.id }) else { continue }
            journal.accounts.append(
                Account(
                    id: account.id, name: account.name, kind: account.kind,
                    currency: account.currency ?? journal.baseCurrency))
        }
        return PendingBook(journal: journal, prices: prices, statedBalances: stated, valuations: valuations)
    }

    /// Writes `book` in `format` to `path`, atomically; the SQLite file also takes `analyses`.
    public static func write(
        _ book: ExportBook, as format: ExportFormat, to path: String, analyses: [MonthAnalysis] = []
    ) throws(ExportError) {
        try write(PendingBook(book), as: format, to: path, pending: PendingAnalyses(analyses))
    }

    static func write(
        _ book: PendingBook, as format: ExportFormat, to path: String, pending analyses: PendingAnalyses
    ) throws(ExportError) {
        if format == .sqlite {
            try SQLiteWriter.write(book, analyses: analyses, to: path)
            return
        }
        var output = try ExportOutput(path: path)
        switch format {
        case .journal: JournalWriter.write(book.get(), to: &output)
        case .beancount: BeancountWriter.write(book.get(), to: &output)
        case .csv: LedgerCSVWriter.write(book.get(), to: &output)
        case .sqlite: break
        }
        try output.finish()
    }
}
