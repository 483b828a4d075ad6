import Ledger

/// The decision one set of matched rules makes: what each field is set to, and by which rule.
///
/// Run once per distinct set of matched rules (`Decisions.byMatched`), not per row.
struct RuleDecider {
    /// The matcher's rules, in precedence order: `matched` holds indices into them.
    var rules: [Rule]

    /// Applies the actions of the matched rules, in order: the first rule to set a field wins it,
    /// tags accumulate.
    func decide(matched: [Int]) -> RuleDecision {
        var decision = RuleDecision()
        decision.matched = matched
        for index in matched {
            let rule = rules[index]
            let source: CategorySource =
                switch rule.origin {
                case .user: .rule(file: rule.id.file, line: rule.id.line)
                case .profile: .profileRule(file: rule.id.file, line: rule.id.line)
                case .starter:
                    rule.mapsExportCategory
                        ? .exportCategory(file: rule.id.file, line: rule.id.line)
                        : .starterRule(file: rule.id.file, line: rule.id.line)
                }
            for action in rule.actions {
                switch action {
                case .category(let path):
                    if decision.category == nil {
                        decision.category = path
                        decision.source = source
                    }
                case .rename(let name): if decision.rename == nil { decision.rename = name }
                case .tag(let tags): for tag in tags where !decision.tags.contains(tag) { decision.tags.append(tag) }
                case .transfer, .transferWith: decision.transfer = true
                case .ignore: decision.ignore = true
                case .note(let text): if decision.note == nil { decision.note = text }
                case .split(let plan):
                    if decision.split == nil {
                        decision.split = plan
                        decision.splitRule = index
                    }
                case .continue: break
                }
            }
            if decision.category == nil, let plan = decision.split, decision.splitRule == index,
                let first = plan.parts.first
            {
                decision.category = first.category
                decision.source = source
            }
        }
        return decision
    }
}
