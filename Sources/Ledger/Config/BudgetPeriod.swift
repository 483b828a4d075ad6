/// How long a budget of `[budgets]` lasts: a month (`"400.00"`), a calendar quarter
/// (`{ quarterly = "150.00" }`) or a calendar year (`{ yearly = "600.00" }`).
///
/// A quarterly or yearly budget is a pot for its whole period, not an amount a month: each month is
/// judged by what was spent from the period's first month to its end against the whole amount, so a
/// yearly insurance premium paid in one March is within a 600.00 yearly budget, where spreading it
/// as 50.00 a month would call March 550.00 over and the other months under.
public enum BudgetPeriod: String, Sendable, CaseIterable {
    case monthly
    case quarterly
    case yearly

    /// The months in one period.
    public var months: Int {
        switch self {
        case .monthly: 1
        case .quarterly: 3
        case .yearly: 12
        }
    }

    /// The first month of the period `month` is in: itself, January, April, July or October, or
    /// January.
    public func firstMonth(of month: YearMonth) -> YearMonth {
        month.adding(months: -((month.month - 1) % months))
    }

    /// True when `month` ends its period (every month, March/June/September/December, December).
    public func isLastMonth(_ month: YearMonth) -> Bool { month.month % months == 0 }

    /// `this year`, `this quarter`, `this month`: the period in a sentence.
    public var phrase: String {
        switch self {
        case .monthly: "this month"
        case .quarterly: "this quarter"
        case .yearly: "this year"
        }
    }
}
