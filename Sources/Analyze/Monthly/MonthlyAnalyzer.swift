import Ledger

/// Why a month cannot be analysed.
public struct AnalyzeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "error: \(message)" }
}

/// Computes the figures of one month from a categorised ledger, in one pass over the transactions.
public struct MonthlyAnalyzer: Sendable {
    public var budgets: [CategoryPath: Money]

    public init(budgets: [CategoryPath: Money] = [:]) {
        self.budgets = budgets
    }

    /// The month a `ReportMonth` names in this ledger; throws when the ledger is empty.
    public func resolve(_ month: ReportMonth, in ledger: Journal) throws(AnalyzeError) -> YearMonth {
        switch month {
        case .month(let value):
            return value
        case .latestComplete:
            guard let last = ledger.transactions.lazy.map(\.date).max() else {
                throw AnalyzeError("the ledger has no transactions, so there is no month to report on")
            }
            return ReportMonth.latestComplete(lastDate: last)
        }
    }

    public func analyze(_ ledger: Journal, month: YearMonth) throws(AnalyzeError) -> MonthAnalysis {
        let currency = ledger.baseCurrency
        var totals: [YearMonth: MonthTotals] = [:]
        var otherCurrencies: [String: Int] = [:]
        var firstMonth: YearMonth?
        var candidates: [Transaction] = []
        let trendStart = month.adding(months: -11)
        for transaction in ledger.transactions {
            let transactionMonth = transaction.date.yearMonth
            if firstMonth == nil || transactionMonth < firstMonth! { firstMonth = transactionMonth }
            guard transaction.amount.currency == currency else {
                if transactionMonth == month { otherCurrencies[transaction.amount.currency.code, default: 0] += 1 }
                continue
            }
            let needed =
                transactionMonth >= trendStart && transactionMonth <= month
                || transactionMonth == month.adding(months: -12)
            guard needed else { continue }
            totals[transactionMonth, default: MonthTotals()].add(transaction)
            if transactionMonth == month, transaction.countsInFigures, transaction.amount.isNegative,
                transaction.category?.top != "Income"
            {
                candidates.append(transaction)
            }
        }
        let current = totals[month] ?? MonthTotals()
        if totals.values.contains(where: \.overflowed) {
            throw AnalyzeError("the sums of \(month) do not fit in 64-bit minor units; check the amounts in the inbox")
        }
        let previousMonth = month.adding(months: -1)
        let yearAgoMonth = month.adding(months: -12)
        let hasData = { (m: YearMonth) in firstMonth.map { $0 <= m } ?? false }

        let expenses = current.expenses.total
        let income = current.income.total
        let (net, overflow) = income.subtractingReportingOverflow(expenses)
        if overflow { throw AnalyzeError("the net of \(month) does not fit in 64-bit minor units") }
        let summary = MonthSummary(
            income: format(income, currency), expenses: format(expenses, currency), net: format(net, currency),
            savingsRate: income > 0 ? MonthlyAnalyzer.ratio(net, income) : nil,
            transactionCount: current.transactionCount, transferCount: current.transferCount,
            ignoredCount: current.ignoredCount, pendingCount: current.pendingCount,
            uncategorizedCount: current.uncategorizedCount,
            uncategorizedAmount: format(current.uncategorizedAmount.total, currency),
            previous: hasData(previousMonth) ? figures(previousMonth, totals[previousMonth], currency) : nil,
            yearAgo: hasData(yearAgoMonth) ? figures(yearAgoMonth, totals[yearAgoMonth], currency) : nil)

        let previous = hasData(previousMonth) ? (totals[previousMonth] ?? MonthTotals()) : nil
        var categories: [CategoryFigure] = []
        var groups: [String: (sum: Int64, count: Int)] = [:]
        for (name, entry) in current.expenseByCategory {
            let spent = -entry.sum.total
            let budget = CategoryPath(name).flatMap { budgets[$0] }.map(\.minorUnits)
            let previousSpent = previous.map { -($0.expenseByCategory[name]?.sum.total ?? 0) }
            categories.append(
                CategoryFigure(
                    category: name, amount: format(spent, currency),
                    share: expenses > 0 ? MonthlyAnalyzer.ratio(spent, expenses) : 0, transactionCount: entry.count,
                    previousAmount: previousSpent.map { format($0, currency) },
                    budget: budget.map { format($0, currency) },
                    budgetUsed: budget.flatMap { $0 > 0 ? MonthlyAnalyzer.ratio(spent, $0) : nil }))
            let top = CategoryPath(name)?.top ?? name
            groups[top, default: (0, 0)].sum += spent
            groups[top, default: (0, 0)].count += entry.count
        }
        let topCategories = groups.map { name, entry in
            let budget = CategoryPath(name).flatMap { budgets[$0] }.map(\.minorUnits)
            let previousSpent = previous.map { totals in
                -totals.expenseByCategory.filter { (CategoryPath($0.key)?.top ?? $0.key) == name }
                    .reduce(Int64(0)) { $0 + $1.value.sum.total }
            }
            return CategoryFigure(
                category: name, amount: format(entry.sum, currency),
                share: expenses > 0 ? MonthlyAnalyzer.ratio(entry.sum, expenses) : 0, transactionCount: entry.count,
                previousAmount: previousSpent.map { format($0, currency) }, budget: budget.map { format($0, currency) },
                budgetUsed: budget.flatMap { $0 > 0 ? MonthlyAnalyzer.ratio(entry.sum, $0) : nil })
        }
        let incomeCategories = current.incomeByCategory.map { name, entry in
            CategoryFigure(
                category: name, amount: format(entry.sum.total, currency),
                share: income > 0 ? MonthlyAnalyzer.ratio(entry.sum.total, income) : 0, transactionCount: entry.count,
                previousAmount: previous.map { format($0.incomeByCategory[name]?.sum.total ?? 0, currency) },
                budget: nil, budgetUsed: nil)
        }

        let largest = candidates.sorted { lhs, rhs in
            if lhs.amount.minorUnits != rhs.amount.minorUnits { return lhs.amount.minorUnits < rhs.amount.minorUnits }
            if lhs.date != rhs.date { return lhs.date < rhs.date }
            return lhs.id < rhs.id
        }.prefix(5).map { t in
            TransactionLine(
                id: t.id.rawValue, date: t.date.isoString, account: t.account.rawValue, payee: t.payee,
                category: t.category?.description ?? MonthTotals.uncategorized, amount: t.amount.decimalString)
        }

        var trend: [MonthPoint] = []
        for offset in 0..<12 {
            let m = trendStart.adding(months: offset)
            guard hasData(m) else { continue }
            let t = totals[m] ?? MonthTotals()
            trend.append(
                MonthPoint(
                    month: m.description, income: format(t.income.total, currency),
                    expenses: format(t.expenses.total, currency),
                    net: format(t.income.total - t.expenses.total, currency)))
        }

        var notices: [String] = []
        if current.uncategorizedCount > 0 {
            let amount = Money(minorUnits: current.uncategorizedAmount.total, currency: currency)
            notices.append(
                "\(current.uncategorizedCount) transaction\(current.uncategorizedCount == 1 ? "" : "s") worth \(amount.displayString) "
                    + "had no category; see build/uncategorized.csv and add rules or overrides.")
        }
        for (code, count) in otherCurrencies.sorted(by: { $0.key < $1.key }) {
            notices.append(
                "\(count) transaction\(count == 1 ? "" : "s") in \(code) left out of the figures, which are in \(currency.code)."
            )
        }
        if current.pendingCount > 0 {
            notices.append(
                "\(current.pendingCount) pending transaction\(current.pendingCount == 1 ? " is" : "s are") not counted until posted."
            )
        }
        if !hasData(month) || current.transactionCount == 0 {
            notices.append("There are no transactions dated in \(month.displayName).")
        }

        return MonthAnalysis(
            month: month.description, monthName: month.displayName, currency: currency.code,
            periodStart: month.firstDay.isoString, periodEnd: month.lastDay.isoString, summary: summary,
            categories: MonthlyAnalyzer.ordered(categories, currency),
            topCategories: MonthlyAnalyzer.ordered(topCategories, currency),
            incomeCategories: MonthlyAnalyzer.ordered(incomeCategories, currency),
            accounts: accountFigures(ledger, month: month), largestExpenses: Array(largest), trend: trend,
            notices: notices)
    }

