import Ledger

/// `[budgets]` and `[plan.buckets]` keys that name a category nothing can give a transaction.
///
/// A budget for `Food:Coffe` (a typo of `Food:Coffee`) was silently never spent, so the month page
/// showed it fully unused while the coffee went unbudgeted. The categories a transaction can get
/// are the ones the rules, their splits and `overrides.csv` assign (and every group above them:
/// a budget for `Food` covers `Food:Coffee`); a key that is none of these is a warning at its
/// line of `closebook.toml`, with the nearest known category when one is close.
///
/// `Uncategorized` and `Transfers` are always known (the engine's own names).
public enum BudgetCategoryCheck {
    public static func warnings(
        config: WorkspaceConfig, rules: [Rule], overrides: OverrideTable?, configText: String?
    ) -> [String] {
        var assigned: Set<CategoryPath> = []
        for rule in rules {
            for action in rule.actions {
                switch action {
                case .category(let path): assigned.insert(path)
                case .split(let plan): assigned.formUnion(plan.parts.map(\.category))
                default: break
                }
            }
        }
        for override in overrides?.overrides.values ?? [:].values {
            if let path = override.category { assigned.insert(path) }
            assigned.formUnion(override.split?.parts.map(\.category) ?? [])
        }
        var known: Set<String> = ["uncategorized", "transfers"]
        for path in assigned {
            for depth in 1...path.components.count {
                known.insert(path.components.prefix(depth).joined(separator: ":").lowercased())
            }
        }
        let lines = (configText ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        var warnings: [String] = []
        let keys =
            config.budgets.keys.sorted().map { ($0, "budget") }
            + config.plan.buckets.keys.sorted().map { ($0, "bucket") }
        for (path, kind) in keys {
            let text = path.description
            guard !known.contains(text.lowercased()) else { continue }
            let line = Self.line(of: text, in: lines, section: kind == "budget" ? "[budgets]" : "[plan.buckets]")
            var message =
                "closebook.toml:\(line):1: warning: the \(kind) '\(text)' names a category that no rule, split or "
                + "override assigns, so no transaction counts towards it"
            if let near = Self.nearest(text, in: assigned.map(\.description)) {
                message += " (did you mean '\(near)'?)"
            }
            warnings.append(message)
        }
        return warnings
    }

    /// The line of `key = …` in `section`; 1 when it cannot be found.
    static func line(of key: String, in lines: [Substring], section: String) -> Int {
        var inSection = false
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: [" ", "\t", "\r"])
            if line.hasPrefix("[") {
                inSection = line == section
                continue
            }
            guard inSection, let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: [" ", "\t", "\"", "'"])
            if name == key { return index + 1 }
        }
        return 1
    }

    /// The known category within two edits of `text` (letter case aside), the closest first.
    static func nearest(_ text: String, in candidates: [String]) -> String? {
        let target = Array(text.lowercased())
        var best: (distance: Int, name: String)?
        for candidate in candidates.sorted() {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= 2, distance < (best?.distance ?? .max) { best = (distance, candidate) }
        }
        return best?.name
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        String(self).trimmingCharacters(in: set)
    }
}
