import AnalysisFile
import Ledger

/// The headline figures of a month: summary, categories, accounts, largest expenses, the
/// 12-month trend and the notices about them.
struct MonthFigures {
    var summary: MonthSummary
    var categories: [CategoryFigure]
    var topCategories: [CategoryFigure]
    var incomeCategories: [CategoryFigure]
    var accounts: [AccountFigure]
    var largestExpenses: [TransactionLine]
    var trend: [MonthPoint]
    var notices: [String]

    init(_ context: MonthContext) throws(AnalyzeError) {
        let month = context.month
        let history = context.history
        let currency = context.base
        let current = context.current
        let label = "the sums of \(month)"

        let previousMonth = month.adding(months: -1)
        let yearAgoMonth = month.adding(months: -12)
        summary = MonthSummary(
            income: try MoneyText.format(current.income, currency, label),
            expenses: try MoneyText.format(current.expenses, currency, label),
            net: try MoneyText.format(current.net, currency, "the net of \(month)"),
            savingsRate: current.income > 0 ? MoneyText.ratio(current.net, current.income) : nil,
            transactionCount: current.transactionCount, transferCount: current.transferCount,
            ignoredCount: current.ignoredCount, pendingCount: current.pendingCount,
            uncategorizedCount: current.uncategorizedCount,
            uncategorizedAmount: try MoneyText.format(current.uncategorizedAmount, currency, label),
            previous: try context.flows(of: previousMonth).map { f throws(AnalyzeError) in
                try MonthFigures.period(previousMonth, f, currency)
            },
            yearAgo: try context.flows(of: yearAgoMonth).map { f throws(AnalyzeError) in
                try MonthFigures.period(yearAgoMonth, f, currency)
            })

        let previous = context.flows(of: previousMonth)
        var categories: [(CategoryFigure, Int128)] = []
        var incomeCategories: [(CategoryFigure, Int128)] = []
        var groups: [String: (sum: Int128, count: Int, previous: Int128)] = [:]
        for (index, entry) in current.byCategory {
            let category = history.categories[index]
            let previousSum = previous.map { $0.byCategory[index]?.sum ?? 0 }
            if category.isIncome {
                incomeCategories.append(
                    (
                        CategoryFigure(
                            category: category.name, amount: try MoneyText.format(entry.sum, currency, label),
                            share: MoneyText.ratio(entry.sum, current.income) ?? 0, transactionCount: entry.count,
                            previousAmount: try previousSum.map { s throws(AnalyzeError) in
                                try MoneyText.format(s, currency, label)
                            }, budget: nil, budgetUsed: nil), entry.sum
                    ))
                continue
            }
            let spent = -entry.sum
            let budget = MonthFigures.monthlyBudget(category.name, context.settings)
            categories.append(
                (
                    CategoryFigure(
                        category: category.name, amount: try MoneyText.format(spent, currency, label),
                        share: current.expenses > 0 ? MoneyText.ratio(spent, current.expenses) ?? 0 : 0,
                        transactionCount: entry.count,
                        previousAmount: try previousSum.map { s throws(AnalyzeError) in
                            try MoneyText.format(-s, currency, label)
                        },
                        budget: budget.map { MoneyText.format($0, currency) },
                        budgetUsed: budget.flatMap { $0 > 0 ? MoneyText.ratio(spent, Int128($0)) : nil }), spent
                ))
            var group = groups[category.top, default: (0, 0, 0)]
            group.sum += spent
            group.count += entry.count
            groups[category.top] = group
        }
        // A group's previous amount counts every expense category under it last month, including
        // ones with nothing this month.
        if let previous {
            for (index, entry) in previous.byCategory where !history.categories[index].isIncome {
                let top = history.categories[index].top
                if groups[top] != nil { groups[top]!.previous -= entry.sum }
            }
        }
        var tops: [(CategoryFigure, Int128)] = []
        for (name, entry) in groups {
            let budget = MonthFigures.monthlyBudget(name, context.settings)
            tops.append(
                (
                    CategoryFigure(
                        category: name, amount: try MoneyText.format(entry.sum, currency, label),
                        share: current.expenses > 0 ? MoneyText.ratio(entry.sum, current.expenses) ?? 0 : 0,
                        transactionCount: entry.count,
                        previousAmount: previous == nil ? nil : try MoneyText.format(entry.previous, currency, label),
                        budget: budget.map { MoneyText.format($0, currency) },
                        budgetUsed: budget.flatMap { $0 > 0 ? MoneyText.ratio(entry.sum, Int128($0)) : nil }), entry.sum
                ))
        }
        self.categories = MonthFigures.ordered(categories)
        self.topCategories = MonthFigures.ordered(tops)
        self.incomeCategories = MonthFigures.ordered(incomeCategories)

        largestExpenses = MonthFigures.largest(context)
        accounts = try MonthFigures.accountFigures(context)

        var trend: [MonthPoint] = []
        for offset in 0..<12 {
            let m = month.adding(months: offset - 11)
            guard let f = context.flows(of: m) else { continue }
            trend.append(
                MonthPoint(
                    month: m.description, income: try MoneyText.format(f.income, currency, "the sums of \(m)"),
                    expenses: try MoneyText.format(f.expenses, currency, "the sums of \(m)"),
                    net: try MoneyText.format(f.net, currency, "the net of \(m)")))
        }
        self.trend = trend

        var notices: [String] = []
        if current.uncategorizedCount > 0 {
            let amount = MoneyPhrase(currency: currency).format(Int64(clamping: current.uncategorizedAmount))
            let count = current.uncategorizedCount
            notices.append(
                "\(count) transaction\(count == 1 ? "" : "s") worth \(amount) "
                    + "had no category; see build/uncategorized.csv and add rules or overrides.")
        }
        if let offset = history.offset(of: month) {
            for missing in history.missingRates[offset].sorted(by: { $0.currency < $1.currency }) {
                let amount = MoneyPhrase(currency: missing.currency).format(Int64(clamping: missing.amount))
                notices.append(
                    "\(missing.count) transaction\(missing.count == 1 ? "" : "s") in \(missing.currency.code) "
                        + "(\(amount), from \(missing.from.isoString)) left out of the "
                        + "figures: rates.csv has no \(missing.currency.code) rate in force from that date.")
            }
        }
        if current.pendingCount > 0 {
            notices.append(
                "\(current.pendingCount) pending transaction\(current.pendingCount == 1 ? " is" : "s are") not counted until posted."
            )
        }
        if current.transactionCount == 0 {
            notices.append("There are no transactions dated in \(month.displayName).")
        }
        self.notices = notices
    }

