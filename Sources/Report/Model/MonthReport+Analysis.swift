import AnalysisFile
import Ledger

extension MonthReport {
    /// Reads a month analysis: parses every amount and date, and works out the changes.
    ///
    /// `path` names the analysis file in errors. Every amount must be exact decimal text in its
    /// currency; a field that is not becomes an error naming the field and the text.
    public init(analysis: MonthAnalysis, path: String) throws(ReportError) {
        var reader = AnalysisReader(path: path)
        guard analysis.schemaVersion == MonthAnalysis.currentSchemaVersion else {
            throw reader.failure(
                "schema version \(analysis.schemaVersion) is not the one this closebook-report reads "
                    + "(\(MonthAnalysis.currentSchemaVersion)); run closebook-analyze and closebook-report of one release"
            )
        }
        guard let month = YearMonth(analysis.month) else {
            throw reader.failure("month '\(analysis.month)' is not YYYY-MM")
        }
        guard let currency = Currency(code: analysis.currency) else {
            throw reader.failure("currency '\(analysis.currency)' is not a three-letter ISO code")
        }
        reader.currency = currency
        self.month = month
        self.currency = currency
        periodStart = try reader.date(analysis.periodStart, field: "periodStart")
        periodEnd = try reader.date(analysis.periodEnd, field: "periodEnd")

        let summary = analysis.summary
        income = try reader.money(summary.income, field: "summary.income")
        expenses = try reader.money(summary.expenses, field: "summary.expenses")
        net = try reader.money(summary.net, field: "summary.net")
        savingsRate = summary.savingsRate
        counts = Counts(
            transactions: summary.transactionCount, transfers: summary.transferCount, ignored: summary.ignoredCount,
            pending: summary.pendingCount, uncategorized: summary.uncategorizedCount,
            uncategorizedAmount: try reader.money(summary.uncategorizedAmount, field: "summary.uncategorizedAmount"))

        comparisons = []
        let earlier: [(ComparisonKind, PeriodFigures?)] = [
            (.previousMonth, summary.previous), (.yearAgo, summary.yearAgo),
        ]
        for case let (kind, figures?) in earlier {
            comparisons.append(try reader.comparison(kind, figures, income: income, expenses: expenses, net: net))
        }

        categories = try reader.categories(analysis.categories, field: "categories")
        groups = try reader.categories(analysis.topCategories, field: "topCategories")
        incomeCategories = try reader.categories(analysis.incomeCategories, field: "incomeCategories")

        largestExpenses = []
        for (index, line) in analysis.largestExpenses.enumerated() {
            let field = "largestExpenses[\(index)]"
            let signed = try reader.money(line.amount, field: field + ".amount")
            guard let amount = signed.negated else { throw reader.failure("\(field).amount is out of range") }
            largestExpenses.append(
                ExpenseLine(
                    id: line.id, date: try reader.date(line.date, field: field + ".date"), account: line.account,
                    payee: line.payee, category: line.category, amount: amount))
        }

        accounts = []
        for (index, account) in analysis.accounts.enumerated() {
            let field = "accounts[\(index)]"
            guard let accountCurrency = Currency(code: account.currency) else {
                throw reader.failure("\(field).currency '\(account.currency)' is not a three-letter ISO code")
            }
            accounts.append(
                AccountLine(
                    id: account.id, name: account.name, kind: account.kind, maskedNumber: account.maskedNumber,
                    currency: accountCurrency,
                    openingBalance: try reader.optionalMoney(
                        account.openingBalance, field: field + ".openingBalance", currency: accountCurrency),
                    closingBalance: try reader.optionalMoney(
                        account.closingBalance, field: field + ".closingBalance", currency: accountCurrency),
                    inflow: try reader.money(account.inflow, field: field + ".inflow", currency: accountCurrency),
                    outflow: try reader.money(account.outflow, field: field + ".outflow", currency: accountCurrency),
                    transactionCount: account.transactionCount,
                    newestTransaction: try account.newestTransaction.map { d throws(ReportError) in
                        try reader.date(d, field: field + ".newestTransaction")
                    },
                    coveredFrom: try account.coveredFrom.map { d throws(ReportError) in
                        try reader.date(d, field: field + ".coveredFrom")
                    },
                    coveredThrough: try account.coveredThrough.map { d throws(ReportError) in
                        try reader.date(d, field: field + ".coveredThrough")
                    }, monthCovered: account.monthCovered))
        }

        trend = []
        for (index, point) in analysis.trend.enumerated() {
            let field = "trend[\(index)]"
            guard let pointMonth = YearMonth(point.month) else {
                throw reader.failure("\(field).month '\(point.month)' is not YYYY-MM")
            }
            trend.append(
                TrendPoint(
                    month: pointMonth, income: try reader.money(point.income, field: field + ".income"),
                    expenses: try reader.money(point.expenses, field: field + ".expenses"),
                    net: try reader.money(point.net, field: field + ".net")))
        }
        notices = analysis.notices
        sections = analysis.sections
        recurringTotals = try analysis.recurringTotals.map { totals throws(ReportError) in
            RecurringTotals(
                activeCount: totals.activeCount,
                monthlyOut: try reader.money(totals.monthlyOut, field: "recurringTotals.monthlyOut"),
                monthlyIn: try reader.money(totals.monthlyIn, field: "recurringTotals.monthlyIn"),
                unconverted: totals.unconverted ?? 0)
        }
        categorization = try analysis.categorization.map { section throws(ReportError) in
            try reader.categorization(section)
        }
        accountStories = analysis.accountStories ?? []
    }
}

