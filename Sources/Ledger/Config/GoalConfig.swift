/// One `[[goals]]` entry of `closebook.toml`: a savings target with a deadline, held in parts of
/// some accounts' balances.
public struct GoalConfig: Sendable, Equatable {
    /// How a goal fares when the goals budget does not cover every goal (seed 002's flex states).
    public enum Flex: String, Sendable, CaseIterable {
        /// Funded first, in deadline order.
        case protected
        /// Shares what protected goals leave, scaled by `[plan] flex`.
        case flexible
        /// Gets nothing this month.
        case skipped
    }

    /// One account and the percent of its balance held for the goal.
    public struct Holding: Sendable, Equatable {
        public var account: AccountID
        /// 1...100.
        public var percent: Int

        public init(account: AccountID, percent: Int) {
            self.account = account
            self.percent = percent
        }
    }

    public var name: String
    public var target: Money
    /// The goal's currency as written; nil means the base currency (`target` is then in it).
    public var currency: Currency?
    public var deadline: CivilDate
    public var flex: Flex
    /// In the order written.
    public var holdings: [Holding]
    /// `monthly`: a standing order of a fixed amount into the goal each month, in the goal's
    /// currency. The plan honours it before the flex split; nil when the goal has none.
    public var monthly: Money?
    /// The line of the `[[goals]]` header and of its `accounts` key, for messages.
    public var line: Int
    public var accountsLine: Int

    public init(
        name: String, target: Money, currency: Currency? = nil, deadline: CivilDate, flex: Flex = .flexible,
        holdings: [Holding] = [], monthly: Money? = nil, line: Int = 0, accountsLine: Int = 0
    ) {
        self.name = name
        self.target = target
        self.currency = currency
        self.deadline = deadline
        self.flex = flex
        self.holdings = holdings
        self.monthly = monthly
        self.line = line
        self.accountsLine = accountsLine
    }
}

extension WorkspaceConfig {
    /// A goal naming an account that neither `[[accounts]]` nor the ledger has is an error at the
    /// goal's `accounts` key. `known` is the ledger's accounts; `path` names the file.
    public func checkGoalAccounts(known: Set<AccountID>, path: String) throws(ConfigError) {
        let declared = Set(accounts.map(\.id)).union(known)
        let kinds = Dictionary(accounts.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
        for goal in goals {
            // A card's or a loan's balance is money owed: a share of it saves nothing towards a goal.
            for holding in goal.holdings {
                guard let kind = kinds[holding.account], kind.isLiability else { continue }
                throw ConfigError(
                    path: path, line: goal.accountsLine, column: 1,
                    message:
                        "goal '\(goal.name)' holds part of account '\(holding.account)', a \(kind == .loan ? "loan" : "credit card") whose balance is money owed, not saved; hold the goal in a savings or current account"
                )
            }
            for holding in goal.holdings where !declared.contains(holding.account) {
                let names = declared.map(\.rawValue).sorted().joined(separator: ", ")
                throw ConfigError(
                    path: path, line: goal.accountsLine, column: 1,
                    message:
                        "goal '\(goal.name)' holds part of account '\(holding.account)', which is not an account of this workspace (accounts: \(names))"
                )
            }
        }
    }
}
