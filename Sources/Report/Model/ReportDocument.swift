import AnalysisFile
import Ledger

/// What `report.json` holds: every number the HTML page shows, for programs.
///
/// Amounts are exact decimal text (`"-1234.50"`) in the currency named beside them, as in every
/// stage file; ratios are numbers (`0.243` is 24.3%). Keys are written sorted and pretty-printed
/// so the file diffs well. `Schemas/report.schema.json` describes it; bump `schemaVersion` when a
/// field changes meaning or goes away.
public struct ReportDocument: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var month: String
    public var monthName: String
    public var currency: String
    public var periodStart: String
    public var periodEnd: String
    public var headline: Headline
    /// The month before and the same month a year earlier, where the data reaches.
    public var comparisons: [Comparison]
    public var categories: [Category]
    public var groups: [Category]
    public var incomeCategories: [Category]
    public var largestExpenses: [Expense]
    public var accounts: [Account]
    public var trend: [TrendPoint]
    public var notices: [String]
    /// True when the report was published redacted (`closebook-report --redact`): no payees,
    /// account names, numbers or transactions; left out otherwise.
    public var redacted: Bool?
    /// The analysis engine's sections, as in the month's analysis file (see its schema).
    public var complete: Bool?
    public var close: CloseStatus?
    public var netWorth: NetWorthSection?
    public var recurring: [RecurringEntry]?
    public var anomalies: [AnomalyEntry]?
    public var forecast: ForecastSection?
    public var history: HistorySection?
    public var cashFlow: CashFlowSection?
    public var plan: PlanSection?
    public var insights: [InsightEntry]?
    public var insightsOmitted: [OmittedInsight]?
    public var healthScore: HealthScoreSection?
    public var recommendations: [RecommendationEntry]?
    /// The totals under the recurring payments table; left out without an active series.
    public var recurringTotals: RecurringTotals?
    /// The share of spending each kind of source categorised, and the uncategorised payees, as in
    /// the month's analysis file.
    public var categorization: CategorizationSection?

    public struct RecurringTotals: Codable, Sendable, Equatable {
        public var activeCount: Int
        /// Money out per month, positive.
        public var monthlyOut: String
        public var monthlyIn: String
        /// Active series left out of the sums because no rate converts them; left out when 0.
        public var unconverted: Int?

        public init(activeCount: Int, monthlyOut: String, monthlyIn: String, unconverted: Int?) {
            self.activeCount = activeCount
            self.monthlyOut = monthlyOut
            self.monthlyIn = monthlyIn
            self.unconverted = unconverted
        }
    }

    public struct Headline: Codable, Sendable, Equatable {
        public var income: String
        public var expenses: String
        public var net: String
        public var savingsRate: Double?
        public var transactionCount: Int
        public var transferCount: Int
        public var ignoredCount: Int
        public var pendingCount: Int
        public var uncategorizedCount: Int
        public var uncategorizedAmount: String
    }

    public struct Comparison: Codable, Sendable, Equatable {
        /// `previousMonth` or `yearAgo`.
        public var kind: String
        public var month: String
        public var monthName: String
        public var income: String
        public var expenses: String
        public var net: String
        public var savingsRate: Double?
        /// This month minus that month.
        public var incomeChange: String
        /// The change relative to that month's figure; absent when that figure was zero.
        public var incomeChangeRatio: Double?
        public var expensesChange: String
        public var expensesChangeRatio: Double?
        public var netChange: String
        public var netChangeRatio: Double?
        /// Difference of the savings rates as a ratio (0.021 is 2.1 percentage points).
        public var savingsRateChange: Double?
    }

    public struct Category: Codable, Sendable, Equatable {
        public var category: String
        public var amount: String
        public var share: Double
        public var transactionCount: Int
        public var previousAmount: String?
        public var change: String?
        public var changeRatio: Double?
        public var budget: String?
        public var budgetUsed: Double?
        /// budget - amount: negative when over budget.
        public var budgetRemaining: String?
    }

    public struct Expense: Codable, Sendable, Equatable {
        public var id: String
        public var date: String
        public var account: String
        public var payee: String
        public var category: String
        /// Money out as a positive amount.
        public var amount: String
    }

    public struct Account: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var kind: String
        public var maskedNumber: String?
        /// The account's own currency: its amounts are in it.
        public var currency: String
        public var openingBalance: String?
        public var closingBalance: String?
        public var inflow: String
        public var outflow: String
        public var transactionCount: Int
        /// Freshness: the newest transaction, the last day the statements cover, and whether they
        /// cover the whole month.
        public var newestTransaction: String?
        public var coveredFrom: String?
        public var coveredThrough: String?
        public var monthCovered: Bool?
    }

    public struct TrendPoint: Codable, Sendable, Equatable {
        public var month: String
        public var income: String
        public var expenses: String
        public var net: String
    }
}

