/// What a month said when it was reported complete: `closed/YYYY-MM.json` in the workspace.
///
/// Everything else Closebook writes is derived again on every run; this is the one piece of state
/// a run keeps, so that a late export, an edited rule or an override that changes a month after
/// it was read is a restatement with its cause, never a silent change. Each version is kept: the
/// first close and every restatement after it, so every figure a person has seen stays readable.
/// The transactions of each version are kept beside it (`closed/YYYY-MM.vN.jsonl`), read only when
/// a month's digest no longer matches.
public struct CloseRecord: Codable, Sendable, Equatable {
    /// 2: each version records every account's opening, transactions and closing, and the inbox's
    /// record counts (`accounts`, `records`); version 1 records are read as they are.
    public static let currentSchemaVersion = 2

    public var schemaVersion: Int
    public var month: String
    /// Oldest first; the last is what the month says now.
    public var versions: [CloseVersion]

    public init(month: String, versions: [CloseVersion]) {
        schemaVersion = Self.currentSchemaVersion
        self.month = month
        self.versions = versions
    }
}

/// One version of a closed month.
public struct CloseVersion: Codable, Sendable, Equatable {
    /// 1 for the first close.
    public var version: Int
    /// When it was recorded, `2026-11-03T09:14:00Z`.
    public var recordedAt: String
    /// `closed`, `restated` (the data changed) or `reopened` (`REOPEN=…` with a reason).
    public var kind: String
    /// The person's reason for a reopen; for a restatement, its causes in a sentence.
    public var reason: String?
    public var figures: CloseFigures
    /// How many transactions the month holds, and the SHA-256 of their ids, accounts, amounts,
    /// categories and whether they count (sorted by id), in hex.
    public var transactionCount: Int
    public var digest: String
    /// The inputs that produced it: every inbox file, rule file, `overrides.csv`, `closebook.toml`
    /// and `rates.csv`, with its SHA-256.
    public var inputs: [InputFile]
    /// Every account of the ledger by id: opening + transactions = closing (`checkConservation`).
    /// Nil in versions written before records were checked.
    public var accounts: [String: CloseAccount]?
    /// The import report's totals when the version was recorded; nil without an import report.
    public var records: RecordCounts?
    /// For a restatement or a reopen: what changed since the version before, and why.
    public var changes: CloseChanges?

    public init(
        version: Int, recordedAt: String, kind: String, reason: String?, figures: CloseFigures,
        transactionCount: Int, digest: String, inputs: [InputFile], accounts: [String: CloseAccount]? = nil,
        records: RecordCounts? = nil
    ) {
        self.accounts = accounts
        self.records = records
        self.version = version
        self.recordedAt = recordedAt
        self.kind = kind
        self.reason = reason
        self.figures = figures
        self.transactionCount = transactionCount
        self.digest = digest
        self.inputs = inputs
    }
}

/// The month's totals as its report showed them (decimal text in the base currency).
public struct CloseFigures: Codable, Sendable, Equatable {
    public var currency: String
    public var income: String
    public var expenses: String
    public var net: String
    /// Every expense and income category's total, by full path.
    public var categories: [String: String]
    /// Every account's closing balance in its own currency, by account id.
    public var balances: [String: String]

    public init(
        currency: String, income: String, expenses: String, net: String, categories: [String: String],
        balances: [String: String]
    ) {
        self.currency = currency
        self.income = income
        self.expenses = expenses
        self.net = net
        self.categories = categories
        self.balances = balances
    }
}

/// One input file and its SHA-256 in hex.
public struct InputFile: Codable, Sendable, Equatable {
    public var path: String
    public var sha256: String

    public init(path: String, sha256: String) {
        self.path = path
        self.sha256 = sha256
    }
}

/// One transaction of a closed month, as much as a restatement needs to say what changed.
public struct ClosedTransaction: Codable, Sendable, Equatable {
    public var id: String
    public var account: String
    /// Decimal text in the transaction's own currency, `-12.50`.
    public var amount: String
    public var currency: String
    /// The category, `Uncategorized` when none, `(transfer)` or `(ignored)` when it does not count.
    public var category: String
    public var date: String
    public var payee: String
    /// Where it came from, `inbox/late.csv:2`: set on transactions a restatement names as added.
    public var source: String?

    public init(
        id: String, account: String, amount: String, currency: String, category: String, date: String, payee: String,
        source: String? = nil
    ) {
        self.source = source
        self.id = id
        self.account = account
        self.amount = amount
        self.currency = currency
        self.category = category
        self.date = date
        self.payee = payee
    }
}
