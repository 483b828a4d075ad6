/// The month's own figures in its analysis file: what it is, its headline, categories, accounts,
/// largest expenses and trend, and what the reader should know.
///
/// Half of `MonthAnalysis`; the other half is the engine's sections (`AnalysisSections`).
public struct MonthOverview: Codable, Sendable, Equatable {
    public var schemaVersion: Int
    /// `2026-10`.
    public var month: String
    /// `October 2026`.
    public var monthName: String
    /// ISO code of the currency every amount here is in.
    public var currency: String
    /// The first and last day of the month, `YYYY-MM-DD`.
    public var periodStart: String
    public var periodEnd: String
    public var summary: MonthSummary
    /// Expense categories (full paths), largest first.
    public var categories: [CategoryFigure]
    /// Top-level expense groups (`Food`), largest first.
    public var topCategories: [CategoryFigure]
    /// Income categories, largest first.
    public var incomeCategories: [CategoryFigure]
    public var accounts: [AccountFigure]
    /// The month's largest single expenses, largest first (at most 5).
    public var largestExpenses: [TransactionLine]
    /// The twelve months ending with this one, oldest first (months before the data are left out).
    public var trend: [MonthPoint]
    /// Things the reader should know: coverage gaps, uncategorised money, currencies left out.
    public var notices: [String]
    /// The share of spending each kind of source categorised, and the uncategorised payees.
    public var categorization: CategorizationSection?
    /// The monthly sums of the active series in `recurring`; nil when none is active.
    public var recurringTotals: RecurringTotalsSection?
    /// Every account's story up to the month end (its page on the site), in the ledger's order.
    public var accountStories: [AccountStory]?

    public init(
        schemaVersion: Int = MonthAnalysis.currentSchemaVersion, month: String, monthName: String, currency: String,
        periodStart: String, periodEnd: String, summary: MonthSummary, categories: [CategoryFigure],
        topCategories: [CategoryFigure], incomeCategories: [CategoryFigure], accounts: [AccountFigure],
        largestExpenses: [TransactionLine], trend: [MonthPoint], notices: [String],
        categorization: CategorizationSection? = nil, recurringTotals: RecurringTotalsSection? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.month = month
        self.monthName = monthName
        self.currency = currency
        self.periodStart = periodStart
        self.periodEnd = periodEnd
        self.summary = summary
        self.categories = categories
        self.topCategories = topCategories
        self.incomeCategories = incomeCategories
        self.accounts = accounts
        self.largestExpenses = largestExpenses
        self.trend = trend
        self.notices = notices
        self.categorization = categorization
        self.recurringTotals = recurringTotals
    }
}
