import Ledger

/// The distinct decisions of a run, numbered, with what each sets worked out once.
struct Decisions {
    var all: [RuleDecision] = []
    /// Index into `LedgerRows.categories`, or -1: the category the decision sets.
    var category: [Int32] = []
    /// Index into `LedgerRows.sources`.
    var source: [Int32] = []
    /// The first matched rule that marks `transfer`, or -1.
    var transferRule: [Int32] = []
    /// Whether the decision marks `transfer` (read per row: a flag, not the whole decision).
    var isTransfer: [Bool] = []
    var isIgnored: [Bool] = []
    var hasSplit: [Bool] = []
    /// Rows decided, for the rules' match counts.
    var rowCount: [Int] = []
    var byMatched: [[Int]: Int32] = [:]

    mutating func add(_ decision: RuleDecision, rows: inout LedgerRows, rules: [Rule]) -> Int32 {
        all.append(decision)
        category.append(decision.category.map { rows.categoryNumber($0) } ?? -1)
        source.append(rows.sourceNumber(decision.source))
        let rule =
            decision.transfer
            ? decision.matched.first(where: { rules[$0].actions.contains(where: \.marksTransfer) }) : nil
        transferRule.append(rule.map(Int32.init) ?? -1)
        isTransfer.append(decision.transfer)
        isIgnored.append(decision.ignore)
        hasSplit.append(decision.split != nil)
        rowCount.append(0)
        return Int32(all.count - 1)
    }
}
