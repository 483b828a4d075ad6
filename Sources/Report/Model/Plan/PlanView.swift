import Mustache

/// The month's plan as the page shows it: income into buckets, the goals, the flex preview and
/// budget suggestions, every figure formatted and every explanation kept.
public struct PlanView: MustacheParent, Sendable, Equatable {
    /// `£3,450.00`.
    public var monthlyIncome: String
    /// The engine's one-sentence basis: which months, income configured or averaged.
    public var basis: String
    public var buckets: [PlanBucketView]
    /// `Average spending is £120.00 above income.`, or empty.
    public var shortfall: String
    public var goals: [PlanGoalView]
    public var totalRequired: String
    public var goalsBudget: String
    /// `1.0`.
    public var flex: String
    public var flexPreview: [FlexPreviewView]
    public var budgetSuggestions: [BudgetSuggestionView]
    /// `Gifts, Hobbies`: counted as discretionary; empty when every category is mapped.
    public var unmapped: String
    /// `September 2026`: the plan this month is held against; empty in the data's first month.
    public var plannedIn: String = ""
    public var actual: [PlanActualView] = []
    /// True when some bucket has `left` (the month in progress).
    public var hasLeft = false
    /// The emergency fund over time; nil when the analysis has none.
    public var fund: FundTrackView?

    public func child(named name: String) -> Any? {
        switch name {
        case "monthlyIncome": monthlyIncome
        case "basis": basis
        case "buckets": buckets
        case "hasBuckets": !buckets.isEmpty
        case "shortfall": shortfall
        case "hasShortfall": !shortfall.isEmpty
        case "goals": goals
        case "hasGoals": !goals.isEmpty
        case "totalRequired": totalRequired
        case "goalsBudget": goalsBudget
        case "flex": flex
        case "flexPreview": flexPreview
        case "hasFlexPreview": !flexPreview.isEmpty
        case "budgetSuggestions": budgetSuggestions
        case "hasBudgetSuggestions": !budgetSuggestions.isEmpty
        case "unmapped": unmapped
        case "hasUnmapped": !unmapped.isEmpty
        case "plannedIn": plannedIn
        case "hasPlannedIn": !plannedIn.isEmpty
        case "actual": actual
        case "hasActual": !actual.isEmpty
        case "hasLeft": hasLeft
        case "fund": fund
        case "hasFund": fund != nil
        default: nil
        }
    }
}
