import Ledger

/// What rules decided for one transaction, before overrides.
struct RuleDecision {
    var category: CategoryPath?
    var source: CategorySource = .none
    var rename: String?
    var tags: [String] = []
    var transfer = false
    var ignore = false
    var note: String?
    var split: SplitPlan?
    var splitRule: Int?
    var matched: [Int] = []
}
