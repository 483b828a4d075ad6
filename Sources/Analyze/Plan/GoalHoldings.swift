import Ledger

/// What each goal holds of its accounts at a month end: seed 002's `current`, read by the plan's
/// goals and by the emergency fund (money a goal holds is not there for an emergency).
public struct GoalHoldings: Sendable {
    public let goals: [GoalConfig]
    /// Per goal, per holding: the account's index in `LedgerHistory.accounts`, nil when the ledger
    /// does not have it.
    let holdingIndex: [[Int?]]

    public init(history: LedgerHistory, settings: AnalysisSettings) {
        goals = settings.goals
        var index: [AccountID: Int] = [:]
        for (i, account) in history.accounts.enumerated() { index[account.id] = i }
        holdingIndex = settings.goals.map { goal in goal.holdings.map { index[$0.account] } }
    }

    /// The part of `goal`'s `holding` at month `offset`, in `currency`: balance × percent ÷ 100
    /// rounded half to even (never below 0), converted at the month end; nil when unknown.
    func share(
        goal: Int, holding: Int, offset: Int, currency: Currency, inputs: InsightInputs
    ) -> (value: Int64?, problem: String?) {
        let history = inputs.context.history
        let account = goals[goal].holdings[holding]
        guard let index = holdingIndex[goal][holding] else {
            return (nil, "account '\(account.account)' has no transactions or balance yet, so it counts as 0")
        }
        let balance = inputs.netWorth.balances[offset][index]
        let accountCurrency = history.accounts[index].currency
        guard balance.open else { return (nil, "account '\(account.account)' is closed, so it counts as 0") }
        guard let value = balance.balance else {
            return (nil, "the balance of '\(account.account)' is unknown, so it counts as 0")
        }
        let part = max(ExchangeRate.dividedRoundingHalfToEven(value * Int128(account.percent), 100), 0)
        let day = history.firstMonth!.adding(months: offset).lastDay.dayNumber
        guard
            let converted = history.rates.convert(
                Int64(clamping: part), from: accountCurrency, to: currency, onDay: day)
        else {
            return (
                nil,
                "no rate converts '\(account.account)' from \(accountCurrency.code) to \(currency.code), so it counts as 0"
            )
        }
        return (converted, nil)
    }

    /// The goal's `current` at the end of `month` in `currency`, nil before the data.
    func current(goal: Int, month: YearMonth, currency: Currency, inputs: InsightInputs) -> (Int64, [String])? {
        guard month <= inputs.context.month, let offset = inputs.context.history.offset(of: month) else { return nil }
        var total: Int64 = 0
        var notes: [String] = []
        for holding in goals[goal].holdings.indices {
            let (value, problem) = share(
                goal: goal, holding: holding, offset: offset, currency: currency, inputs: inputs)
            total += value ?? 0
            if let problem { notes.append(problem) }
        }
        return (total, notes)
    }

    /// What the goals hold of liquid accounts (checking, savings, cash) at month `offset`, in the
    /// base currency.
    func heldInLiquidAccounts(offset: Int, inputs: InsightInputs) -> Int64 {
        let history = inputs.context.history
        var held: Int64 = 0
        for (goal, indices) in holdingIndex.enumerated() {
            for (holding, index) in indices.enumerated() {
                guard let index, NetWorthBook.isLiquid(history.accounts[index].kind) else { continue }
                held +=
                    share(goal: goal, holding: holding, offset: offset, currency: history.base, inputs: inputs).value
                    ?? 0
            }
        }
        return held
    }
}