    static func period(
        _ month: YearMonth, _ f: MonthFlows, _ currency: Currency
    ) throws(AnalyzeError)
        -> PeriodFigures
    {
        PeriodFigures(
            month: month.description, income: try MoneyText.format(f.income, currency, "the sums of \(month)"),
            expenses: try MoneyText.format(f.expenses, currency, "the sums of \(month)"),
            net: try MoneyText.format(f.net, currency, "the net of \(month)"))
    }

    /// Largest amount first; ties by name, so the order never depends on hashing.
    static func ordered(_ figures: [(CategoryFigure, Int128)]) -> [CategoryFigure] {
        figures.sorted { lhs, rhs in lhs.1 != rhs.1 ? lhs.1 > rhs.1 : lhs.0.category < rhs.0.category }.map(\.0)
    }

    /// The month's five largest expenses (money out, not income, counted in the figures), in base.
    static func largest(_ context: MonthContext) -> [TransactionLine] {
        let history = context.history
        // The 5 largest, kept in order while walking the month once: most money out first, then
        // the earlier day, then the smaller id (a full sort of the month cost more than the rest).
        var picked: [(amount: Int64, index: Int)] = []
        history.transactions.withUnsafeBufferPointer { rows in
            func before(_ lhs: (amount: Int64, index: Int), _ rhs: (amount: Int64, index: Int)) -> Bool {
                if lhs.amount != rhs.amount { return lhs.amount < rhs.amount }
                let l = history.dayNumbers[lhs.index]
                let r = history.dayNumbers[rhs.index]
                return l != r ? l < r : rows[lhs.index].id < rows[rhs.index].id
            }
            for index in history.range(of: context.month) where history.countsInFigures(index) {
                guard let amount = history.baseAmounts[index], amount < 0,
                    !history.categories[Int(history.categoryOf[index])].isIncome
                else { continue }
                let candidate = (amount, index)
                if picked.count == 5, !before(candidate, picked[4]) { continue }
                var at = picked.count
                while at > 0, before(candidate, picked[at - 1]) { at -= 1 }
                picked.insert(candidate, at: at)
                if picked.count > 5 { picked.removeLast() }
            }
        }
        return picked.map { entry in
            let t = history.transactions[entry.index]
            return TransactionLine(
                id: t.id.rawValue, date: t.date.isoString, account: t.account.rawValue, payee: t.payee,
                category: t.category?.description ?? LedgerHistory.uncategorized,
                amount: MoneyText.format(entry.amount, context.base))
        }
    }

