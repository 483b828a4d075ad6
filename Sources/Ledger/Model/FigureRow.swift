/// A transaction as the figures see it: what counts and sums need, without the texts that only
/// describe it (memo, note, tags, check number, the bank's type and category, the file and line of
/// the rule that categorised it, a transfer's peer, the file and line it came from). Of the
/// category's source it keeps the kind, for the month's share of spending by source.
///
/// Why it exists: the analysis holds every transaction of the ledger for the whole run. As
/// `Transaction` values a million rows took 300 MB, a third of them texts the analysis never
/// reads; as figure rows they take less than half of that, and every walk over them touches
/// fewer cache lines. The names are `Transaction`'s, so code reads either alike.
public struct FigureRow: Hashable, Sendable {
    public var id: TransactionID
    public var account: AccountID
    public var date: CivilDate
    /// Signed from the account holder's point of view: money out is negative.
    public var amount: Money
    public var payee: String
    public var status: TransactionStatus
    public var category: CategoryPath?
    /// Non-empty when the amount is divided across categories; the parts add up to `amount`.
    public var splits: [Split]
    public var isTransfer: Bool
    public var isIgnored: Bool
    /// What kind of source gave the category (`CategorySource.kind`).
    public var categorySourceKind: CategorySource.Kind

    public init(
        id: TransactionID, account: AccountID, date: CivilDate, amount: Money, payee: String,
        status: TransactionStatus = .posted, category: CategoryPath? = nil, splits: [Split] = [],
        isTransfer: Bool = false, isIgnored: Bool = false, categorySourceKind: CategorySource.Kind = .none
    ) {
        self.id = id
        self.account = account
        self.date = date
        self.amount = amount
        self.payee = payee
        self.status = status
        self.category = category
        self.splits = splits
        self.isTransfer = isTransfer
        self.isIgnored = isIgnored
        self.categorySourceKind = categorySourceKind
    }

    /// The figures of `transaction`.
    public init(_ transaction: Transaction) {
        self.init(
            id: transaction.id, account: transaction.account, date: transaction.date, amount: transaction.amount,
            payee: transaction.payee, status: transaction.status, category: transaction.category,
            splits: transaction.splits, isTransfer: transaction.isTransfer, isIgnored: transaction.isIgnored,
            categorySourceKind: transaction.categorySource.kind)
    }

    /// True when the transaction counts in income and expense figures.
    public var countsInFigures: Bool { !isTransfer && !isIgnored && status == .posted }
}
