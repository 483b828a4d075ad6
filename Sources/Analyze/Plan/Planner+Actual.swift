import AnalysisFile
import Ledger

/// The plan against actual (seed 004's bucket balances): each bucket's allotment in the plan made at
/// the end of the month before, beside what the month did, and for the month in progress what is
/// left of each spending bucket's budgets.
extension Planner {
    func actual(_ inputs: InsightInputs, figures: PlanFigures) -> (plannedIn: String?, entries: [PlanActualEntry]) {
        let context = inputs.context
        let history = context.history
        let base = context.base
        func text(_ value: Int64) -> String { MoneyText.format(value, base) }
        let previousMonth = context.month.adding(months: -1)
        let previous = PlanFigures(
            InsightInputs(
                context: MonthContext(history: history, month: previousMonth, settings: settings),
                netWorth: inputs.netWorth, recurring: [], anomalies: [], forecast: inputs.forecast,
                emergencyMonths: inputs.emergencyMonths),
            planner: self)

        // Money out per spending bucket this month.
        var spent: [SpendingBucket: Int128] = [.essential: 0, .discretionary: 0]
        for (index, entry) in context.current.byCategory where !history.categories[index].isIncome {
            spent[buckets.buckets[index], default: 0] -= entry.sum
        }
        // What goals hold, in base, at this month end and the one before.
        func held(_ month: YearMonth) -> Int64? {
            guard !settings.goals.isEmpty, history.offset(of: month) != nil else { return nil }
            return settings.goals.indices.reduce(Int64(0)) {
                $0 + (holdings.current(goal: $1, month: month, currency: base, inputs: inputs)?.0 ?? 0)
            }
        }
        let goalsGrowth = held(context.month).flatMap { now in held(previousMonth).map { now - $0 } }

        // The month in progress: what is left of each bucket's budgets.
        let facts = InsightFacts(inputs)
        var left: [SpendingBucket: Int64]?
        if MonthProgress(facts).isInProgress {
            // Only buckets with a budget have something left.
            var sums: [SpendingBucket: Int64] = [:]
            for budget in facts.budgetsToDate() {
                let bucket =
                    CategoryBuckets.bucket(of: budget.category, overrides: settings.plan.buckets) ?? .discretionary
                sums[bucket, default: 0] += budget.budget - budget.spent
            }
            left = sums
        }

        let entries = AllocationBucketType.allCases.map { type -> PlanActualEntry in
            let planned = previous.map { text($0.allocation.amount(type)) }
            switch type {
            case .essentialSpending, .discretionarySpending:
                let bucket: SpendingBucket = type == .essentialSpending ? .essential : .discretionary
                return PlanActualEntry(
                    type: type.rawValue, planned: planned, actual: text(Int64(clamping: spent[bucket] ?? 0)),
                    left: left?[bucket].map(text))
            case .emergencyFund:
                return PlanActualEntry(
                    type: type.rawValue, planned: planned,
                    actual: previous.map { text(figures.fund.balance - $0.fund.balance) })
            case .investments:
                return PlanActualEntry(type: type.rawValue, planned: planned, actual: goalsGrowth.map(text))
            }
        }
        return (previous == nil ? nil : previousMonth.description, entries)
    }
}