    /// Per-account opening and closing balances, inflow and outflow, in each account's currency.
    static func accountFigures(_ context: MonthContext) throws(AnalyzeError) -> [AccountFigure] {
        let history = context.history
        let month = context.month
        let offset = history.firstMonth.map { $0.months(to: month) } ?? -1
        var figures: [AccountFigure] = []
        for (index, account) in history.accounts.enumerated().sorted(by: { $0.element.id < $1.element.id }) {
            let months = history.accountMonths[index]
            var before: Int128 = 0
            for m in 0..<max(0, min(offset, months.count)) { before += months[m].change }
            let this = offset >= 0 && offset < months.count ? months[offset] : AccountMonth()
            var opening: Int128?
            var closing: Int128?
            if let base = account.openingBalance, account.openingDate.map({ $0 <= month.lastDay }) ?? true {
                opening = Int128(base.minorUnits) + before
                closing = opening! + this.change
            }
            let currency = account.currency
            let label = "the balance of \(account.id) in \(month)"
            figures.append(
                AccountFigure(
                    id: account.id.rawValue, name: account.name, kind: account.kind.rawValue,
                    maskedNumber: account.maskedNumber, currency: currency.code,
                    openingBalance: try opening.map { v throws(AnalyzeError) in try MoneyText.format(v, currency, label)
                    },
                    closingBalance: try closing.map { v throws(AnalyzeError) in try MoneyText.format(v, currency, label)
                    },
                    inflow: try MoneyText.format(this.inflow, currency, label),
                    outflow: try MoneyText.format(this.outflow, currency, label), transactionCount: this.count,
                    newestTransaction: MonthFigures.newestTransaction(account: index, through: offset, history)?
                        .isoString))
        }
        return figures
    }

    /// The date of account `index`'s newest posted transaction in month `offset` or before.
    static func newestTransaction(account index: Int, through offset: Int, _ history: LedgerHistory) -> CivilDate? {
        guard index < history.accountMonths.count else { return nil }
        return history.lastPostedDays(of: [index], through: offset)[index].flatMap { CivilDate(dayNumber: $0) }
    }
}

extension MonthFigures {
    /// The monthly budget of `category`, for the category table's budget columns. A quarterly or
    /// yearly budget is a pot for its period, judged by the budget cards over the period so far;
    /// beside one month's spending it would read as room that is not there, so the table leaves it out.
    static func monthlyBudget(_ category: String, _ settings: AnalysisSettings) -> Int64? {
        guard let path = CategoryPath(category), settings.budgetPeriods[path] == nil else { return nil }
        return settings.budgets[path]?.minorUnits
    }
}
