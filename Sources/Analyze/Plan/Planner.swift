import AnalysisFile
import Ledger

/// Builds a month's plan from its `InsightInputs`: the allocation (`AllocationPolicy`), the goals
/// (`GoalProgress`, `FlexRedistribution`) and the budget suggestions, each explained with the
/// figures it came from. Amounts are exact minor units of the base currency, except a goal's own
/// figures, which are in the goal's currency.
public struct Planner: Sendable {
    public let settings: AnalysisSettings
    public let buckets: CategoryBuckets
    let holdings: GoalHoldings

    public init(history: LedgerHistory, settings: AnalysisSettings) {
        self.settings = settings
        buckets = CategoryBuckets(categories: history.categories, overrides: settings.plan.buckets)
        holdings = GoalHoldings(history: history, settings: settings)
    }

    static func average(_ total: Int128, _ count: Int) -> Int64 {
        Int64(clamping: ExchangeRate.dividedRoundingHalfToEven(total, Int128(max(count, 1))))
    }

    func current(goal: Int, month: YearMonth, currency: Currency, inputs: InsightInputs) -> (Int64, [String])? {
        holdings.current(goal: goal, month: month, currency: currency, inputs: inputs)
    }

    /// The part of `owed` (base minor units, at the end of month `offset`) carried over from the
    /// month before: what was owed then less what was paid in this month, never more than is owed
    /// now. A card paid in full each month carries nothing; in the data's first month all of it counts.
    static func carried(owed: Int128, account index: Int, offset: Int, inputs: InsightInputs) -> Int128 {
        let history = inputs.context.history
        guard offset > 0 else { return owed }
        let before = inputs.netWorth.balances[offset - 1][index]
        let owedBefore = before.open ? max(-(before.inBase ?? 0), 0) : 0
        let day = history.firstMonth!.adding(months: offset).lastDay.dayNumber
        let paidIn = history.accountMonths[index][offset].inflow
        let paid =
            history.rates.toBase(
                Int64(clamping: paidIn), history.accounts[index].currency, onDay: day
            ).map { Int128($0) } ?? paidIn
        return max(min(owed, owedBefore - paid), 0)
    }

