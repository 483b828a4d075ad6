import Ledger

/// One line of `overrides.csv`: a correction for one transaction that beats every rule.
///
/// Every non-empty field replaces what rules decided; empty fields leave it alone.
public struct Override: Hashable, Sendable {
    public var id: TransactionID
    public var category: CategoryPath?
    public var payee: String?
    public var note: String?
    public var split: SplitPlan?
    /// Where the line is, for messages and `--explain`.
    public var line: Int
    /// The column of the `split` field, for messages about a split that does not fit the amount.
    public var splitColumn: Int
    /// The line as written.
    public var sourceLine: String

    public init(
        id: TransactionID, category: CategoryPath? = nil, payee: String? = nil, note: String? = nil,
        split: SplitPlan? = nil, line: Int = 0, splitColumn: Int = 0, sourceLine: String = ""
    ) {
        self.id = id
        self.category = category
        self.payee = payee
        self.note = note
        self.split = split
        self.line = line
        self.splitColumn = splitColumn
        self.sourceLine = sourceLine
    }
}
