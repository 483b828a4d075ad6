/// What `closebook.toml` says: the base currency, the accounts and which inbox files feed them,
/// budgets, and settings of later stages.
///
/// Every field has a default, so a workspace with no `closebook.toml` still works: accounts are
/// then derived from what the inbox files say and the base currency from the data.
public struct WorkspaceConfig: Sendable, Equatable {
    /// The currency reports are in; nil means "the currency most transactions are in".
    public var baseCurrency: Currency?
    public var accounts: [AccountConfig]
    /// Budget per category, for its period (a month unless `budgetPeriods` says otherwise).
    public var budgets: [CategoryPath: Money]
    /// The budgets written `{ quarterly = … }` or `{ yearly = … }`; the others are monthly.
    public var budgetPeriods: [CategoryPath: BudgetPeriod] = [:]
    public var categorize: CategorizeSettings
    /// `allow_links_outside_workspace`: follow links in `inbox/` to files outside the workspace.
    /// Off by default, so that a link to a system file is never read into the reports.
    public var allowsLinksOutsideWorkspace = false
    /// `[plan]` and `[plan.buckets]`.
    public var plan = PlanConfig()
    /// `[[goals]]`, in the order written.
    public var goals: [GoalConfig] = []
    /// `[publish]`: how the report stage publishes the site.
    public var publish = PublishSettings()
    /// `[close]`: how closed months are kept.
    public var close = CloseSettings()
    /// `[insights] intended_pairs`: recurring payments a person chose both of, by payee name; the
    /// duplicate-subscriptions card and advice leave each pair alone.
    public var intendedPairs: [[String]] = []
    /// `[export]`: which formats `make report` exports the ledger to.
    public var export = ExportSettings()

    public init(
        baseCurrency: Currency? = nil, accounts: [AccountConfig] = [], budgets: [CategoryPath: Money] = [:],
        categorize: CategorizeSettings = CategorizeSettings()
    ) {
        self.baseCurrency = baseCurrency
        self.accounts = accounts
        self.budgets = budgets
        self.categorize = categorize
    }

    public func account(_ id: AccountID) -> AccountConfig? { accounts.first { $0.id == id } }
}

/// One `[[accounts]]` entry of `closebook.toml`.
public struct AccountConfig: Sendable, Equatable {
    public var id: AccountID
    public var name: String
    public var kind: AccountKind
    public var currency: Currency?
    /// Glob patterns relative to `inbox/` (`current-*.csv`) whose files feed this account.
    public var inbox: [String]
    /// OFX `ACCTID`s (or QIF `!Account` names) that belong to this account.
    public var externalIDs: [String]
    /// The CSV bank profile (`Importers/NAME.toml`) to read this account's CSV files with.
    public var profile: String?
    /// Day/month order for ambiguous QIF and CSV dates.
    public var dateOrder: DateOrder?
    /// Which way amounts without a minus go, for CSV files whose layout is inferred.
    public var sign: AmountSign?
    public var openingBalance: Money?
    public var openingDate: CivilDate?
    /// The day the account was closed: net worth leaves it out after this day.
    public var closed: CivilDate?
    /// The line of the `[[accounts]]` header, for messages.
    public var line: Int
    /// The line of the `inbox` key (the header's when there is none), for messages about globs.
    public var inboxLine: Int = 0

    public init(
        id: AccountID, name: String, kind: AccountKind = .checking, currency: Currency? = nil, inbox: [String] = [],
        externalIDs: [String] = [], profile: String? = nil, dateOrder: DateOrder? = nil, sign: AmountSign? = nil,
        openingBalance: Money? = nil, openingDate: CivilDate? = nil, closed: CivilDate? = nil, line: Int = 0
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.currency = currency
        self.inbox = inbox
        self.externalIDs = externalIDs
        self.profile = profile
        self.dateOrder = dateOrder
        self.sign = sign
        self.openingBalance = openingBalance
        self.openingDate = openingDate
        self.closed = closed
        self.line = line
    }
}

/// `[categorize]` settings.
public struct CategorizeSettings: Sendable, Equatable {
    /// Confidence from which the learned classifier's category is applied (0...1).
    public var learnedThreshold: Double
    /// How many days apart two legs of a transfer may be.
    public var transferWindowDays: Int
    /// `starter`: apply the starter rule pack shipped with the product after every rule of the
    /// user's (on by default, so a new workspace's first report is categorised).
    public var usesStarterRules: Bool
    /// `transfer_pairs`: the two legs of transfers the person declares, by transaction id, for
    /// those the pairing cannot find (a fee taken from the amount beyond the rates' tolerance, legs
    /// further apart than the window). Each pair is paired before any other.
    public var transferPairs: [[TransactionID]]

    public init(
        learnedThreshold: Double = 0.8, transferWindowDays: Int = 4, usesStarterRules: Bool = true,
        transferPairs: [[TransactionID]] = []
    ) {
        self.learnedThreshold = learnedThreshold
        self.transferWindowDays = transferWindowDays
        self.usesStarterRules = usesStarterRules
        self.transferPairs = transferPairs
    }
}

/// `[publish]` settings, read by the report stage.
public struct PublishSettings: Sendable, Equatable {
    /// `redact`: leave every transaction-level detail (payees, ids, account names and numbers) out
    /// of the site and the archives, keeping the aggregates, cards and charts: a site to share.
    public var redact: Bool

    public init(redact: Bool = false) {
        self.redact = redact
    }
}

/// `[close]` settings, read by the analysis stage when it records and checks closed months.
public struct CloseSettings: Sendable, Equatable {
    /// `lock`: a change to a closed month is an error (exit 1) until the month is reopened on
    /// purpose (`make report REOPEN=YYYY-MM REASON="…"`), instead of a restatement.
    public var lock: Bool

    public init(lock: Bool = false) {
        self.lock = lock
    }
}

/// A problem in `closebook.toml`, with its place.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(path):\(line):\(column): error: \(message)" }
}
