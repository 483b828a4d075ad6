import AnalysisFile
import Ledger

/// What `report.json` holds: every number the HTML page shows, for programs.
///
/// Amounts are exact decimal text (`"-1234.50"`) in the currency named beside them, as in every
/// stage file; ratios are numbers (`0.243` is 24.3%). Keys are written sorted and pretty-printed
/// so the file diffs well. `Schemas/report.schema.json` describes it; bump `schemaVersion` when a
/// field changes meaning or goes away.
@dynamicMemberLookup
public struct ReportDocument: SectionedDocument, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    /// The page's own figures, parsed from the analysis and written again.
    public var overview: Overview
    /// The analysis engine's sections, as in the month's analysis file (see its schema), at the
    /// top level beside the overview's members.
    public var sections: AnalysisSections

    public init(overview: Overview, sections: AnalysisSections) {
        self.overview = overview
        self.sections = sections
    }

    public struct Overview: Codable, Sendable, Equatable {
        public var schemaVersion: Int
        public var month: String
        public var monthName: String
        public var currency: String
        public var periodStart: String
        public var periodEnd: String
        /// The analysis's summary without `previous` and `yearAgo`: `comparisons` has them.
        public var headline: MonthSummary
        /// The month before and the same month a year earlier, where the data reaches.
        public var comparisons: [Comparison]
        public var categories: [Category]
        public var groups: [Category]
        public var incomeCategories: [Category]
        public var largestExpenses: [Expense]
        /// Each account's month in its own currency, as the analysis has it (its figures read and
        /// written again).
        public var accounts: [AccountFigure]
        public var trend: [MonthPoint]
        public var notices: [String]
        /// True when the report was published redacted (`closebook-report --redact`): no payees,
        /// account names, numbers or transactions; left out otherwise.
        public var redacted: Bool?
        /// The totals under the recurring payments table; left out without an active series.
        public var recurringTotals: RecurringTotalsSection?
        /// The share of spending each kind of source categorised, and the uncategorised payees, as in
        /// the month's analysis file.
        public var categorization: CategorizationSection?
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
}

extension ReportDocument {
    /// The document of a report.
    public init(_ report: MonthReport) {
        let headline = MonthSummary(
            income: report.income.decimalString, expenses: report.expenses.decimalString,
            net: report.net.decimalString, savingsRate: report.savingsRate,
            transactionCount: report.counts.transactions, transferCount: report.counts.transfers,
            ignoredCount: report.counts.ignored, pendingCount: report.counts.pending,
            uncategorizedCount: report.counts.uncategorized,
            uncategorizedAmount: report.counts.uncategorizedAmount.decimalString, previous: nil, yearAgo: nil)
        let comparisons = report.comparisons.map { comparison in
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
        let largestExpenses = report.largestExpenses.map { line in
            Expense(
                id: line.id, date: line.date.isoString, account: line.account, payee: line.payee,
                category: line.category, amount: line.amount.decimalString)
        }
        let accounts = report.accounts.map { account in
            var figure = AccountFigure(
                id: account.id, name: account.name, kind: account.kind, maskedNumber: account.maskedNumber,
                currency: account.currency.code, openingBalance: account.openingBalance?.decimalString,
                closingBalance: account.closingBalance?.decimalString, inflow: account.inflow.decimalString,
                outflow: account.outflow.decimalString, transactionCount: account.transactionCount,
                newestTransaction: account.newestTransaction?.isoString,
                coveredThrough: account.coveredThrough?.isoString, monthCovered: account.monthCovered)
            figure.coveredFrom = account.coveredFrom?.isoString
            return figure
        }
        let trend = report.trend.map { point in
            MonthPoint(
                month: point.month.description, income: point.income.decimalString,
                expenses: point.expenses.decimalString, net: point.net.decimalString)
        }
        let recurringTotals = report.recurringTotals.map { totals in
            RecurringTotalsSection(
                activeCount: totals.activeCount, monthlyOut: totals.monthlyOut.decimalString,
                monthlyIn: totals.monthlyIn.decimalString,
                unconverted: totals.unconverted > 0 ? totals.unconverted : nil)
        }
        let categorization = report.categorization.map { section in
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
        overview = Overview(
            schemaVersion: ReportDocument.currentSchemaVersion, month: report.month.description,
            monthName: report.month.displayName, currency: report.currency.code,
            periodStart: report.periodStart.isoString, periodEnd: report.periodEnd.isoString, headline: headline,
            comparisons: comparisons, categories: report.categories.map(Category.init),
            groups: report.groups.map(Category.init), incomeCategories: report.incomeCategories.map(Category.init),
            largestExpenses: largestExpenses, accounts: accounts, trend: trend, notices: report.notices,
            redacted: report.isRedacted ? true : nil, recurringTotals: recurringTotals,
            categorization: categorization)
        sections = report.sections
        // report.json's schema (version 1) lists an anomaly's risk, not the severity the analysis
        // gives it; the page shows the severity.
        sections.anomalies = report.sections.anomalies?.map { anomaly in
            var entry = anomaly
            entry.severity = nil
            return entry
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
