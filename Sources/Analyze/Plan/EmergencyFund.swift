import Ledger

/// The emergency fund at a month end: the one figure and the one target that the plan's bucket, the
/// `emergencyFund` card, the health score's component and the surplus advice all read.
///
/// - The fund is the liquid balances (checking, savings and cash accounts, as seed 003 counts them)
///   less what the goals of `closebook.toml` hold of those accounts (seed 002): money set aside for a
///   laptop or a house deposit is not there for an emergency. Never below 0.
/// - The target is `[plan] emergency_months` (default 6, seed 004's and the health score's) × the
///   average monthly spending of the last 3 months of the data (this one included), rounded half to
///   even to the minor unit.
/// - Months covered is the fund ÷ that average; the card's bands (seed 003: critical under 1, warning
///   from 1 to under 3) are read against it, never a second target.
public struct EmergencyFund: Sendable, Equatable {
    /// Liquid balances at the month end in base; nil when no liquid account's balance is known.
    public var liquid: Int64?
    /// What goals hold of the liquid accounts, in base.
    public var heldForGoals: Int64
    /// max(liquid − heldForGoals, 0); 0 without a known liquid balance.
    public var balance: Int64
    /// The 3-month average spending, nil with no month of data.
    public var averageSpending: Int64?
    public var targetMonths: Int
    /// targetMonths × averageSpending (saturating), 0 without an average.
    public var target: Int64

    /// The months the average is taken over.
    public static let averageMonths = 3

    public init(liquid: Int64?, heldForGoals: Int64, averageSpending: Int64?, targetMonths: Int) {
        self.liquid = liquid
        self.heldForGoals = heldForGoals
        balance = max((liquid ?? 0) - heldForGoals, 0)
        self.averageSpending = averageSpending
        self.targetMonths = targetMonths
        let product = Int64(max(targetMonths, 0)).multipliedReportingOverflow(by: max(averageSpending ?? 0, 0))
        target = product.overflow ? Int64.max : product.partialValue
    }

    public init(_ inputs: InsightInputs, holdings: GoalHoldings) {
        let context = inputs.context
        let history = context.history
        var liquid: Int64?
        var held: Int64 = 0
        if let offset = history.offset(of: context.month) {
            for (index, account) in history.accounts.enumerated() where NetWorthBook.isLiquid(account.kind) {
                let balance = inputs.netWorth.balances[offset][index]
                guard balance.open, let value = balance.inBase else { continue }
                liquid = (liquid ?? 0) + Int64(clamping: value)
            }
            held = holdings.heldInLiquidAccounts(offset: offset, inputs: inputs)
        }
        self.init(
            liquid: liquid, heldForGoals: held,
            averageSpending: InsightFacts.averageExpenses(context, months: EmergencyFund.averageMonths),
            targetMonths: inputs.emergencyMonths)
    }

    /// Months of spending the fund covers; nil without spending in the last 3 months.
    public var monthsCovered: Double? {
        guard let averageSpending, averageSpending > 0 else { return nil }
        return Double(balance) / Double(averageSpending)
    }

    /// What the fund still needs to reach its target.
    public var need: Int64 { max(target - balance, 0) }
}
