import AnalysisFile
import Ledger

/// The figures many cards share, worked out once per month from its `InsightInputs`: exact minor
/// units of the base currency (money out positive), and ratios as `Double` only at the end.
///
/// Every figure reads data dated on or before the month's last day, like the rest of the analysis.
public struct InsightFacts: Sendable {
    public let inputs: InsightInputs
    public var context: MonthContext { inputs.context }
    public var history: LedgerHistory { inputs.context.history }
    public var month: YearMonth { inputs.context.month }
    public var base: Currency { inputs.context.base }
    /// The month's offset in the history; nil when the month is outside the data.
    public let offset: Int?
    /// This month's flows (zero when it has no transactions).
    public let current: MonthFlows
    /// The month before, nil before the data.
    public let previous: MonthFlows?
    /// Active recurring series: the monthly total of those that take money out (positive) and of
    /// those that bring it in, in base at the month end's rate.
    public let recurringExpenses: Int64
    public let recurringIncome: Int64
    /// Active recurring series that take money out, with their monthly amount in base (positive).
    public let recurringOutgoings: [(entry: RecurringBook.Entry, monthly: Int64)]
    /// Checking, savings and cash balances at the month end; nil when none of them is known.
    public let liquidBalance: Int64?
    /// The emergency fund and its target (the one figure the plan reads too).
    public let emergencyFund: EmergencyFund

    public init(_ inputs: InsightInputs) {
        self.inputs = inputs
        let context = inputs.context
        let history = context.history
        offset = history.offset(of: context.month)
        current = context.current
        previous = context.flows(of: context.month.adding(months: -1))
        var expenses: Int64 = 0
        var income: Int64 = 0
        var outgoings: [(RecurringBook.Entry, Int64)] = []
        let endDay = context.month.lastDay.dayNumber
        for entry in inputs.recurring where entry.series.status == .active {
            let currency = history.currency(at: entry.latest)
            guard let monthly = history.rates.toBase(entry.series.monthlyAmount, currency, onDay: endDay) else {
                continue
            }
            if monthly < 0 {
                expenses += -monthly
                outgoings.append((entry, -monthly))
            } else {
                income += monthly
            }
        }
        recurringExpenses = expenses
        recurringIncome = income
        recurringOutgoings = outgoings
        var liquid: Int64?
        if let offset {
            for (index, account) in history.accounts.enumerated() where NetWorthBook.isLiquid(account.kind) {
                let balance = inputs.netWorth.balances[offset][index]
                guard balance.open, let value = balance.inBase else { continue }
                liquid = (liquid ?? 0) + Int64(clamping: value)
            }
        }
        liquidBalance = liquid
        emergencyFund = EmergencyFund(inputs, holdings: GoalHoldings(history: history, settings: context.settings))
    }

    // MARK: - Months

    /// True when the month has at least one posted transaction.
    public var hasTransactions: Bool { current.transactionCount > 0 }

    /// The flows of `month` shifted by `delta` months (negative = earlier); nil before the data or
    /// after this month.
    public func flows(_ delta: Int) -> MonthFlows? {
        context.flows(of: month.adding(months: delta))
    }

    /// The months of the data that end with this one, at most `count`, oldest first.
    public func window(_ count: Int) -> [YearMonth] {
        (0..<max(count, 1)).reversed().map { month.adding(months: -$0) }.filter(context.hasData)
    }

    /// Months of data up to and including this one.
    public var monthsOfHistory: Int {
        guard let first = history.firstMonth, first <= month else { return 0 }
        return first.months(to: month) + 1
    }

    /// `net ÷ income`, nil without income.
    public static func savingsRate(_ flows: MonthFlows) -> Double? {
        flows.income > 0 ? Double(flows.net) / Double(flows.income) : nil
    }

    /// The average monthly expenses over the last `count` months of the data (this one included),
    /// rounded half to even to the minor unit; nil with no month.
    public func averageExpenses(months count: Int) -> Int64? {
        InsightFacts.averageExpenses(context, months: count)
    }

    /// The average monthly expenses over the last `count` months of `context`'s data (its month
    /// included), rounded half to even to the minor unit; nil with no month.
    public static func averageExpenses(_ context: MonthContext, months count: Int) -> Int64? {
        let months = (0..<max(count, 1)).reversed().map { context.month.adding(months: -$0) }.filter(
            context.hasData)
        guard !months.isEmpty else { return nil }
        let total = months.reduce(Int128(0)) { $0 + (context.flows(of: $1)?.expenses ?? 0) }
        return Int64(clamping: ExchangeRate.dividedRoundingHalfToEven(total, Int128(months.count)))
    }

