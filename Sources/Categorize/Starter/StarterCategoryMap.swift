import Ledger

/// Puts the starter pack's categories into the workspace's own category tree.
///
/// The starter pack writes one documented tree (`Food:Groceries`, `Bills:Utilities`, `Cash`...), but
/// a user who already wrote `Eating Out:Coffee` wants the coffee the starter pack finds there, not
/// in a second `Food:Coffee` beside it. So a starter category is replaced by the user's category
/// with the same last part, compared ignoring case, spaces and punctuation (`Bills:Council Tax`
/// becomes the user's `Home:CouncilTax`). The user's categories are the ones their rules, splits,
/// `overrides.csv` and `[budgets]` name. When several of them share that last part, the one in
/// the same top-level group as the starter's wins; when none or several still qualify, the
/// starter's own path stays. Rewriting happens once, when the rules are read: the matcher never
/// sees the difference, and `--explain` shows the category the rule gives in this workspace.
public struct StarterCategoryMap: Sendable {
    /// The user's categories by the key of their last part.
    private var byLastPart: [String: [CategoryPath]] = [:]

    /// Collects the categories the user names in `rules` (user rules only), `overrides` and `budgets`.
    public init(rules: [Rule], overrides: OverrideTable, budgets: some Sequence<CategoryPath>) {
        var named: Set<CategoryPath> = []
        for rule in rules where rule.origin == .user {
            for action in rule.actions {
                switch action {
                case .category(let path): named.insert(path)
                case .split(let plan): named.formUnion(plan.parts.map(\.category))
                default: break
                }
            }
        }
        for override in overrides.overrides.values {
            if let path = override.category { named.insert(path) }
            named.formUnion(override.split?.parts.map(\.category) ?? [])
        }
        named.formUnion(budgets)
        for path in named.sorted() {
            byLastPart[Self.key(path.components[path.components.count - 1]), default: []].append(path)
        }
    }

    /// The category to use for the starter pack's `path` in this workspace.
    public func map(_ path: CategoryPath) -> CategoryPath {
        guard let candidates = byLastPart[Self.key(path.components[path.components.count - 1])] else { return path }
        if candidates.contains(path) { return path }
        let sameGroup = candidates.filter { Self.key($0.top) == Self.key(path.top) }
        if sameGroup.count == 1 { return sameGroup[0] }
        if sameGroup.isEmpty, candidates.count == 1 { return candidates[0] }
        return path
    }

    /// `rules` with every starter rule's categories mapped; other rules unchanged.
    public func apply(to rules: [Rule]) -> [Rule] {
        guard !byLastPart.isEmpty else { return rules }
        return rules.map { rule in
            guard rule.origin == .starter else { return rule }
            var mapped = rule
            mapped.actions = rule.actions.map { action in
                guard case .category(let path) = action else { return action }
                return .category(map(path))
            }
            return mapped
        }
    }

    /// A category part compared as people write it: letters and digits only, lower-cased.
    static func key(_ part: String) -> String {
        String(part.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
