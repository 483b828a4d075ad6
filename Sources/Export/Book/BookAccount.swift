import Ledger

/// An account of the double-entry books the export writes, before a format spells its name.
///
/// Closebook's ledger is single-entry: each row is one of the user's accounts and a category.
/// The books give every row a second side. The user's accounts are assets or liabilities, named
/// after their id (`current` -> `Assets:Current`, `card` -> `Liabilities:Card`); a category under
/// `Income` stays there (`Income:Salary`), every other category is an expense
/// (`Food:Groceries` -> `Expenses:Food:Groceries`), exactly as the analysis counts them. Rows the
/// figures leave out get an equity account, so no category total changes: unpaired transfers,
/// ignored rows, and opening balances.
public struct BookAccount: Hashable, Sendable, Comparable {
    /// The five account types every plain-text accounting tool knows.
    public enum Kind: Int, Sendable, Comparable {
        case asset, liability, equity, income, expense

        /// The root account, `Assets` ... `Expenses`.
        public var root: String {
            switch self {
            case .asset: "Assets"
            case .liability: "Liabilities"
            case .equity: "Equity"
            case .income: "Income"
            case .expense: "Expenses"
            }
        }

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var kind: Kind
    /// The components below the root, as written by the user (a format's name mapping cleans them).
    public var components: [String]
    /// True for the user's cash-like accounts (checking, savings, cash): hledger's `Cash` type.
    public var isCash: Bool

    public init(kind: Kind, components: [String], isCash: Bool = false) {
        self.kind = kind
        self.components = components
        self.isCash = isCash
    }

    /// The account of one of the user's accounts: `Assets:Current`, `Liabilities:Card`.
    public init(_ account: Account) {
        let cash: Set<AccountKind> = [.checking, .savings, .cash]
        self.init(
            kind: account.kind.isLiability ? .liability : .asset, components: [BookAccount.titled(account.id.rawValue)],
            isCash: cash.contains(account.kind))
    }

    /// The account of a category: `Income:Salary` stays, `Food:Groceries` is `Expenses:Food:Groceries`.
    public init(category: CategoryPath) {
        if category.top == BookAccount.incomeTop {
            self.init(kind: .income, components: Array(category.components.dropFirst()))
        } else {
            self.init(kind: .expense, components: category.components)
        }
    }

    /// Where a row without a category goes: money in is `Income:Uncategorized`, money out
    /// `Expenses:Uncategorized`, as the analysis splits `Uncategorized` by sign.
    public static func uncategorized(moneyIn: Bool) -> BookAccount {
        BookAccount(kind: moneyIn ? .income : .expense, components: ["Uncategorized"])
    }

    /// The other side of opening balances.
    public static let openingBalances = BookAccount(kind: .equity, components: ["Opening Balances"])
    /// The other side of a transfer whose other leg is not in the ledger (another bank's account,
    /// or a leg outside the inbox's dates): neither income nor expense.
    public static let transfers = BookAccount(kind: .equity, components: ["Transfers"])
    /// The other side of a row the user told Closebook to ignore: kept in the account's balance,
    /// left out of the categories.
    public static let ignored = BookAccount(kind: .equity, components: ["Ignored"])

    /// The other side of a valued account's revaluation (`Revaluation`): what the market did to
    /// an account that also has rows of its own (a pension's contributions).
    public static let investmentGrowth = BookAccount(kind: .income, components: ["Investment Growth"])

    /// The category top-level that makes a category income (the analysis's own rule).
    static let incomeTop = "Income"

    /// `current` -> `Current`: the first letter upper-cased, the rest kept.
    static func titled(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    public static func < (lhs: BookAccount, rhs: BookAccount) -> Bool {
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        return lhs.components.lexicographicallyPrecedes(rhs.components)
    }
}
