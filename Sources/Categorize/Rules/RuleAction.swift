import Ledger

/// What a rule does to a transaction it matches.
public enum RuleAction: Hashable, Sendable, CustomStringConvertible {
    /// `category Food:Groceries`
    case category(CategoryPath)
    /// `rename Tesco`: the payee shown from now on.
    case rename(String)
    /// `tag review holiday`
    case tag([String])
    /// `transfer`: a movement between the user's own accounts, neither income nor expense.
    case transfer
    /// `transfer pension`: a movement to or from the named account. For an account with no
    /// statements of its own, valued in `valuations.csv` (a pension fed from the current account),
    /// this leg is the whole transfer: there is no other leg to find, and none is missed.
    case transferWith(AccountID)
    /// `ignore`: kept and counted, left out of the figures.
    case ignore
    /// `note text`
    case note(String)
    /// `split Food:Groceries 60%, Home 40%`
    case split(SplitPlan)
    /// `continue`: later rules still apply to what this rule left unset.
    case `continue`

    /// The action's keyword, as written in rule files.
    public var keyword: String {
        switch self {
        case .category: "category"
        case .rename: "rename"
        case .tag: "tag"
        case .transfer, .transferWith: "transfer"
        case .ignore: "ignore"
        case .note: "note"
        case .split: "split"
        case .continue: "continue"
        }
    }

    public static let keywords = ["category", "rename", "tag", "transfer", "ignore", "note", "split", "continue"]

    /// True for `transfer`, with or without an account.
    public var marksTransfer: Bool {
        switch self {
        case .transfer, .transferWith: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .category(let path): "category \(path)"
        case .rename(let name): "rename \(name)"
        case .tag(let tags): "tag " + tags.joined(separator: " ")
        case .transfer: "transfer"
        case .transferWith(let account): "transfer \(account.rawValue)"
        case .ignore: "ignore"
        case .note(let text): "note \(text)"
        case .split(let plan): "split \(plan)"
        case .continue: "continue"
        }
    }
}
