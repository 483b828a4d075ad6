/// The contents of a journal file: the accounts it covers and their transactions.
///
/// `build/journal.jsonl` (import's output) and `build/ledger.jsonl` (categorisation's output) share
/// this shape. Line 1 is a header object with `schemaVersion` and the accounts; every further line
/// is one transaction. Transactions are kept in a canonical order (date, account, id) so files are
/// reproducible byte for byte.
public struct Journal: Sendable, Equatable {
    public static let schemaVersion = 1

    /// Which stage wrote the file: `journal` (imported) or `ledger` (categorised).
    public var stage: String
    public var baseCurrency: Currency
    public var accounts: [Account]
    public var transactions: [Transaction]

    public init(stage: String, baseCurrency: Currency, accounts: [Account], transactions: [Transaction]) {
        self.stage = stage
        self.baseCurrency = baseCurrency
        self.accounts = accounts
        self.transactions = transactions
    }

    /// Sorts transactions into the canonical order: date, then account, then id.
    public mutating func sortCanonically() {
        transactions.sortCanonically()
    }

    public func account(_ id: AccountID) -> Account? { accounts.first { $0.id == id } }
}

/// The first line of a journal file.
struct JournalHeader: Codable {
    var format: String
    var schemaVersion: Int
    var stage: String
    var baseCurrency: String
    var accounts: [Account]
}
