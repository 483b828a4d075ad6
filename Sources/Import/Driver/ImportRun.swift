import Ledger

/// The state of one import while the driver's steps run: files read, accounts assigned, entries made.
///
/// Each step is a file of its own, in the order `ImportDriver` runs them: `ImportRun+Reading`
/// (each file read by `FileReading`, on every available core), `+DatePlausibility`, `+Accounts`,
/// `+Entries`, `+ReusedBankIDs`, `+DuplicateAccounts`, then the journal (`+Journal`,
/// `+Transactions`) and the report (`+Output`, whose steps are the types in `Outcome/`).
struct ImportRun {
    /// One inbox file and what became of it.
    struct FileState {
        var file: InboxFile
        var format: FileFormat?
        /// What the reader returned. Once entries are made, its statements' records live on in
        /// `ImportRun.records` only (see `makeEntries`).
        var parsed: ParsedFile?
        /// Every record the reader saw: parsed (posted and pending) plus skipped.
        var recordCount = 0
        /// Per statement, the balances it states (`BalanceReconciler.statedBalances`).
        var stated: [[BalanceReconciler.Stated]] = []
        /// The account each statement (by index) was mapped to.
        var accounts: [AccountID] = []
        /// The reader's skipped records plus those the driver could not place.
        var skipped: [SkippedRecord] = []
        var warnings: [ImportDiagnostic] = []
        var errors: [ImportDiagnostic] = []
        /// For a CSV file no profile reads and no account takes: the `[[accounts]]` entry to paste.
        var suggestion: String?
        /// The earlier file (by index) with the very same bytes: this one is not read again.
        var copyOf: Int?
        /// The file's key in the run's `readCache`, when it has one.
        var cacheKey: String?
        /// The digest of the file's bytes (`ReadCache.digests`), with a `readCache`.
        var digest: String?
        var failed: Bool { parsed == nil }
    }

    /// What the files say about an account, gathered in file order (the first statement wins).
    struct AccountFacts {
        var institution: String?
        var number: String?
        var kind: AccountKind?
        var currency: Currency?
        var files: [String] = []
    }

    let config: WorkspaceConfig
    /// The day the import runs, against which dates are judged (`DatePlausibility`); nil for none.
    var today: CivilDate?
    var files: [FileState]
    var resolver: AccountResolver
    var facts: [AccountID: AccountFacts] = [:]
    var entries: [ImportEntry] = []
    /// The records of every statement entries were made from (`ImportEntry.list` indexes it):
    /// the readers' arrays, taken over, not copied.
    var records: [RecordTable] = []
    /// The accounts entries were made for (`ImportEntry.account` indexes it), in first-seen order.
    var accounts: [AccountID] = []
    var accountIndex: [AccountID: Int] = [:]
    /// The entries' ids, spelled out on demand.
    var ids = EntryIDs()
    /// True while every id is ASCII. Swift compares strings by canonical equivalence, so two
    /// ids could be equal with different bytes (`K` and the Kelvin sign); for ASCII text equal
    /// means byte for byte equal, and `ImportEntry.idHash` then finds equal ids.
    var idsAreASCII = true
    /// While the journal is made in chunks: the file of each chunk transaction's `source`.
    var transactionFiles: [Int32] = []
    /// Per file, the days it covers for each account it feeds.
    var windows: [[AccountID: ClosedRange<CivilDate>]] = []
    /// CSV files no configuration claims that were read as an earlier file's account
    /// (`sameLayoutAccount`), for the warning that says so.
    var layoutMerges: [(file: Int, account: AccountID, other: String, layout: String, rows: Int)] = []
    /// Where the files' readings and their content hashes are kept between imports, if anywhere.
    var readCache: ReadCache?
    /// The threads keeping this run's readings in `readCache`, when they are kept beside the run.
    var readCacheWrites: ReadCacheWrites?
    /// The entries of `readCache` this run read or wrote: the others are removed (`finishReadCache`).
    var readCacheUsed: Set<String> = []
    /// Statements of two accounts that agree transaction for transaction (`findDuplicateAccounts`).
    var duplicateAccounts: [ImportReport.DuplicateAccount] = []

    /// Takes the files (any order; they are processed in file-name order). Each file's bytes are
    /// released once it is read, so pass them over rather than keeping a copy.
    init(config: WorkspaceConfig, files: consuming [InboxFile], today: CivilDate? = nil) {
        self.config = config
        self.today = today
        self.files = files.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }.map { FileState(file: $0) }
        self.resolver = AccountResolver(config: config)
    }

    /// The base currency, then each account's, once each.
    var workspaceCurrencies: [Currency] {
        var seen: Set<Currency> = []
        return ([config.baseCurrency] + config.accounts.map(\.currency)).compactMap { $0 }.filter {
            seen.insert($0).inserted
        }
    }

    /// The index of `account` in `accounts`, adding it when new.
    mutating func index(of account: AccountID) -> Int {
        if let known = accountIndex[account] { return known }
        accountIndex[account] = accounts.count
        accounts.append(account)
        return accounts.count - 1
    }
}
