import Ledger

/// How to read one bank's CSV layout: which columns hold what, how dates and amounts are written,
/// which rows are not transactions. Loaded from `Importers/NAME.toml` (see `Importers/README.md`).
///
/// Profiles are data, not code: adding a bank is adding a TOML file.
public struct CSVProfile: Sendable, Equatable {
    /// The file's stem (`northwind-bank` for `Importers/northwind-bank.toml`): what
    /// `profile = "..."` in `closebook.toml` names.
    public var id: String
    /// Where the profile was loaded from, for messages.
    public var path: String
    /// A human name for the layout (`Chase checking account activity`).
    public var name: String
    /// The bank, reported as the statement's institution.
    public var bank: String
    public var accountKind: AccountKind?

    // MARK: File

    /// nil: detect (byte-order mark, valid UTF-8, else Windows-1252).
    public var encoding: TextEncoding?
    /// nil: sniff among `,` `;` tab `|`.
    public var delimiter: UInt8?
    /// False for headerless exports; columns are then numbers.
    public var hasHeader: Bool
    /// Physical lines before the header (or the first data row), when the header cannot be found
    /// by its signature.
    public var skipLines: Int
    /// Header cells that identify this layout (compared trimmed and case-insensitively).
    public var signature: [String]
    /// File-name globs (`*easybank*.csv`) that identify a headerless layout.
    public var fileNames: [String]
    /// The order of rows, when the dates alone cannot tell it.
    public var order: RowOrder?

    // MARK: Columns

    public var date: ColumnRef
    /// Read when the date cell is empty (VTB leaves the processing date of recent rows empty).
    public var dateFallback: ColumnRef?
    /// `DateFormat.auto` when the profile says `date_format = "auto"`: the reader then decides the
    /// format for each file from its dates, before reading its rows.
    public var dateFormat: DateFormat
    public var amount: AmountLayout
    public var decimalStyle: DecimalStyle
    /// `12.50-` means -12.50.
    public var trailingMinus: Bool
    /// Card exports that show charges as positive numbers.
    public var invertSign: Bool
    /// `sign = "plus-is-money-in"`: a signed column whose `+` marks money in, and whose amounts
    /// without a sign went out.
    public var plusIsMoneyIn: Bool
    /// Zero-amount rows are skipped as notices unless this is set.
    public var keepZeroAmounts: Bool
    /// A fee the bank takes on top of the row's amount, as a positive number (Revolut's `Fee`):
    /// the account moves by amount - fee, so that is the transaction's amount, and the memo says so.
    public var fee: ColumnRef?
    public var currency: CurrencySource
    public var payee: TextSource?
    /// Tried in order when `payee` comes out empty; the first non-empty one is the payee.
    public var payeeFallback: [TextSource]
    public var memo: TextSource?
    public var type: TextSource?
    public var category: TextSource?
    public var checkNumber: TextSource?
    /// An account number or IBAN column: rows are grouped into one statement per value.
    public var account: TextSource?
    /// An account name column (`Cash`, `Payment card`): also groups rows.
    public var accountName: TextSource?
    public var status: ColumnRef?
    /// Status values meaning pending (compared case-insensitively); other values are posted.
    public var pendingValues: [String]
    /// The running balance after the row.
    public var balance: ColumnRef?
    /// The balance before the row (ASN Bank).
    public var balanceBefore: ColumnRef?

    // MARK: Statement

    /// The statement's opening balance, repeated on every row (CSB43 `initial_balance`): stated
    /// as the balance at the end of the day before the statement's first day.
    public var statementOpeningBalance: ColumnRef?
    /// The statement's closing balance, repeated on every row (CSB43 `final_balance`): stated as
    /// the balance at the end of the statement's last day.
    public var statementClosingBalance: ColumnRef?

    // MARK: Text

    /// Separator for text sources that list several columns.
    public var join: String
    /// Runs of spaces become one space (banks that pad fixed-width text into a CSV cell).
    public var collapseSpaces: Bool
    /// Characters stripped from both ends of text cells (ASN wraps descriptions in `'...'`).
    public var trimCharacters: String
    /// A row with no date and no amount that holds only text continues the row above it (banks
    /// that write one transaction over two lines): its cells are joined to that row's cells.
    public var joinContinuationRows: Bool

    // MARK: Rows

    public var skipRules: [RowRule]
    public var balanceRows: [BalanceRowRule]
    public var preamble: [PreambleField]

