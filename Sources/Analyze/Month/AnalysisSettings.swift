import Ledger

/// What the workspace says beyond the ledger: budgets, account settings, valuations, and what the
/// import report knows about balances.
public struct AnalysisSettings: Sendable {
    public var budgets: [CategoryPath: Money]
    /// The budgets that last a quarter or a year (see `BudgetPeriod`); the others are monthly.
    public var budgetPeriods: [CategoryPath: BudgetPeriod] = [:]
    /// `closebook.toml`'s accounts by id (closed dates, kinds of accounts with no exports).
    public var accounts: [AccountID: AccountConfig]
    public var valuations: Valuations
    /// Accounts whose opening balance the importer derived from a statement balance.
    public var statementBalanced: Set<AccountID>
    /// `[plan]`: emergency months, income, goals budget, flex and category buckets.
    public var plan: PlanConfig
    /// `[[goals]]`.
    public var goals: [GoalConfig]
    /// `[close]`: whether closed months are locked.
    public var close = CloseSettings()
    /// `[insights] intended_pairs`: pairs of payees that are not duplicates.
    public var intendedPairs: [[String]] = []

    public init(
        budgets: [CategoryPath: Money] = [:], accounts: [AccountID: AccountConfig] = [:],
        valuations: Valuations = Valuations(), statementBalanced: Set<AccountID> = [], plan: PlanConfig = PlanConfig(),
        goals: [GoalConfig] = []
    ) {
        self.budgets = budgets
        self.accounts = accounts
        self.valuations = valuations
        self.statementBalanced = statementBalanced
        self.plan = plan
        self.goals = goals
    }
}
