import Ledger

/// What `DistinctTexts` holds for a row's texts, and what rules make of them.
///
/// Numbers only (32 bytes): there is one per distinct combination of texts, about one per row on
/// real bank text, and the few whose rules still read each row's amount, date or account keep
/// their plan apart (`PendingTexts`) rather than a plan and a list of rules in every one.
struct RowTexts {
    var key: RowTextsKey
    var payee: Int32
    var memo: Int32
    /// Index into the decisions when the texts settle every rule, else -1.
    var decision: Int32
    /// When they do not: index into the run's `PendingTexts`, else -1.
    var pending: Int32 = -1
}
