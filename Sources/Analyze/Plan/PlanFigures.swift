import Ledger

/// What a month's allocation is worked out from, and the allocation: the 3-month averages, the
/// emergency fund, the debt carried. The plan reads it for its month, and the plan against actual
/// for the month before (the plan that was in force during the month).
struct PlanFigures {
    var months: [YearMonth]
    /// Expense categories seen in `months`, by index of `LedgerHistory.categories`.
    var seen: Set<Int>
    var averageIncome: Int64
    var averageSpending: Int64
    var averageEssential: Int64
    var averageDiscretionary: Int64
    var income: Int64
    var fund: EmergencyFund
    var debt: Int128
    var carried: Int128
    var allocation: AllocationPolicy.Allocation

    /// nil when the month is outside the data.
    init?(_ inputs: InsightInputs, planner: Planner) {
        let context = inputs.context
        let history = context.history
        let month = context.month
        guard let offset = history.offset(of: month) else { return nil }
        let buckets = planner.buckets
        let settings = planner.settings
        let holdings = planner.holdings
        // The last 3 months: income, spending, and spending per bucket.
        let months = (0..<3).reversed().map { month.adding(months: -$0) }.filter(context.hasData)
        var income3: Int128 = 0
        var expenses3: Int128 = 0
        var essential3: Int128 = 0
        var seen: Set<Int> = []
        for m in months {
            guard let flows = context.flows(of: m) else { continue }
            income3 += flows.income
            expenses3 += flows.expenses
            for (index, entry) in flows.byCategory where !history.categories[index].isIncome {
                seen.insert(index)
                if buckets.buckets[index] == .essential { essential3 -= entry.sum }
            }
        }
        let averageIncome = Planner.average(income3, months.count)
        let averageSpending = max(Planner.average(expenses3, months.count), 0)
        let averageEssential = min(max(Planner.average(essential3, months.count), 0), averageSpending)
        let averageDiscretionary = averageSpending - averageEssential
        let income = settings.plan.monthlyIncome?.minorUnits ?? averageIncome

        // Balances at the month end: the emergency fund (liquid balances less what goals hold), and debt.
        let fund = EmergencyFund(inputs, holdings: holdings)
        var debt: Int128 = 0
        var carried: Int128 = 0
        for (index, account) in history.accounts.enumerated() {
            let balance = inputs.netWorth.balances[offset][index]
            guard balance.open, let value = balance.inBase else { continue }
            if account.kind.isLiability && value < 0 {
                debt -= value
                carried += Planner.carried(owed: -value, account: index, offset: offset, inputs: inputs)
            }
        }
        let allocation = AllocationPolicy().allocate(
            AllocationPolicy.Inputs(
                income: income, essential: averageEssential, discretionary: averageDiscretionary,
                emergencyFund: fund.balance, emergencyTarget: fund.target, debt: Int64(clamping: carried)))
        self.months = months
        self.seen = seen
        self.averageIncome = averageIncome
        self.averageSpending = averageSpending
        self.averageEssential = averageEssential
        self.averageDiscretionary = averageDiscretionary
        self.income = income
        self.fund = fund
        self.debt = debt
        self.carried = carried
        self.allocation = allocation
    }
}
