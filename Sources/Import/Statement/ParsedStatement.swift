import Ledger

/// What one reader found in one file: one or more statements, plus records it had to skip.
///
/// Readers only parse; they do not assign accounts, ids or de-duplicate. The import driver maps
/// each statement to an account, derives ids, de-duplicates and reconciles balances.
public struct ParsedFile: Sendable {
    public var format: FileFormat
    /// The CSV profile used, if any (`Importers/NAME.toml`).
    public var profile: String?
    public var statements: [ParsedStatement]
    /// Records the reader saw but could not turn into transactions (counted in `records`).
    public var skipped: [SkippedRecord]
    /// Problems that do not stop the import (an encoding guess, a declared charset that was wrong).
    public var warnings: [ImportDiagnostic]
    /// For a CSV file no profile matched: the profile inferred from it, as TOML to save under
    /// `importers/`.
    public var inferredProfile: String?

    public init(
        format: FileFormat, profile: String? = nil, statements: [ParsedStatement], skipped: [SkippedRecord] = [],
        warnings: [ImportDiagnostic] = []
    ) {
        self.format = format
        self.profile = profile
        self.statements = statements
        self.skipped = skipped
        self.warnings = warnings
    }

    /// Every record the reader saw: parsed (posted and pending) plus skipped.
    public var recordCount: Int { statements.reduce(0) { $0 + $1.records.count } + skipped.count }
}

/// The formats Closebook reads, detected by content.
public enum FileFormat: String, Sendable, Codable {
    case csv
    case ofx1 = "ofx-1"
    case ofx2 = "ofx-2"
    case qif
}

/// One account's part of a file: what the file says about the account, and its records.
public struct ParsedStatement: Sendable {
    /// What the file says about the account, used to map it to a configured account or derive one.
    public var accountHint: AccountHint
    /// The statement's currency if the file says (OFX `CURDEF`, a profile's currency).
    public var currency: Currency?
    public var records: RecordTable
    /// Balances the file states (OFX `LEDGERBAL`, a CSV balance column), for reconciliation.
    public var statedBalances: [StatedBalance]
    /// The days the statement covers (OFX `DTSTART`...`DTEND`), nil when the file does not say.
    public var coverage: ClosedRange<CivilDate>?
    /// Market value of investment positions (OFX `INVPOSLIST`), for net worth.
    public var positionsValue: Money?
    /// The day that value is as of (the statement's `DTASOF`).
    public var positionsDate: CivilDate?

    public init(
        accountHint: AccountHint, currency: Currency? = nil, records: RecordTable = RecordTable(),
        statedBalances: [StatedBalance] = [], coverage: ClosedRange<CivilDate>? = nil, positionsValue: Money? = nil
    ) {
        self.accountHint = accountHint
        self.currency = currency
        self.records = records
        self.statedBalances = statedBalances
        self.coverage = coverage
        self.positionsValue = positionsValue
    }

    public init(
        accountHint: AccountHint, currency: Currency? = nil, records: [ParsedRecord],
        statedBalances: [StatedBalance] = [], coverage: ClosedRange<CivilDate>? = nil, positionsValue: Money? = nil
    ) {
        self.init(
            accountHint: accountHint, currency: currency, records: RecordTable(records),
            statedBalances: statedBalances, coverage: coverage, positionsValue: positionsValue)
    }
}

/// What a file says about the account its records belong to.
public struct AccountHint: Sendable, Hashable {
    /// OFX `ORG`/`FID`, a profile's bank name.
    public var institution: String?
    /// OFX `ACCTID`, a QIF `!Account` name, an IBAN in a CSV preamble.
    public var accountNumber: String?
    /// A human name (QIF `!Account` `N` line).
    public var name: String?
    public var kind: AccountKind?
    /// OFX `BANKID` (the bank's routing or sort code): with the number and type, it tells apart
    /// two banks' accounts that share a number.
    public var bankID: String?
    /// OFX `ACCTTYPE`, upper case (`CHECKING`, `SAVINGS`), or `CREDITCARD` for a card statement.
    public var accountType: String?

    public init(
        institution: String? = nil, accountNumber: String? = nil, name: String? = nil, kind: AccountKind? = nil,
        bankID: String? = nil, accountType: String? = nil
    ) {
        self.institution = institution
        self.accountNumber = accountNumber
        self.name = name
        self.kind = kind
        self.bankID = bankID
        self.accountType = accountType
    }
}

/// One transaction as a reader parsed it, before it has an account or an id.
public struct ParsedRecord: Sendable, Hashable {
    // `line` comes first so that the memberwise initializer (`line:` first) differs from the
    // public one, which calls it: written out as `self.date = date ...`, the initializer built the
    // record and then copied it whole (every string retained and released again), and readers
    // make a million records.
    /// The line of the record's first byte in its file (1-based).
    public var line: Int
    public var date: CivilDate
    /// Signed from the account holder's point of view (money out is negative).
    public var amount: Money
    public var payee: String
    public var memo: String
    public var status: TransactionStatus
    /// OFX `FITID` (nil or empty for CSV and QIF).
    public var fitID: String?
    public var checkNumber: String?
    public var bankType: String?
    public var bankCategory: String?
    /// QIF splits, nil when there are none (see `splits`).
    private var splitList: [ParsedSplit]?
    /// The running balance after this record, where the export has a balance column.
    public var balanceAfter: Money?
}

