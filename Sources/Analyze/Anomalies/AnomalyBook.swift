import Ledger

/// Gathers `AnomalyInput` for any month from one `LedgerHistory`: the month's candidates with their
/// payee's and category's earlier expenses, the currencies each account had used before, the month's
/// category totals against the months before, and the recurring series at the month's end.
///
/// Payee history is the group's (account and payee) last `payeeWindow` expenses before the
/// candidate; a category's history, needed only for payees never seen before, is its last
/// `categoryWindow` expenses. A category too new to have `NewPayeeDetector.minimumCategoryHistory`
/// of them is measured against its top-level group's (`Shopping` for a first `Shopping:Furniture`),
/// and failing that against all spending, and the reason says which. Both are found by binary search in lists built once, so a month costs
/// in proportion to its own transactions.
public struct AnomalyBook: Sendable {
    public static let payeeWindow = 24
    public static let categoryWindow = 200
    /// Days before the month whose transactions are candidates too, so that a charge repeated
    /// across the month's start is seen (only anomalies dated in the month are kept).
    public static let leadDays = 2
    public static let spikeMonths = 12
    /// Days from the ledger's first transaction during which nobody is a "new payee": at the start of
    /// the data every payee is new, and the rent would be flagged as a large first payment.
    public static let warmUpDays = 90

    public let history: LedgerHistory
    /// Per category index: the transaction indices of its expenses (base amount < 0), in order.
    let categoryExpenses: [[Int]]
    /// The same per top-level group name, and for all spending.
    let groupExpenses: [String: [Int]]
    let allExpenses: [Int]
    /// Per account index: each currency's first day on that account.
    let firstCurrencyDay: [[String: Int]]

    public init(history: LedgerHistory) {
        self.history = history
        var categoryExpenses = [[Int]](repeating: [], count: history.categories.count)
        var groupExpenses: [String: [Int]] = [:]
        var allExpenses: [Int] = []
        var firstCurrencyDay = [[String: Int]](repeating: [:], count: history.accounts.count)
        for index in history.transactions.indices {
            let account = Int(history.accountOf[index])
            if account >= 0 {
                let code = history.transactions[index].amount.currency.code
                if firstCurrencyDay[account][code] == nil {
                    firstCurrencyDay[account][code] = history.transactions[index].date.dayNumber
                }
            }
            guard history.groupOf[index] >= 0, let amount = history.baseAmounts[index], amount < 0 else { continue }
            let category = Int(history.categoryOf[index])
            categoryExpenses[category].append(index)
            groupExpenses[history.categories[category].top, default: []].append(index)
            allExpenses.append(index)
        }
        self.categoryExpenses = categoryExpenses
        self.groupExpenses = groupExpenses
        self.allExpenses = allExpenses
        self.firstCurrencyDay = firstCurrencyDay
    }

    public func input(for month: YearMonth, recurring: [RecurringBook.Entry]) -> AnomalyInput {
        let range = history.range(of: month)
        let leadStart = month.firstDay.dayNumber - AnomalyBook.leadDays
        var start = range.lowerBound
        while start > 0, history.transactions[start - 1].date.dayNumber >= leadStart { start -= 1 }
        var candidates: [AnomalyCandidate] = []
        var histories: [String: CandidateHistory] = [:]
        for index in start..<range.upperBound {
            let group = Int(history.groupOf[index])
            guard group >= 0, let amount = history.baseAmounts[index] else { continue }
            let t = history.transactions[index]
            let category = history.categories[Int(history.categoryOf[index])]
            guard !category.isIncome else { continue }
            let candidate = AnomalyCandidate(
                id: t.id.rawValue, date: t.date, account: t.account.rawValue, payee: t.payee, category: category.name,
                amount: amount, currency: t.amount.currency.code)
            candidates.append(candidate)
            guard amount < 0, index >= range.lowerBound else { continue }
            let payee = priorExpenses(history.groups[group].transactions, before: index, limit: AnomalyBook.payeeWindow)
            var categoryHistory: [Int64] = []
            var label: String?
            if payee.isEmpty, let first = history.transactions.first,
                first.date.days(to: t.date) >= AnomalyBook.warmUpDays
            {
                let needed = NewPayeeDetector.minimumCategoryHistory
                let window = AnomalyBook.categoryWindow
                categoryHistory = priorExpenses(
                    categoryExpenses[Int(history.categoryOf[index])], before: index, limit: window)
                if categoryHistory.count < needed, category.top != category.name {
                    categoryHistory = priorExpenses(groupExpenses[category.top] ?? [], before: index, limit: window)
                    label = category.top
                }
                if categoryHistory.count < needed {
                    categoryHistory = priorExpenses(allExpenses, before: index, limit: window)
                    label = CandidateHistory.allSpending
                }
            }
            histories[candidate.id] = CandidateHistory(
                payeeAmounts: payee, categoryAmounts: categoryHistory, categoryLabel: label)
        }
        var currencies: [String: Set<String>] = [:]
        let firstDay = month.firstDay.dayNumber
        for (index, account) in history.accounts.enumerated() {
            currencies[account.id.rawValue] = Set(firstCurrencyDay[index].filter { $0.value < firstDay }.keys)
        }
        return AnomalyInput(
            month: month, currency: history.base, candidates: candidates, histories: histories,
            accountCurrencies: currencies, categories: categoryMonths(month),
            recurring: recurring.map { entry in
                let t = history.transactions[entry.latest]
                return RecurringPayee(
                    payee: t.payee, category: history.categories[Int(history.categoryOf[entry.latest])].name,
                    series: entry.series)
            })
    }

    /// The base amounts of the expenses among `indices` (sorted) before transaction `index`, at most
    /// `limit` of them, most recent last.
    func priorExpenses(_ indices: [Int], before index: Int, limit: Int) -> [Int64] {
        var low = 0
        var high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < index { low = middle + 1 } else { high = middle }
        }
        var amounts: [Int64] = []
        var cursor = low - 1
        while cursor >= 0, amounts.count < limit {
            if let amount = history.baseAmounts[indices[cursor]], amount < 0 { amounts.append(amount) }
            cursor -= 1
        }
        return amounts.reversed()
    }

    /// The month's expense categories with their totals in the months before (up to `spikeMonths`).
    func categoryMonths(_ month: YearMonth) -> [CategoryMonth] {
        guard let offset = history.offset(of: month) else { return [] }
        let previous = (max(0, offset - AnomalyBook.spikeMonths)..<offset)
        var result: [CategoryMonth] = []
        for (index, entry) in history.flows[offset].byCategory where !history.categories[index].isIncome {
            let total = AnomalyBook.clamp(-entry.sum)
            guard total > 0 else { continue }
            let before = previous.map { AnomalyBook.clamp(-(history.flows[$0].byCategory[index]?.sum ?? 0)) }
            result.append(
                CategoryMonth(category: history.categories[index].name, total: total, previousTotals: before))
        }
        return result.sorted { $0.category < $1.category }
    }

    static func clamp(_ value: Int128) -> Int64 {
        value > Int128(Int64.max) ? Int64.max : value < Int128(Int64.min) ? Int64.min : Int64(value)
    }
}