    public func plan(_ inputs: InsightInputs) -> PlanSection? {
        let context = inputs.context
        let history = context.history
        let month = context.month
        let base = context.base
        func text(_ value: Int64) -> String { MoneyText.format(value, base) }
        /// Money in a sentence, as the rest of the page writes it (`£1,234.56`).
        func phrase(_ value: Int64) -> String { MoneyPhrase(currency: base).format(value) }

        guard let figures = PlanFigures(inputs, planner: self) else { return nil }
        let months = figures.months
        let seen = figures.seen
        let averageIncome = figures.averageIncome
        let averageSpending = figures.averageSpending
        let averageEssential = figures.averageEssential
        let averageDiscretionary = figures.averageDiscretionary
        let income = figures.income
        let fund = figures.fund
        let debt = figures.debt
        let carried = figures.carried
        let allocation = figures.allocation

        // Goals.
        var progress: [GoalProgress] = []
        var claims: [FlexRedistribution.Claim] = []
        var notes: [[String]] = []
        var rated: [Bool] = []
        // A standing order's amount this month in the goal's currency: `monthly`, never more than
        // the goal still lacks.
        var standing: [Int64?] = []
        let day = month.lastDay.dayNumber
        for (index, goal) in settings.goals.enumerated() {
            let currency = goal.currency ?? base
            let target = goal.target.minorUnits
            let now = current(goal: index, month: month, currency: currency, inputs: inputs)
            var goalNotes = now?.1 ?? []
            let state = GoalProgress(target: target, deadline: goal.deadline, month: month) { m in
                self.current(goal: index, month: m, currency: currency, inputs: inputs)?.0
            }
            let required = history.rates.convert(state.requiredMonthly, from: currency, to: base, onDay: day)
            if required == nil {
                goalNotes.append(
                    "no \(currency.code) rate is in force on \(month.lastDay.isoString), so its required amount is left out of the total"
                )
            }
            let order = goal.monthly.map { min($0.minorUnits, max(state.target - state.current, 0)) }
            progress.append(state)
            rated.append(required != nil)
            notes.append(goalNotes)
            standing.append(order)
            claims.append(
                FlexRedistribution.Claim(
                    required: required ?? 0, flex: goal.flex, deadline: goal.deadline,
                    fixed: order.map { history.rates.convert($0, from: currency, to: base, onDay: day) ?? 0 }))
        }
        // A skipped goal gets nothing this month (seed 002), so it is not part of what the goals
        // require of it either.
        let totalRequired = claims.filter { $0.flex != .skipped }.reduce(Int64(0)) { $0 + $1.required }
        let goalsBudget = settings.plan.goalsBudget?.minorUnits ?? allocation.investments
        let allotted = FlexRedistribution.allot(claims, budget: goalsBudget, flexPercent: settings.plan.flexPercent)
        var goals: [PlanGoalEntry] = []
        for (index, goal) in settings.goals.enumerated() {
            let currency = goal.currency ?? base
            let state = progress[index]
            // Without a rate the goal's requirement is unknown in the base currency: it is
            // allotted nothing (it was allotted its whole requirement, beyond the goals budget).
            // A standing order is paid in the goal's currency whatever the rates say.
            let inGoal: Int64
            if let order = standing[index] {
                inGoal = order
            } else if !rated[index] {
                inGoal = 0
            } else if allotted[index] == claims[index].required {
                inGoal = state.requiredMonthly
            } else {
                inGoal = history.rates.convert(allotted[index], from: base, to: currency, onDay: day) ?? 0
            }
            let projection = GoalProgress.projection(
                target: state.target, current: state.current, allotted: inGoal, month: month, deadline: goal.deadline)
            goals.append(
                PlanGoalEntry(
                    name: goal.name, target: MoneyText.format(state.target, currency), currency: currency.code,
                    deadline: goal.deadline.isoString, current: MoneyText.format(state.current, currency),
                    progress: state.target > 0
                        ? (Double(state.current) / Double(state.target) * 10_000).rounded() / 10_000 : 1,
                    monthsLeft: state.monthsLeft, daysRemaining: state.daysRemaining,
                    requiredMonthly: MoneyText.format(state.requiredMonthly, currency),
                    allotted: MoneyText.format(inGoal, currency), flex: goal.flex.rawValue,
                    status: state.status.rawValue,
                    monthlyGrowth: state.growth.map {
                        MoneyText.format($0.dividedRoundingHalfToEven(by: Int64(state.growthMonths)), currency)
                    },
                    projectedCompletion: projection?.completion.description, slipMonths: projection?.slip,
                    notes: notes[index].isEmpty ? nil : notes[index],
                    standingOrder: goal.monthly.map { MoneyText.format($0.minorUnits, currency) },
                    deadlineNear: state.deadlineNear ? true : nil))
        }
        let preview = FlexRedistribution.previewPercents.map { percent in
            let split = FlexRedistribution.allot(claims, budget: goalsBudget, flexPercent: percent)
            let total = split.reduce(0, +)
            return FlexPreviewEntry(
                flex: Double(percent) / 100,
                allotted: zip(settings.goals, split).map { GoalAllotment(name: $0.name, amount: text($1)) },
                total: text(total), unallotted: text(max(max(goalsBudget, 0) - total, 0)))
        }

        // Buckets.
        let unmapped = seen.filter { !buckets.mapped[$0] }.map { history.categories[$0].name }.sorted()
        let monthsText =
            months.count == 1 ? "\(months[0])" : "\(months.first!) to \(months.last!) (\(months.count) months)"
        func categories(_ bucket: SpendingBucket) -> [String] {
            seen.filter { buckets.buckets[$0] == bucket }.map { history.categories[$0].name }.sorted()
        }
        func percentage(_ amount: Int64) -> Double? {
            income > 0 ? (Double(amount) / Double(income) * 10_000).rounded() / 100 : nil
        }
        let explanations = PlanExplanations(
            allocation: allocation, income: income, averageEssential: averageEssential,
            averageDiscretionary: averageDiscretionary, averageSpending: averageSpending,
            debt: Int64(clamping: carried),
            emergencyMonths: inputs.emergencyMonths, monthsText: monthsText, unmappedCount: unmapped.count,
            totalRequired: totalRequired, goalsBudget: goalsBudget,
            goalsBudgetConfigured: settings.plan.goalsBudget != nil, hasGoals: !settings.goals.isEmpty, base: base)
        let bucketEntries = AllocationBucketType.allCases.map { type in
            let amount = allocation.amount(type)
            let isFund = type == .emergencyFund
            return PlanBucketEntry(
                type: type.rawValue, amount: text(amount), percentage: percentage(amount),
                categories: type == .essentialSpending
                    ? categories(.essential) : type == .discretionarySpending ? categories(.discretionary) : nil,
                explanation: explanations.text(type),
                targetAmount: isFund ? text(allocation.emergencyTarget) : nil,
                currentAmount: isFund ? text(allocation.emergencyCurrent) : nil,
                monthsToTarget: isFund ? allocation.monthsToTarget : nil)
        }

        // Budget suggestions over the last 6 months.
        let window = (0..<BudgetSuggestions.window).reversed().map { month.adding(months: -$0) }.filter(
            context.hasData)
        var spending: [Int: [Int64]] = [:]
        for (slot, m) in window.enumerated() {
            guard let flows = context.flows(of: m) else { continue }
            for (index, entry) in flows.byCategory
            where !history.categories[index].isIncome && history.categories[index].name != LedgerHistory.uncategorized {
                spending[index, default: [Int64](repeating: 0, count: window.count)][slot] = Int64(clamping: -entry.sum)
            }
        }
        let (suggestions, scales) = BudgetSuggestions.suggest(
            spending: spending, buckets: buckets,
            bucketAmounts: [.essential: allocation.essential, .discretionary: allocation.discretionary])
        let suggestionEntries = suggestions.map { s in
            let name = history.categories[s.category].name
            let path = CategoryPath(name)
            let written = path.flatMap { settings.budgets[$0] }?.minorUnits
            let period = path.flatMap { settings.budgetPeriods[$0] } ?? .monthly
            // A quarterly or yearly budget beside monthly medians: its amount ÷ its months.
            let budget = written.map { Planner.average(Int128($0), period.months) }
            var notes: [String] = []
            if let written, period != .monthly {
                notes.append(
                    "the \(period.rawValue) budget of \(phrase(written)) is \(phrase(budget ?? 0)) a month (÷ \(period.months))"
                )
            }
            if let scale = scales[s.bucket] {
                notes.append(
                    "the medians of the \(s.bucket.rawValue) categories add up to \(phrase(scale.medians)), more than the \(s.bucket.rawValue) bucket's \(phrase(scale.amount)), so each is scaled by \(phrase(scale.amount)) ÷ \(phrase(scale.medians)) and rounded down"
                )
            }
            let note = notes.isEmpty ? nil : notes.joined(separator: "; ")
            return BudgetSuggestionEntry(
                category: name, bucket: s.bucket.rawValue, months: s.months, median: text(s.median),
                budget: budget.map { text($0) }, suggested: text(s.suggested), note: note)
        }.sorted { ($0.bucket, $0.category) < ($1.bucket, $1.category) }

        let basis = PlanBasis(
            months: months.map(\.description),
            incomeSource: settings.plan.monthlyIncome == nil ? "average" : "configured",
            averageIncome: text(averageIncome), averageSpending: text(averageSpending),
            averageEssential: text(averageEssential), averageDiscretionary: text(averageDiscretionary),
            liquidBalances: text(fund.liquid ?? 0), heldForGoals: text(fund.heldForGoals),
            debt: text(Int64(clamping: debt)),
            carriedDebt: text(Int64(clamping: carried)),
            emergencyMonths: inputs.emergencyMonths,
            goalsBudgetSource: settings.plan.goalsBudget == nil ? "investments" : "configured",
            summary: "Income of \(phrase(income)) a month ("
                + (settings.plan.monthlyIncome == nil
                    ? "the average over \(monthsText)"
                    : "[plan] monthly_income; the average over \(monthsText) is \(phrase(averageIncome))")
                + "); spending of \(phrase(averageSpending)) a month on average over \(monthsText); liquid balances of \(phrase(fund.liquid ?? 0)), \(phrase(fund.heldForGoals)) of them held for goals; card and loan debt of \(phrase(Int64(clamping: debt))), \(phrase(Int64(clamping: carried))) of it carried from the month before."
        )
        let (plannedIn, actual) = self.actual(inputs, figures: figures)
        var section = PlanSection(
            monthlyIncome: text(income), basedOn: basis, buckets: bucketEntries,
            shortfall: allocation.shortfall > 0 ? text(allocation.shortfall) : nil, goals: goals,
            totalRequired: text(totalRequired), goalsBudget: text(max(goalsBudget, 0)),
            flex: Double(settings.plan.flexPercent) / 100, flexPreview: preview, budgetSuggestions: suggestionEntries,
            unmappedCategories: unmapped)
        section.plannedIn = plannedIn
        section.actual = actual
        section.emergencyFund = fundTrack(inputs, fund: fund)
        return section
    }
}