    // MARK: - Categories

    /// Money out per expense category of `flows` (positive; refunds make it smaller, never below 0
    /// for the list), by index of `LedgerHistory.categories`.
    public func spending(_ flows: MonthFlows) -> [Int: Int64] {
        var result: [Int: Int64] = [:]
        for (index, entry) in flows.byCategory where !history.categories[index].isIncome {
            result[index] = Int64(clamping: -entry.sum)
        }
        return result
    }

    /// Money out per top-level group (`Food`), largest first, ties by name.
    public func groups(_ flows: MonthFlows) -> [(name: String, amount: Int64)] {
        var sums: [String: Int64] = [:]
        for (index, spent) in spending(flows) { sums[history.categories[index].top, default: 0] += spent }
        return sums.map { ($0.key, $0.value) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
    }

    /// Money out under `group` (a top-level name) in `flows`.
    public func groupSpending(_ group: String, in flows: MonthFlows) -> Int64 {
        spending(flows).reduce(0) { $0 + (history.categories[$1.key].top == group ? $1.value : 0) }
    }

    /// Each budget of `closebook.toml` against the money out under its category (the category and
    /// every category below it) in `flows`, by category name.
    public func budgets(_ flows: MonthFlows) -> [(category: String, budget: Int64, spent: Int64)] {
        let spent = spending(flows)
        return context.settings.budgets.map { path, budget in
            let key = path.description
            var total: Int64 = 0
            for (index, amount) in spent {
                let name = history.categories[index].name
                if name == key || name.hasPrefix(key + ":") { total += amount }
            }
            return (key, budget.minorUnits, total)
        }.sorted { $0.category < $1.category }
    }

    /// One budget at the month end: its amount for its period and what was spent under its category
    /// from the period's first month to this one (`BudgetPeriod`).
    public struct BudgetStanding: Sendable {
        public var category: String
        public var budget: Int64
        public var spent: Int64
        public var period: BudgetPeriod
        /// Spent in this month alone.
        public var spentThisMonth: Int64
    }

    /// Each budget of `closebook.toml` against its period so far: a monthly budget against this
    /// month's money out, a quarterly or yearly one against the money out from its period's first
    /// month to this one, by category name.
    public func budgetsToDate() -> [BudgetStanding] {
        let settings = context.settings
        guard !settings.budgets.isEmpty else { return [] }
        let earliest = settings.budgetPeriods.values.map(\.months).max() ?? 1
        var byMonth: [YearMonth: [(category: String, budget: Int64, spent: Int64)]] = [:]
        for back in 0..<earliest {
            let m = month.adding(months: -back)
            byMonth[m] = back == 0 ? budgets(current) : context.flows(of: m).map(budgets) ?? []
        }
        return budgets(current).map { row in
            let path = CategoryPath(row.category)
            let period = path.flatMap { settings.budgetPeriods[$0] } ?? .monthly
            let first = period.firstMonth(of: month)
            var spent: Int64 = 0
            var m = first
            while m <= month {
                spent += byMonth[m]?.first { $0.category == row.category }?.spent ?? 0
                m = m.adding(months: 1)
            }
            return BudgetStanding(
                category: row.category, budget: row.budget, spent: spent, period: period, spentThisMonth: row.spent)
        }
    }

    // MARK: - Text

    /// `£1,234.56` (see `MoneyPhrase`).
    public func money(_ minorUnits: Int64) -> String { MoneyPhrase(currency: base).format(minorUnits) }

    /// The exact decimal string of an amount in base: `1234.56`.
    public func decimal(_ minorUnits: Int64) -> String { MoneyText.format(minorUnits, base) }

    /// A money metric in base.
    public func moneyMetric(_ minorUnits: Int64) -> InsightMetric {
        InsightMetric(value: decimal(minorUnits), unit: base.code)
    }

    /// A number rounded to `places` decimals, as a metric or detail value: `12.5`, `-3`, `0.25`.
    public static func number(_ value: Double, places: Int = 1) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    /// `ratio` (0.125) as a percent metric (`12.5`, unit `percent`).
    public static func percentMetric(_ ratio: Double) -> InsightMetric {
        InsightMetric(value: number(ratio * 100), unit: "percent")
    }

    /// `ratio` (0.125) as text: `12.5%`.
    public static func percent(_ ratio: Double) -> String { number(ratio * 100) + "%" }
}
