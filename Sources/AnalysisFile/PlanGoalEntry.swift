/// One savings goal at the month end (seed 002). Money is in the goal's `currency` unless a field
/// says otherwise.
public struct PlanGoalEntry: Codable, Sendable, Equatable {
    public var name: String
    public var target: String
    public var currency: String
    public var deadline: String
    public var current: String
    /// current ÷ target, to 4 decimals.
    public var progress: Double
    public var monthsLeft: Int
    public var daysRemaining: Int
    public var requiredMonthly: String
    /// What the goal gets this month at `[plan] flex`.
    public var allotted: String
    /// protected, flexible or skipped.
    public var flex: String
    /// achieved, overdue, onTrack or behind.
    public var status: String
    /// Average monthly growth of `current` over the last 3 months (fewer near the data's start).
    public var monthlyGrowth: String?
    /// The month the target is reached at the allotted rate; left out when achieved or allotted 0.
    public var projectedCompletion: String?
    /// Months after the deadline's month that completion falls (0 when on time).
    public var slipMonths: Int?
    /// Balances left out of `current` and why.
    public var notes: [String]?
    /// The goal's standing order (`monthly` in closebook.toml), honoured before the flex split;
    /// left out when it has none.
    public var standingOrder: String?
    /// True when the deadline is under 60 days away and the target not reached (see
    /// `daysRemaining`); left out otherwise.
    public var deadlineNear: Bool?

    public init(
        name: String, target: String, currency: String, deadline: String, current: String, progress: Double,
        monthsLeft: Int, daysRemaining: Int, requiredMonthly: String, allotted: String, flex: String, status: String,
        monthlyGrowth: String?, projectedCompletion: String?, slipMonths: Int?, notes: [String]?,
        standingOrder: String? = nil, deadlineNear: Bool? = nil
    ) {
        self.name = name
        self.target = target
        self.currency = currency
        self.deadline = deadline
        self.current = current
        self.progress = progress
        self.monthsLeft = monthsLeft
        self.daysRemaining = daysRemaining
        self.requiredMonthly = requiredMonthly
        self.allotted = allotted
        self.flex = flex
        self.status = status
        self.monthlyGrowth = monthlyGrowth
        self.projectedCompletion = projectedCompletion
        self.slipMonths = slipMonths
        self.notes = notes
        self.standingOrder = standingOrder
        self.deadlineNear = deadlineNear
    }
}

/// The goals' split at one flex value, in the base currency.
public struct FlexPreviewEntry: Codable, Sendable, Equatable {
    public var flex: Double
    /// Per goal, in the order of `PlanSection.goals`.
    public var allotted: [GoalAllotment]
    public var total: String
    /// What the goals budget has left over.
    public var unallotted: String

    public init(flex: Double, allotted: [GoalAllotment], total: String, unallotted: String) {
        self.flex = flex
        self.allotted = allotted
        self.total = total
        self.unallotted = unallotted
    }
}

public struct GoalAllotment: Codable, Sendable, Equatable {
    public var name: String
    public var amount: String

    public init(name: String, amount: String) {
        self.name = name
        self.amount = amount
    }
}

/// A suggested monthly budget for one spending category.
public struct BudgetSuggestionEntry: Codable, Sendable, Equatable {
    public var category: String
    /// essential or discretionary.
    public var bucket: String
    /// Months of the last 6 with spending in it (at least 3).
    public var months: Int
    public var median: String
    /// The budget in closebook.toml, if any.
    public var budget: String?
    public var suggested: String
    /// Why the suggestion differs from the median, when it does.
    public var note: String?

    public init(
        category: String, bucket: String, months: Int, median: String, budget: String?, suggested: String,
        note: String?
    ) {
        self.category = category
        self.bucket = bucket
        self.months = months
        self.median = median
        self.budget = budget
        self.suggested = suggested
        self.note = note
    }
}
