/// Series over past months that the insight cards read for trends and seasons.
public struct HistorySection: Codable, Sendable, Equatable {
    /// The twelve months ending with this one (oldest first) that the data reaches.
    public var months: [String]
    /// Expense categories with spending in those months: one amount per entry of `months`.
    public var categories: [CategorySeries]
    /// Income per calendar month (1…12) over every year up to this month.
    public var incomeByCalendarMonth: [CalendarMonthSeries]
    /// Expenses per calendar month over every year up to this month.
    public var expensesByCalendarMonth: [CalendarMonthSeries]

    public init(
        months: [String], categories: [CategorySeries], incomeByCalendarMonth: [CalendarMonthSeries],
        expensesByCalendarMonth: [CalendarMonthSeries]
    ) {
        self.months = months
        self.categories = categories
        self.incomeByCalendarMonth = incomeByCalendarMonth
        self.expensesByCalendarMonth = expensesByCalendarMonth
    }
}

public struct CategorySeries: Codable, Sendable, Equatable {
    public var category: String
    /// Money out as positive amounts, aligned with `HistorySection.months`.
    public var amounts: [String]

    public init(category: String, amounts: [String]) {
        self.category = category
        self.amounts = amounts
    }
}

public struct CalendarMonthSeries: Codable, Sendable, Equatable {
    /// 1…12.
    public var calendarMonth: Int
    public var years: [YearAmount]

    public init(calendarMonth: Int, years: [YearAmount]) {
        self.calendarMonth = calendarMonth
        self.years = years
    }
}

public struct YearAmount: Codable, Sendable, Equatable {
    public var year: Int
    public var amount: String

    public init(year: Int, amount: String) {
        self.year = year
        self.amount = amount
    }
}