extension ReportDocument {
    /// The document of a report.
    public init(_ report: MonthReport) {
        schemaVersion = ReportDocument.currentSchemaVersion
        month = report.month.description
        monthName = report.month.displayName
        currency = report.currency.code
        periodStart = report.periodStart.isoString
        periodEnd = report.periodEnd.isoString
        headline = Headline(
            income: report.income.decimalString, expenses: report.expenses.decimalString,
            net: report.net.decimalString, savingsRate: report.savingsRate,
            transactionCount: report.counts.transactions, transferCount: report.counts.transfers,
            ignoredCount: report.counts.ignored, pendingCount: report.counts.pending,
            uncategorizedCount: report.counts.uncategorized,
            uncategorizedAmount: report.counts.uncategorizedAmount.decimalString)
        comparisons = report.comparisons.map { comparison in
            Comparison(
                kind: comparison.kind.rawValue, month: comparison.month.description,
                monthName: comparison.month.displayName, income: comparison.income.decimalString,
                expenses: comparison.expenses.decimalString, net: comparison.net.decimalString,
                savingsRate: comparison.savingsRate, incomeChange: comparison.incomeChange.amount.decimalString,
                incomeChangeRatio: comparison.incomeChange.ratio,
                expensesChange: comparison.expensesChange.amount.decimalString,
                expensesChangeRatio: comparison.expensesChange.ratio,
                netChange: comparison.netChange.amount.decimalString, netChangeRatio: comparison.netChange.ratio,
                savingsRateChange: comparison.savingsRateChange)
        }
        categories = report.categories.map(Category.init)
        groups = report.groups.map(Category.init)
        incomeCategories = report.incomeCategories.map(Category.init)
        largestExpenses = report.largestExpenses.map { line in
            Expense(
                id: line.id, date: line.date.isoString, account: line.account, payee: line.payee,
                category: line.category, amount: line.amount.decimalString)
        }
        accounts = report.accounts.map { account in
            Account(
                id: account.id, name: account.name, kind: account.kind, maskedNumber: account.maskedNumber,
                currency: account.currency.code, openingBalance: account.openingBalance?.decimalString,
                closingBalance: account.closingBalance?.decimalString, inflow: account.inflow.decimalString,
                outflow: account.outflow.decimalString, transactionCount: account.transactionCount,
                newestTransaction: account.newestTransaction?.isoString, coveredFrom: account.coveredFrom?.isoString,
                coveredThrough: account.coveredThrough?.isoString,
                monthCovered: account.monthCovered)
        }
        trend = report.trend.map { point in
            TrendPoint(
                month: point.month.description, income: point.income.decimalString,
                expenses: point.expenses.decimalString, net: point.net.decimalString)
        }
        notices = report.notices
        redacted = report.isRedacted ? true : nil
        complete = report.sections.complete
        close = report.sections.close
        netWorth = report.sections.netWorth
        recurring = report.sections.recurring
        // report.json's schema (version 1) lists an anomaly's risk, not the severity the analysis
        // gives it; the page shows the severity.
        anomalies = report.sections.anomalies?.map { anomaly in
            var entry = anomaly
            entry.severity = nil
            return entry
        }
        forecast = report.sections.forecast
        history = report.sections.history
        cashFlow = report.sections.cashFlow
        plan = report.sections.plan
        insights = report.sections.insights
        insightsOmitted = report.sections.insightsOmitted
        healthScore = report.sections.healthScore
        recommendations = report.sections.recommendations
        recurringTotals = report.recurringTotals.map { totals in
            RecurringTotals(
                activeCount: totals.activeCount, monthlyOut: totals.monthlyOut.decimalString,
                monthlyIn: totals.monthlyIn.decimalString,
                unconverted: totals.unconverted > 0 ? totals.unconverted : nil)
        }
        categorization = report.categorization.map { section in
            CategorizationSection(
                spending: section.spending.decimalString, categorizedShare: section.categorizedShare,
                sources: section.sources.map { source in
                    CategorizationSection.Source(
                        source: source.source, label: source.label, amount: source.amount.decimalString,
                        share: source.share, transactionCount: source.transactionCount)
                },
                uncategorized: section.uncategorized.map { payee in
                    CategorizationSection.UncategorizedPayee(
                        payee: payee.payee, amount: payee.amount.decimalString,
                        transactionCount: payee.transactionCount)
                }, moreUncategorized: section.moreUncategorized)
        }
    }
}

extension ReportDocument.Category {
    init(_ line: MonthReport.CategoryLine) {
        self.init(
            category: line.category, amount: line.amount.decimalString, share: line.share,
            transactionCount: line.transactionCount, previousAmount: line.previousAmount?.decimalString,
            change: line.change?.amount.decimalString, changeRatio: line.change?.ratio,
            budget: line.budget?.decimalString, budgetUsed: line.budgetUsed,
            budgetRemaining: line.budgetRemaining?.decimalString)
    }
}
