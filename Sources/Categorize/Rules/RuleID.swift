import Ledger

/// Where a rule is written: its file (as shown to the user) and the line of its `if`.
///
/// Reports, the ledger's `categorySource` and `--explain` all name rules this way, so a user can
/// jump from any figure to the rule behind it.
public struct RuleID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { (lhs.file, lhs.line) < (rhs.file, rhs.line) }
}

/// Whether a rule comes from the workspace's `rules/`, a bank profile's defaults or the starter pack.
public enum RuleOrigin: Hashable, Sendable {
    /// A user rule: beats every profile rule.
    case user
    /// A default rule shipped with a bank profile (`--profile-rules`): applied after user rules.
    case profile
    /// A rule of the starter pack shipped with the product (`--starter-rules`): applied after user
    /// and profile rules, so it only fills in what they left uncategorised.
    case starter
}

/// One rule: when `condition` holds for a transaction, `actions` apply to it.
public struct Rule: Hashable, Sendable {
    public var id: RuleID
    public var condition: Condition
    public var actions: [RuleAction]
    public var origin: RuleOrigin

    public init(id: RuleID, condition: Condition, actions: [RuleAction], origin: RuleOrigin = .user) {
        self.id = id
        self.condition = condition
        self.actions = actions
        self.origin = origin
    }

    /// True when the rule has a `continue` action: later rules still apply to what it left unset.
    public var continues: Bool { actions.contains(.continue) }

    /// The category the rule sets, from `category` or else the first part of its `split`.
    public var category: CategoryPath? {
        for action in actions { if case .category(let path) = action { return path } }
        for action in actions { if case .split(let plan) = action { return plan.parts.first?.category } }
        return nil
    }

    /// How the rule is written in its file: `if CONDITION`.
    public var header: String { "if \(condition)" }
}
