import Ledger

extension Transaction {
    /// A transaction with the figures of `row`, for tests that write a history's rows back out as
    /// a ledger (the descriptive texts, which a history does not keep, are left empty).
    init(_ row: FigureRow) {
        self.init(
            id: row.id, account: row.account, date: row.date, amount: row.amount, payee: row.payee, status: row.status,
            category: row.category, splits: row.splits, isTransfer: row.isTransfer, isIgnored: row.isIgnored,
            source: SourceLocation(file: "history", line: 0))
    }
}
