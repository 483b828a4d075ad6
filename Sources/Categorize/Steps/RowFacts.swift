import Ledger

/// What the phases of a run keep per row, by row index.
struct RowFacts {
    /// Index into `DistinctTexts.payees` of the payee as exported.
    var payee: [Int32]
    /// Index into `DistinctTexts.memos`.
    var memo: [Int32]
    var ruleMarked: [Bool]
    /// The rule that marked the row `transfer`, if one did.
    var transferRule: [Int32]

    init(count: Int) {
        payee = [Int32](repeating: 0, count: count)
        memo = [Int32](repeating: 0, count: count)
        ruleMarked = [Bool](repeating: false, count: count)
        transferRule = [Int32](repeating: -1, count: count)
    }
}
