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
    ///
    /// A stage that reads a journal usually gets it in this order already, so one linear check
    /// comes first: sorting a million transactions (moving 300-byte values, comparing ids) is not free.
    public mutating func sortCanonically() {
        let inOrder = transactions.withUnsafeBufferPointer { rows in
            // Fields are compared in place: copying a transaction for each comparison would retain all its strings.
            rows.indices.dropFirst().allSatisfy { index in
                if rows[index - 1].date != rows[index].date { return rows[index - 1].date < rows[index].date }
                if rows[index - 1].account != rows[index].account {
                    return rows[index - 1].account < rows[index].account
                }
                return !(rows[index].id < rows[index - 1].id)
            }
        }
        if !inOrder { transactions.sort(by: Journal.precedes) }
    }

    static func precedes(_ lhs: Transaction, _ rhs: Transaction) -> Bool {
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        if lhs.account != rhs.account { return lhs.account < rhs.account }
        return lhs.id < rhs.id
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
