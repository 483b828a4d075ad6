import Ledger

/// What `DistinctTexts` holds for a row's texts, and what rules make of them.
struct RowTexts {
    var key: RowTextsKey
    var payee: Int32
    var memo: Int32
    /// The rules left to evaluate per row.
    var plan: MatchPlan
    /// Index into the decisions when the texts settle every rule, else -1.
    var decision: Int32
    /// When they do not: the rules the last row with these texts matched, and their decision.
    var lastMatched: [Int] = []
    var lastDecision: Int32 = -1
}
