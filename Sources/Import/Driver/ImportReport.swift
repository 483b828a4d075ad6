/// `build/import-report.json`: what happened to every input record, per file and per account.
///
/// For every file `records = imported + duplicates + skipped`, and the totals add up the same way,
/// so a month-end run can prove that nothing was lost. Money is written as decimal strings in the
/// account's currency (`-12.50`), dates as `YYYY-MM-DD`, paths relative to the workspace.
/// `Schemas/import-report.schema.json` describes the file for scripts that read it; change it with
/// any field here, and bump `currentSchemaVersion` when a field is removed or changes meaning.
public struct ImportReport: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var baseCurrency: String
    /// One entry per inbox file, in file-name order.
    public var files: [FileReport]
    /// One entry per account in the journal, configured ones first.
    public var accounts: [AccountReport]
    /// Records dropped because another record is the same bank line: cross-format matches and
    /// pending records superseded by their posted version. (Same-id duplicates are listed per file.)
    public var merges: [Merge]
    /// Pairs that look like the same bank line but were both kept; confirm or dismiss them.
    public var probableDuplicates: [ProbableDuplicate]
    /// Pairs of accounts whose statements agree transaction for transaction where they overlap:
    /// probably one account imported under two names, its money counted twice.
    public var duplicateAccounts: [DuplicateAccount]
    /// What `inbox/` holds that is not read: hidden files and sub-folders.
    public var ignored: [IgnoredEntry]
    public var totals: Totals

    public init(
        baseCurrency: String, files: [FileReport], accounts: [AccountReport], merges: [Merge],
        probableDuplicates: [ProbableDuplicate], duplicateAccounts: [DuplicateAccount] = [], totals: Totals
    ) {
        self.schemaVersion = ImportReport.currentSchemaVersion
        self.baseCurrency = baseCurrency
        self.files = files
        self.accounts = accounts
        self.merges = merges
        self.probableDuplicates = probableDuplicates
        self.duplicateAccounts = duplicateAccounts
        self.ignored = []
        self.totals = totals
    }

    /// What became of one inbox file.
    public struct FileReport: Codable, Sendable, Equatable {
        public var path: String
        /// `csv`, `ofx-1`, `ofx-2`, `qif`; nil when no reader recognised the file.
        public var format: String?
        public var profile: String?
        /// The accounts the file's statements were mapped to.
        public var accounts: [String]
        /// Every record the reader saw (`imported + duplicates + skipped`).
        public var records: Int
        /// Records now in the journal (pending ones included).
        public var imported: Int
        /// Of `imported`, how many are pending (in the journal, not in figures).
        public var pending: Int
        public var duplicates: Int
        public var skipped: Int
        public var skippedRecords: [SkippedLine]
        public var duplicateRecords: [DuplicateLine]
        /// Compiler-style warnings and errors about this file.
        public var warnings: [String]
        public var errors: [String]
        /// One check per account the file states balances for.
        public var balanceChecks: [BalanceCheck]
        /// For a CSV file no profile reads and no account takes: the `[[accounts]]` entry to paste
        /// into closebook.toml once a profile reads it.
        public var suggestion: String? = nil
    }

    public struct SkippedLine: Codable, Sendable, Equatable {
        public var line: Int
        public var reason: String
        /// For a summary of repeated skips (`SkippedSummary`): how many records it stands for.
        /// Left out for one record.
        public var count: Int? = nil
    }

    public struct DuplicateLine: Codable, Sendable, Equatable {
        public var line: Int
        public var id: String
        /// The kept record's id, when it differs from this one's (cross-format, pending-superseded).
        public var duplicateOf: String?
        /// Where the kept record is: `file:line`.
        public var keptAt: String
        /// `same-id`, `cross-format` or `pending-superseded`.
        public var rule: String
    }

    /// Stated balances of one file for one account, compared with the balance the journal gives.
    public struct BalanceCheck: Codable, Sendable, Equatable {
        public var account: String
        /// `ok`, `differs`, or `unchecked` (only one balance and no opening balance to compare with).
        public var status: String
        /// How many stated balances were compared, and how many matched.
        public var checked: Int
        public var matched: Int
        /// Set when this file's balance is the one the account's opening balance was derived from.
        public var anchor: BalanceValue?
        public var firstDivergence: Divergence?
        /// Every balance the file states for the account, by date, with what the check made of it.
        /// The export writes the ones that hold (`ok`, `anchor`) as balance assertions.
        public var stated: [StatedBalance]? = nil
    }

    /// One balance a file states (the balance at the end of `date`) and the check's outcome:
    /// `ok`, `differs`, `anchor` (the opening balance was derived from it) or `unchecked` (dated
    /// before the configured opening date).
    public struct StatedBalance: Codable, Sendable, Equatable {
        public var date: String
        public var amount: String
        public var line: Int
        public var status: String
    }

    public struct BalanceValue: Codable, Sendable, Equatable {
        public var date: String
        public var amount: String
        public var line: Int
    }

    /// The first day where the file's balance and the computed balance differ (both at the end of the day).
    public struct Divergence: Codable, Sendable, Equatable {
        public var date: String
        public var line: Int
        public var stated: String
        public var computed: String
    }

    public struct AccountReport: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var kind: String
        public var currency: String
        /// False for accounts derived from what the files say; see `suggestion`.
        public var configured: Bool
        public var files: [String]
        public var transactions: Int
        public var pending: Int
        /// The days the account's files cover, merged across files.
        public var coverage: DateSpan?
        /// Days between the first and last covered day that no file covers.
        public var gaps: [DateSpan]
        public var openingBalance: String?
        public var openingDate: String?
        /// `configured` (closebook.toml) or `derived` (from the earliest stated balance).
        public var openingBalanceSource: String?
        /// For a derived account: the lines to paste into closebook.toml to name it.
        public var suggestion: String?
        /// Market values of investment positions the statements state (OFX `INVPOSLIST` as of
        /// `DTASOF`), oldest first; net worth adds the latest at or before a month end to the cash.
        public var positions: [PositionsValue]?
    }

    /// The market value of an account's positions on a day.
    public struct PositionsValue: Codable, Sendable, Equatable {
        public var date: String
        public var value: String
        /// The file that states it.
        public var file: String
    }

    public struct DateSpan: Codable, Sendable, Equatable {
        public var from: String
        public var to: String
        public var days: Int
    }

    /// One record dropped in favour of another.
    public struct Merge: Codable, Sendable, Equatable {
        /// `cross-format` or `pending-superseded`.
        public var rule: String
        public var account: String
        public var kept: RecordReference
        public var dropped: RecordReference
    }

    public struct RecordReference: Codable, Sendable, Equatable {
        public var id: String
        public var at: String
        public var date: String
        public var amount: String
        public var payee: String
    }

    public struct ProbableDuplicate: Codable, Sendable, Equatable {
        public var account: String
        public var first: RecordReference
        public var second: RecordReference
        public var reason: String
    }

    public struct IgnoredEntry: Codable, Sendable, Equatable {
        /// `inbox/NAME`.
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    public struct DuplicateAccount: Codable, Sendable, Equatable {
        /// The two account ids, the one fed by the earlier file first.
        public var accounts: [String]
        /// The two files, in the same order.
        public var files: [String]
        /// The days both statements cover on which their transactions agree.
        public var from: String
        public var to: String
        public var transactions: Int
        public var reason: String
    }

    public struct Totals: Codable, Sendable, Equatable {
        public var files: Int
        public var failedFiles: Int
        public var records: Int
        public var imported: Int
        public var pending: Int
        public var duplicates: Int
        public var skipped: Int
        public var warnings: Int
        public var errors: Int
    }
}
