/// Everything the report of one month shows, computed from the categorised ledger.
///
/// Written by `closebook-analyze` as `build/analysis/YYYY-MM.json` and read by `closebook-report`.
/// Amounts are decimal strings in the base currency (`"-1234.50"`), exact to the minor unit;
/// ratios are numbers. Money out of the household is reported as a positive expense.
///
/// Two parts share the file's top level: the month's own figures (`MonthOverview`) and the
/// engine's sections (`AnalysisSections`, which the report carries on to report.json). Each is
/// declared once, in its own type; a member of either is read and written here by its own name
/// (`analysis.summary`, `analysis.netWorth`).
@dynamicMemberLookup
public struct MonthAnalysis: SectionedDocument, Sendable, Equatable {
    public static let currentSchemaVersion = 2

    /// The month, its summary, categories, accounts, largest expenses, trend and notices.
    public var overview: MonthOverview
    /// Net worth, recurring payments, anomalies, forecast, plan, cards and the rest.
    public var sections: AnalysisSections

    public init(overview: MonthOverview, sections: AnalysisSections = AnalysisSections()) {
        self.overview = overview
        self.sections = sections
    }

    public init(
        schemaVersion: Int = MonthAnalysis.currentSchemaVersion, month: String, monthName: String, currency: String,
        periodStart: String, periodEnd: String, summary: MonthSummary, categories: [CategoryFigure],
        topCategories: [CategoryFigure], incomeCategories: [CategoryFigure], accounts: [AccountFigure],
        largestExpenses: [TransactionLine], trend: [MonthPoint], notices: [String], complete: Bool? = nil,
        netWorth: NetWorthSection? = nil, recurring: [RecurringEntry]? = nil, anomalies: [AnomalyEntry]? = nil,
        forecast: ForecastSection? = nil, history: HistorySection? = nil, cashFlow: CashFlowSection? = nil,
        recurringTotals: RecurringTotalsSection? = nil
    ) {
        overview = MonthOverview(
            schemaVersion: schemaVersion, month: month, monthName: monthName, currency: currency,
            periodStart: periodStart, periodEnd: periodEnd, summary: summary, categories: categories,
            topCategories: topCategories, incomeCategories: incomeCategories, accounts: accounts,
            largestExpenses: largestExpenses, trend: trend, notices: notices, recurringTotals: recurringTotals)
        sections = AnalysisSections(
            complete: complete, netWorth: netWorth, recurring: recurring, anomalies: anomalies, forecast: forecast,
            history: history, cashFlow: cashFlow)
    }
}

/// The headline figures of a month.
public struct MonthSummary: Codable, Sendable, Equatable {
    /// Money in, transfers and ignored transactions left out.
    public var income: String
    /// Money out as a positive amount (refunds reduce it), transfers and ignored left out.
    public var expenses: String
    /// income - expenses.
    public var net: String
    /// net / income, nil when there was no income.
    public var savingsRate: Double?
    /// Posted transactions dated in the month, in every account.
    public var transactionCount: Int
    public var transferCount: Int
    public var ignoredCount: Int
    public var pendingCount: Int
    public var uncategorizedCount: Int
    /// Absolute sum of uncategorised amounts.
    public var uncategorizedAmount: String
    /// The same figures for the month before, where the data has it.
    public var previous: PeriodFigures?
    /// The same month a year earlier, where the data has it.
    public var yearAgo: PeriodFigures?

    public init(
        income: String, expenses: String, net: String, savingsRate: Double?, transactionCount: Int,
        transferCount: Int, ignoredCount: Int, pendingCount: Int, uncategorizedCount: Int,
        uncategorizedAmount: String, previous: PeriodFigures?, yearAgo: PeriodFigures?
    ) {
        self.income = income
        self.expenses = expenses
        self.net = net
        self.savingsRate = savingsRate
        self.transactionCount = transactionCount
        self.transferCount = transferCount
        self.ignoredCount = ignoredCount
        self.pendingCount = pendingCount
        self.uncategorizedCount = uncategorizedCount
        self.uncategorizedAmount = uncategorizedAmount
        self.previous = previous
        self.yearAgo = yearAgo
    }
}

/// Income, expenses and net of some other month, for comparison: the same four figures as a point
/// of the trend.
public typealias PeriodFigures = MonthPoint

/// One category's total in the month.
public struct CategoryFigure: Codable, Sendable, Equatable {
    /// `Food:Groceries`, or `Uncategorized`.
    public var category: String
    /// Expense categories: money out as a positive amount. Income categories: money in.
    public var amount: String
    /// Share of the month's expenses (or income), 0...1.
    public var share: Double
    public var transactionCount: Int
    /// The same category in the month before, nil where the data does not reach.
    public var previousAmount: String?
    /// The monthly budget from `closebook.toml`, if any.
    public var budget: String?
    /// amount / budget, nil without a budget.
    public var budgetUsed: Double?

    public init(
        category: String, amount: String, share: Double, transactionCount: Int, previousAmount: String?,
        budget: String?, budgetUsed: Double?
    ) {
        self.category = category
        self.amount = amount
        self.share = share
        self.transactionCount = transactionCount
        self.previousAmount = previousAmount
        self.budget = budget
        self.budgetUsed = budgetUsed
    }
}

/// One account's month.
public struct AccountFigure: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var kind: String
    /// Masked to the last four characters: `••••2222`.
    public var maskedNumber: String?
    public var currency: String
    /// Balance at the start of the first day, nil when no opening balance is known.
    public var openingBalance: String?
    /// Balance at the end of the last day, nil when no opening balance is known.
    public var closingBalance: String?
    /// Sum of money in (transfers included: this is the account's own view).
    public var inflow: String
    /// Sum of money out, as a positive amount.
    public var outflow: String
    public var transactionCount: Int
    /// The date of the account's newest posted transaction on or before the month's last day.
    public var newestTransaction: String?
    /// The first and last day the account's statements cover (import report), where known; the
    /// last as of the month's end (at most its last day), so a later statement leaves it alone.
    public var coveredFrom: String?
    public var coveredThrough: String?
    /// True when the statements cover every day of the month with no gap; nil when unknown.
    public var monthCovered: Bool?

    public init(
        id: String, name: String, kind: String, maskedNumber: String?, currency: String, openingBalance: String?,
        closingBalance: String?, inflow: String, outflow: String, transactionCount: Int,
        newestTransaction: String? = nil, coveredThrough: String? = nil, monthCovered: Bool? = nil
    ) {
        self.newestTransaction = newestTransaction
        self.coveredThrough = coveredThrough
        self.monthCovered = monthCovered
        self.id = id
        self.name = name
        self.kind = kind
        self.maskedNumber = maskedNumber
        self.currency = currency
        self.openingBalance = openingBalance
        self.closingBalance = closingBalance
        self.inflow = inflow
        self.outflow = outflow
        self.transactionCount = transactionCount
    }
}

/// One transaction as a report lists it.
public struct TransactionLine: Codable, Sendable, Equatable {
    public var id: String
    public var date: String
    public var account: String
    public var payee: String
    public var category: String
    /// Signed, as in the ledger.
    public var amount: String

    public init(id: String, date: String, account: String, payee: String, category: String, amount: String) {
        self.id = id
        self.date = date
        self.account = account
        self.payee = payee
        self.category = category
        self.amount = amount
    }
}

/// One month of the trend chart.
public struct MonthPoint: Codable, Sendable, Equatable {
    public var month: String
    public var income: String
    public var expenses: String
    public var net: String

    public init(month: String, income: String, expenses: String, net: String) {
        self.month = month
        self.income = income
        self.expenses = expenses
        self.net = net
    }
}