    /// Per-account opening and closing balances, inflow and outflow, from every posted transaction.
    func accountFigures(_ ledger: Journal, month: YearMonth) -> [AccountFigure] {
        ledger.accounts.sorted { $0.id < $1.id }.map { account in
            var before = MoneyAccumulator()
            var inflow = MoneyAccumulator()
            var outflow = MoneyAccumulator()
            var count = 0
            for t in ledger.transactions where t.account == account.id && t.status == .posted {
                if let start = account.openingDate, t.date < start { continue }
                if t.date < month.firstDay {
                    before.add(t.amount.minorUnits)
                } else if month.contains(t.date) {
                    count += 1
                    if t.amount.minorUnits >= 0 {
                        inflow.add(t.amount.minorUnits)
                    } else {
                        outflow.add(-t.amount.minorUnits)
                    }
                }
            }
            var opening: Int64?
            var closing: Int64?
            if let base = account.openingBalance, account.openingDate.map({ $0 <= month.lastDay }) ?? true {
                opening = base.minorUnits + before.total
                closing = opening! + inflow.total - outflow.total
            }
            let currency = account.currency
            return AccountFigure(
                id: account.id.rawValue, name: account.name, kind: account.kind.rawValue,
                maskedNumber: account.maskedNumber, currency: currency.code,
                openingBalance: opening.map { format($0, currency) },
                closingBalance: closing.map { format($0, currency) },
                inflow: format(inflow.total, currency), outflow: format(outflow.total, currency),
                transactionCount: count)
        }
    }

    private func figures(_ month: YearMonth, _ totals: MonthTotals?, _ currency: Currency) -> PeriodFigures {
        let t = totals ?? MonthTotals()
        return PeriodFigures(
            month: month.description, income: format(t.income.total, currency),
            expenses: format(t.expenses.total, currency),
            net: format(t.income.total - t.expenses.total, currency))
    }

    private func format(_ minorUnits: Int64, _ currency: Currency) -> String {
        Money(minorUnits: minorUnits, currency: currency).decimalString
    }

    /// A ratio rounded to four decimals, so the JSON stays short and stable.
    static func ratio(_ numerator: Int64, _ denominator: Int64) -> Double {
        (Double(numerator) / Double(denominator) * 10_000).rounded() / 10_000
    }

    /// Largest amount first; ties by name, so the order never depends on hashing.
    static func ordered(_ figures: [CategoryFigure], _ currency: Currency) -> [CategoryFigure] {
        figures.sorted { lhs, rhs in
            let l = (try? Money.parse(lhs.amount, currency: currency).minorUnits) ?? 0
            let r = (try? Money.parse(rhs.amount, currency: currency).minorUnits) ?? 0
            return l != r ? l > r : lhs.category < rhs.category
        }
    }
}
