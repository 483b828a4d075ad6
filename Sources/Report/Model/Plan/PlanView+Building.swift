import AnalysisFile
import Ledger

extension PlanView {
    /// Formats the analysis's plan. Amounts are in `currency` unless a goal names its own.
    init(_ plan: PlanSection, currency: Currency, text: (String) -> String) {
        func money(_ value: String) -> String { EngineValueFormatter.amount(value, currency) }
        monthlyIncome = money(plan.monthlyIncome)
        basis = text(plan.basedOn.summary)
        buckets = plan.buckets.map { bucket in
            var target = ""
            if let targetAmount = bucket.targetAmount {
                target = "Target \(money(targetAmount))"
                if let current = bucket.currentAmount { target += ", now \(money(current))" }
                if let months = bucket.monthsToTarget {
                    target += months == 0 ? ", reached" : ", \(MonthView.plural(months, "month")) to go"
                }
                target += "."
            }
            return PlanBucketView(
                name: text(Self.bucketName(bucket.type)), amount: money(bucket.amount),
                percentage: bucket.percentage.map { PercentFormatter.string($0 / 100) } ?? "—",
                explanation: text(bucket.explanation),
                categories: (bucket.categories ?? []).map(text).joined(separator: ", "),
                target: target)
        }
        shortfall =
            plan.shortfall.map { "Average spending is \(money($0)) a month above income: the buckets cannot cover it." }
            ?? ""
        goals = plan.goals.map { PlanGoalView($0, text: text) }
        totalRequired = money(plan.totalRequired)
        goalsBudget = money(plan.goalsBudget)
        flex = Self.flexText(plan.flex)
        flexPreview = plan.flexPreview.map { entry in
            FlexPreviewView(
                flex: Self.flexText(entry.flex), isCurrent: abs(entry.flex - plan.flex) < 0.0001,
                split: entry.allotted.map { "\(text($0.name)) \(money($0.amount))" }.joined(separator: ", "),
                total: money(entry.total), unallotted: money(entry.unallotted))
        }
        budgetSuggestions = plan.budgetSuggestions.map { suggestion in
            BudgetSuggestionView(
                category: text(suggestion.category),
                bucket: suggestion.bucket == "essential" ? "Essential" : "Discretionary",
                median: "\(money(suggestion.median)) over \(MonthView.plural(suggestion.months, "month"))",
                budget: suggestion.budget.map(money) ?? "—", suggested: money(suggestion.suggested),
                note: suggestion.note.map(text) ?? "")
        }
        unmapped = plan.unmappedCategories.map(text).joined(separator: ", ")
        plannedIn = plan.plannedIn.map(EngineValueFormatter.month) ?? ""
        actual = (plan.actual ?? []).map { entry in
            PlanActualView(
                name: text(Self.bucketName(entry.type)), planned: entry.planned.map(money) ?? "—",
                actual: entry.actual.map(money) ?? "—", left: entry.left.map(money) ?? "")
        }
        hasLeft = (plan.actual ?? []).contains { $0.left != nil }
        fund = plan.emergencyFund.map { FundTrackView($0, currency: currency) }
    }

    /// `essentialSpending` -> `Essential spending`.
    static func bucketName(_ type: String) -> String {
        switch type {
        case "essentialSpending": "Essential spending"
        case "emergencyFund": "Emergency fund"
        case "discretionarySpending": "Discretionary spending"
        case "investments": "Investments and goals"
        default: type
        }
    }

    /// `1.0`, `0.5`, `1.25`.
    static func flexText(_ value: Double) -> String {
        let hundredths = Int64((value * 100).rounded())
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension PlanGoalView {
    init(_ goal: PlanGoalEntry, text: (String) -> String) {
        func money(_ value: String) -> String { EngineValueFormatter.amount(value, code: goal.currency) }
        name = text(goal.name)
        target = money(goal.target)
        current = money(goal.current)
        progress = PercentFormatter.string(goal.progress)
        deadline =
            EngineValueFormatter.date(goal.deadline) + " (\(MonthView.plural(max(goal.monthsLeft, 0), "month")) left)"
        required = money(goal.requiredMonthly)
        allotted = money(goal.allotted)
        flex = text(goal.flex.prefix(1).uppercased() + goal.flex.dropFirst())
        switch goal.status {
        case "achieved": (status, statusTone) = ("Achieved", "good")
        case "onTrack": (status, statusTone) = ("On track", "good")
        case "behind": (status, statusTone) = ("Behind", "bad")
        case "overdue": (status, statusTone) = ("Overdue", "bad")
        default: (status, statusTone) = (text(goal.status), "flat")
        }
        var projection = ""
        if let completion = goal.projectedCompletion {
            projection = "At this month's allotment it is reached in \(EngineValueFormatter.month(completion))"
            if let slip = goal.slipMonths, slip > 0 {
                projection += ", \(MonthView.plural(slip, "month")) after the deadline."
            } else {
                projection += ", in time."
            }
        }
        self.projection = projection
        notes = (goal.notes ?? []).map(text)
        standingOrder = goal.standingOrder.map { "Fixed \(money($0)) a month" } ?? ""
        deadlineNear =
            goal.deadlineNear == true ? "Deadline in \(MonthView.plural(goal.daysRemaining, "day"))" : ""
    }
}
