import Ledger

/// A row left without a category, with the classifier's guess and, gathered in row order, what
/// `uncategorized.csv` shows of it: the file lists rows by amount, and reaching into a dozen
/// columns in that order would miss the cache at every one.
struct UncategorizedRow {
    var index: Int
    /// Index into `Categorization.guesses`.
    var guess: Int32
    var minorUnits: Int64
    var currency: Int16
    var date: CivilDate
    var account: Int32
    /// Indices into `LedgerRows.texts`.
    var payee: Int32
    var memo: Int32
}