extension ParsedRecord {
    /// QIF splits or a category the export carries (`L` field), kept as the bank's category.
    ///
    /// Stored as nil when empty: an empty array is one shared object whose retains and releases
    /// take the runtime's slow path, and a million records without splits were a million of each.
    public var splits: [ParsedSplit] {
        get { splitList ?? [] }
        set { splitList = newValue.isEmpty ? nil : newValue }
    }

    /// True when the record has splits (without making an empty array when it has none).
    public var hasSplits: Bool { splitList != nil }

    public init(
        date: CivilDate, amount: Money, payee: String, memo: String = "", status: TransactionStatus = .posted,
        fitID: String? = nil, checkNumber: String? = nil, bankType: String? = nil, bankCategory: String? = nil,
        splits: [ParsedSplit]? = nil, balanceAfter: Money? = nil, line: Int
    ) {
        self.init(
            line: line, date: date, amount: amount, payee: payee, memo: memo, status: status, fitID: fitID,
            checkNumber: checkNumber, bankType: bankType, bankCategory: bankCategory,
            splitList: splits?.isEmpty == false ? splits : nil, balanceAfter: balanceAfter)
    }
}

/// One split line of a QIF transaction (`S`/`E`/`$`).
public struct ParsedSplit: Sendable, Hashable {
    public var category: String
    public var memo: String
    public var amount: Money

    public init(category: String, memo: String, amount: Money) {
        self.category = category
        self.memo = memo
        self.amount = amount
    }
}

/// A balance a statement states: the balance at the end of `date`.
public struct StatedBalance: Sendable, Hashable {
    public enum Kind: String, Sendable, Codable {
        /// OFX `LEDGERBAL`, a CSV balance column: checked against the computed balance.
        case ledger
        /// OFX `AVAILBAL`: reported, not checked (it includes credit limits and holds).
        case available
    }

    public var kind: Kind
    public var date: CivilDate
    public var amount: Money
    public var line: Int

    public init(kind: Kind, date: CivilDate, amount: Money, line: Int) {
        self.kind = kind
        self.date = date
        self.amount = amount
        self.line = line
    }
}

/// A record a reader saw and could not use, with why.
public struct SkippedRecord: Sendable, Hashable {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }
}

/// A compiler-style message about an input file: `path:line:col: error: message`.
public struct ImportDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable {
        case error
        case warning
    }

    public var severity: Severity
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(severity: Severity = .error, path: String, line: Int, column: Int = 1, message: String) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// The file's name is written on one line whatever it holds (`TerminalText`), so a name with
    /// a new line cannot forge a message. (A message may hold lines of its own: a suggested entry.)
    public var description: String {
        "\(TerminalText.oneLine(path)):\(line):\(column): \(severity.rawValue): \(message)"
    }
}

/// Reads one file format. Adding a format is one new type conforming to this protocol.
public protocol StatementReader: Sendable {
    /// The format this reader parses.
    static var format: FileFormat { get }

    /// True when `bytes` look like this format (checked on content, never on the file extension).
    static func recognizes(_ bytes: [UInt8]) -> Bool

    /// Parses a whole file. Throws an `ImportDiagnostic` with line and column when the file cannot
    /// be read at all; records it can skip go into `ParsedFile.skipped` instead.
    func read(_ bytes: [UInt8], path: String, context: ReadContext) throws(ImportDiagnostic) -> ParsedFile
}

/// What a reader may need to know beyond the bytes: settings from `closebook.toml` and the profiles.
public struct ReadContext: Sendable {
    /// The currency to assume when the file does not say.
    public var defaultCurrency: Currency
    /// The account configured for this file by an inbox glob, if any.
    public var account: AccountConfig?
    /// The workspace's `base_currency`, when `closebook.toml` sets one: where `defaultCurrency`
    /// comes from when the account names none, for the warning that says a currency was assumed.
    public var baseCurrency: Currency?
    /// Every currency the workspace names (its base currency and its accounts'), so that a symbol
    /// several currencies share (`$`, `kr`, `¥`) is read as the one the workspace uses.
    public var workspaceCurrencies: [Currency]

    public init(
        defaultCurrency: Currency, account: AccountConfig? = nil, baseCurrency: Currency? = nil,
        workspaceCurrencies: [Currency] = []
    ) {
        self.defaultCurrency = defaultCurrency
        self.account = account
        self.baseCurrency = baseCurrency
        self.workspaceCurrencies = workspaceCurrencies
    }
}