/// Parses the text fields of an analysis, naming the field in every error.
private struct AnalysisReader {
    let path: String
    var currency = Currency.gbp

    init(path: String) {
        self.path = path
    }

    func failure(_ message: String) -> ReportError {
        ReportError(.input, path: path, message: message)
    }

    func money(_ text: String, field: String, currency: Currency? = nil) throws(ReportError) -> Money {
        let currency = currency ?? self.currency
        do {
            return try Money.parse(text, currency: currency)
        } catch {
            throw failure("\(field) '\(text)' is not an amount in \(currency.code): \(error)")
        }
    }

    func optionalMoney(_ text: String?, field: String, currency: Currency? = nil) throws(ReportError) -> Money? {
        guard let text else { return nil }
        return try money(text, field: field, currency: currency)
    }

    func date(_ text: String, field: String) throws(ReportError) -> CivilDate {
        guard let date = CivilDate(iso: text) else { throw failure("\(field) '\(text)' is not a YYYY-MM-DD date") }
        return date
    }

    func change(from earlier: Money, to current: Money, field: String) throws(ReportError) -> MonthReport.Change {
        guard let change = MonthReport.Change(from: earlier, to: current) else {
            throw failure("\(field): the change is too large to represent exactly")
        }
        return change
    }

    func comparison(
        _ kind: MonthReport.ComparisonKind, _ figures: PeriodFigures, income: Money, expenses: Money, net: Money
    ) throws(ReportError) -> MonthReport.Comparison {
        let field = kind == .previousMonth ? "summary.previous" : "summary.yearAgo"
        guard let month = YearMonth(figures.month) else {
            throw failure("\(field).month '\(figures.month)' is not YYYY-MM")
        }
        let earlierIncome = try money(figures.income, field: field + ".income")
        let earlierExpenses = try money(figures.expenses, field: field + ".expenses")
        let earlierNet = try money(figures.net, field: field + ".net")
        let earlierRate = MonthReport.savingsRate(net: earlierNet, income: earlierIncome)
        let currentRate = MonthReport.savingsRate(net: net, income: income)
        var rateChange: Double?
        if let earlierRate, let currentRate { rateChange = MonthReport.rounded(currentRate - earlierRate) }
        return MonthReport.Comparison(
            kind: kind, month: month, income: earlierIncome, expenses: earlierExpenses, net: earlierNet,
            savingsRate: earlierRate,
            incomeChange: try change(from: earlierIncome, to: income, field: field),
            expensesChange: try change(from: earlierExpenses, to: expenses, field: field),
            netChange: try change(from: earlierNet, to: net, field: field), savingsRateChange: rateChange)
    }

    func categorization(_ section: CategorizationSection) throws(ReportError) -> MonthReport.Categorization {
        var sources: [MonthReport.Categorization.Source] = []
        for (index, entry) in section.sources.enumerated() {
            sources.append(
                MonthReport.Categorization.Source(
                    source: entry.source, label: entry.label,
                    amount: try money(entry.amount, field: "categorization.sources[\(index)].amount"),
                    share: entry.share, transactionCount: entry.transactionCount))
        }
        var payees: [MonthReport.Categorization.Payee] = []
        for (index, entry) in section.uncategorized.enumerated() {
            payees.append(
                MonthReport.Categorization.Payee(
                    payee: entry.payee,
                    amount: try money(entry.amount, field: "categorization.uncategorized[\(index)].amount"),
                    transactionCount: entry.transactionCount))
        }
        return MonthReport.Categorization(
            spending: try money(section.spending, field: "categorization.spending"),
            categorizedShare: section.categorizedShare, sources: sources, uncategorized: payees,
            moreUncategorized: section.moreUncategorized)
    }

    func categories(_ figures: [CategoryFigure], field: String) throws(ReportError) -> [MonthReport.CategoryLine] {
        var lines: [MonthReport.CategoryLine] = []
        lines.reserveCapacity(figures.count)
        for (index, figure) in figures.enumerated() {
            let name = "\(field)[\(index)]"
            let amount = try money(figure.amount, field: name + ".amount")
            let previous = try optionalMoney(figure.previousAmount, field: name + ".previousAmount")
            let budget = try optionalMoney(figure.budget, field: name + ".budget")
            var change: MonthReport.Change?
            if let previous { change = try self.change(from: previous, to: amount, field: name) }
            var remaining: Money?
            if let budget {
                guard let left = budget.subtracting(amount) else {
                    throw failure("\(name): the budget left is too large to represent exactly")
                }
                remaining = left
            }
            var used = figure.budgetUsed
            if used == nil, let budget, budget.isPositive {
                used = MonthReport.rounded(Double(amount.minorUnits) / Double(budget.minorUnits))
            }
            lines.append(
                MonthReport.CategoryLine(
                    category: figure.category, amount: amount, share: figure.share,
                    transactionCount: figure.transactionCount, previousAmount: previous, change: change,
                    budget: budget, budgetUsed: used, budgetRemaining: remaining))
        }
        return lines
    }
}

extension MonthReport {
    /// net / income, or nil when there was no income to save from.
    static func savingsRate(net: Money, income: Money) -> Double? {
        income.isPositive ? rounded(Double(net.minorUnits) / Double(income.minorUnits)) : nil
    }
}
