import Ledger

/// A combination of texts (`RowTexts`) whose rules are not settled by the texts alone: the rules
/// left to evaluate per row, and what the last such row made of them.
struct PendingTexts {
    /// The rules left to evaluate per row.
    var plan: MatchPlan
    /// The rules the last row with these texts matched, and their decision.
    var lastMatched: [Int] = []
    var lastDecision: Int32 = -1
}
