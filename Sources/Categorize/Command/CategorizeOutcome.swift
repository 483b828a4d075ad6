import Ledger

/// Everything one run produces.
public struct CategorizeOutcome {
    public var ledger: Journal
    public var uncategorized: [UncategorizedEntry]
    public var report: CategorizeReport
    /// Problems that stop the ledger from being written.
    public var errors: [CategorizeError]
}