    public init(
        id: String, path: String, name: String, bank: String, date: ColumnRef, dateFormat: DateFormat,
        amount: AmountLayout
    ) {
        self.id = id
        self.path = path
        self.name = name
        self.bank = bank
        self.accountKind = nil
        self.encoding = nil
        self.delimiter = nil
        self.hasHeader = true
        self.skipLines = 0
        self.signature = []
        self.fileNames = []
        self.order = nil
        self.date = date
        self.dateFallback = nil
        self.dateFormat = dateFormat
        self.amount = amount
        self.decimalStyle = .point
        self.trailingMinus = false
        self.invertSign = false
        self.plusIsMoneyIn = false
        self.keepZeroAmounts = false
        self.fee = nil
        self.currency = .context
        self.payee = nil
        self.payeeFallback = []
        self.memo = nil
        self.type = nil
        self.category = nil
        self.checkNumber = nil
        self.account = nil
        self.accountName = nil
        self.status = nil
        self.pendingValues = []
        self.balance = nil
        self.balanceBefore = nil
        self.statementOpeningBalance = nil
        self.statementClosingBalance = nil
        self.join = " "
        self.collapseSpaces = false
        self.trimCharacters = ""
        self.joinContinuationRows = false
        self.skipRules = []
        self.balanceRows = []
        self.preamble = []
    }
}

extension CSVProfile {
    /// A column, by its header name or by its 1-based number.
    public enum ColumnRef: Sendable, Hashable, CustomStringConvertible {
        case name(String)
        case number(Int)

        public var description: String {
            switch self {
            case .name(let name): "'\(name)'"
            case .number(let number): "column \(number)"
            }
        }
    }

    public enum RowOrder: String, Sendable, Equatable {
        case newestFirst = "newest-first"
        case oldestFirst = "oldest-first"
    }

    /// Where a row's signed amount comes from.
    public enum AmountLayout: Sendable, Equatable {
        /// One signed column.
        case signed(ColumnRef)
        /// Money out and money in, each as a positive number (`Paid Out`/`Paid In`, `Soll`/`Haben`).
        case debitCredit(debit: ColumnRef, credit: ColumnRef)
        /// An unsigned amount and a column saying which way it went (`D`/`C`, `Af`/`Bij`).
        case indicator(amount: ColumnRef, indicator: ColumnRef, debitValues: [String], creditValues: [String])
    }

    /// Where the currency comes from.
    public enum CurrencySource: Sendable, Equatable {
        /// The account's currency from `closebook.toml`, else the workspace default.
        case context
        case fixed(Currency)
        /// A column holding an ISO code; empty cells fall back to the context.
        case column(ColumnRef)
    }

    /// Text assembled from cells: one column, several joined, or a template.
    public enum TextSource: Sendable, Equatable {
        case column(ColumnRef)
        /// Non-empty cells joined by the profile's `join`.
        case joined([ColumnRef])
        case template(TextTemplate)
    }

    /// A test on one cell of a row.
    public struct CellTest: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable {
            case equals
            case startsWith = "starts_with"
            case contains
            case empty
        }

        public var column: ColumnRef
        public var kind: Kind
        /// Compared trimmed and case-insensitively.
        public var values: [String]

        public init(column: ColumnRef, kind: Kind, values: [String]) {
            self.column = column
            self.kind = kind
            self.values = values
        }
    }

    /// Rows that are not transactions (summaries, notices), skipped with a reason.
    public struct RowRule: Sendable, Equatable {
        public var test: CellTest
        public var reason: String

        public init(test: CellTest, reason: String) {
            self.test = test
            self.reason = reason
        }
    }

    /// Rows that state a balance (Swedbank's code 10/86 rows, Bank of America's first row).
    public struct BalanceRowRule: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable {
            /// The balance at the start of the row's date (the end of the day before).
            case opening
            /// The balance at the end of the row's date.
            case closing
        }

        public var test: CellTest
        public var kind: Kind
        /// Where the balance is, when not in the amount column(s).
        public var amountColumn: ColumnRef?

        public init(test: CellTest, kind: Kind, amountColumn: ColumnRef?) {
            self.test = test
            self.kind = kind
            self.amountColumn = amountColumn
        }
    }

    /// A fact in the lines before the header: `IBAN;DE12 ...`, `Saldo;150,00;EUR`.
    public struct PreambleField: Sendable, Equatable {
        public enum Value: String, Sendable, Equatable, CaseIterable {
            case account
            case currency
            case openingBalance = "opening_balance"
            case closingBalance = "closing_balance"
            case startDate = "start_date"
            case endDate = "end_date"
            /// `28.12.2017 - 28.12.2018`
            case period
        }

        /// The first cell of the line (compared trimmed, case-insensitively, ignoring a final `:`).
        public var label: String
        public var value: Value
        /// The 1-based cell holding the value.
        public var cell: Int
        /// For dates, when they are not written like the rows' dates.
        public var dateFormat: DateFormat?

        public init(label: String, value: Value, cell: Int, dateFormat: DateFormat?) {
            self.label = label
            self.value = value
            self.cell = cell
            self.dateFormat = dateFormat
        }
    }
}
