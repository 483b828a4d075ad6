/// The month's plan: income divided into seed 004's buckets, the goals of seed 002 with what each
/// needs and gets, and budget suggestions, each with the figures it came from.
public struct PlanSection: Codable, Sendable, Equatable {
    /// The income the buckets divide.
    public var monthlyIncome: String
    public var basedOn: PlanBasis
    /// essentialSpending, emergencyFund, discretionarySpending, investments: they add up to
    /// `monthlyIncome` exactly.
    public var buckets: [PlanBucketEntry]
    /// How much average spending is above income; left out when income covers it.
    public var shortfall: String?
    public var goals: [PlanGoalEntry]
    /// The sum of the goals' required monthly amounts, in the base currency.
    public var totalRequired: String
    /// What the goals share this month, in the base currency.
    public var goalsBudget: String
    /// `[plan] flex`, 0.5…1.5.
    public var flex: Double
    /// The split at flex 0.5, 1.0 and 1.5.
    public var flexPreview: [FlexPreviewEntry]
    public var budgetSuggestions: [BudgetSuggestionEntry]
    /// Spending categories no default list or `[plan.buckets]` entry names: counted discretionary.
    public var unmappedCategories: [String]
    /// The month of the plan this month is held against: the plan made at the end of the month
    /// before, which was in force during this one; left out in the data's first month.
    public var plannedIn: String?
    /// Per bucket: what that plan allotted, what this month actually spent in it (or put into it),
    /// and in the month in progress what is left of its budgets.
    public var actual: [PlanActualEntry]?
    /// The emergency fund tracked as a goal over time: its month ends and months to target at its pace.
    public var emergencyFund: EmergencyFundTrack?

    public init(
        monthlyIncome: String, basedOn: PlanBasis, buckets: [PlanBucketEntry], shortfall: String?,
        goals: [PlanGoalEntry], totalRequired: String, goalsBudget: String, flex: Double,
        flexPreview: [FlexPreviewEntry], budgetSuggestions: [BudgetSuggestionEntry], unmappedCategories: [String]
    ) {
        self.monthlyIncome = monthlyIncome
        self.basedOn = basedOn
        self.buckets = buckets
        self.shortfall = shortfall
        self.goals = goals
        self.totalRequired = totalRequired
        self.goalsBudget = goalsBudget
        self.flex = flex
        self.flexPreview = flexPreview
        self.budgetSuggestions = budgetSuggestions
        self.unmappedCategories = unmappedCategories
    }
}

/// What the plan was computed from.
public struct PlanBasis: Codable, Sendable, Equatable {
    /// The months averaged: the month and the two before it that the data reaches, oldest first.
    public var months: [String]
    /// `configured` (`[plan] monthly_income`) or `average` (of `months`).
    public var incomeSource: String
    public var averageIncome: String
    public var averageSpending: String
    public var averageEssential: String
    public var averageDiscretionary: String
    /// Liquid balances (checking, savings and cash accounts) at the month end.
    public var liquidBalances: String
    /// The part of them goals hold; the rest is the emergency fund.
    public var heldForGoals: String
    /// Card and loan balances owed at the month end.
    public var debt: String
    /// The part of `debt` carried over from the month before (owed then, less what was paid in).
    public var carriedDebt: String
    public var emergencyMonths: Int
    /// `configured` (`[plan] goals_budget`) or `investments` (the investments bucket).
    public var goalsBudgetSource: String
    /// The same in one sentence.
    public var summary: String

    public init(
        months: [String], incomeSource: String, averageIncome: String, averageSpending: String,
        averageEssential: String, averageDiscretionary: String, liquidBalances: String, heldForGoals: String,
        debt: String, carriedDebt: String, emergencyMonths: Int, goalsBudgetSource: String, summary: String
    ) {
        self.months = months
        self.incomeSource = incomeSource
        self.averageIncome = averageIncome
        self.averageSpending = averageSpending
        self.averageEssential = averageEssential
        self.averageDiscretionary = averageDiscretionary
        self.liquidBalances = liquidBalances
        self.heldForGoals = heldForGoals
        self.debt = debt
        self.carriedDebt = carriedDebt
        self.emergencyMonths = emergencyMonths
        self.goalsBudgetSource = goalsBudgetSource
        self.summary = summary
    }
}

/// One of seed 004's allocation buckets.
public struct PlanBucketEntry: Codable, Sendable, Equatable {
    /// essentialSpending, emergencyFund, discretionarySpending or investments.
    public var type: String
    public var amount: String
    /// amount ÷ monthly income × 100, to 2 decimals; left out without income.
    public var percentage: Double?
    /// The spending buckets' categories seen in the months averaged.
    public var categories: [String]?
    /// The policy's reasoning with its numbers.
    public var explanation: String
    /// Emergency fund only: emergency months × average spending, and liquid balances not held for
    /// goals (the figure the `emergencyFund` card and the health score read).
    public var targetAmount: String?
    public var currentAmount: String?
    /// ceil((target − current) ÷ amount), 0 when reached; left out when the amount is 0 (the
    /// explanation says why).
    public var monthsToTarget: Int?

    public init(
        type: String, amount: String, percentage: Double?, categories: [String]?, explanation: String,
        targetAmount: String? = nil, currentAmount: String? = nil, monthsToTarget: Int? = nil
    ) {
        self.type = type
        self.amount = amount
        self.percentage = percentage
        self.categories = categories
        self.explanation = explanation
        self.targetAmount = targetAmount
        self.currentAmount = currentAmount
        self.monthsToTarget = monthsToTarget
    }
}
