import Ledger

/// Gathers `AnomalyInput` for any month from one `LedgerHistory`: the month's candidates with their
/// payee's and category's earlier expenses, the currencies each account had used before, the month's
/// category totals against the months before, and the recurring series at the month's end.
///
/// Payee history is the group's (account and payee) last `payeeWindow` expenses before the
/// candidate; a category's history, needed only for payees never seen before, is its last
/// `categoryWindow` expenses. A category too new to have `NewPayeeDetector.minimumCategoryHistory`
/// of them is measured against its top-level group's (`Shopping` for a first `Shopping:Furniture`),
/// and failing that against its account's own spending (a card's, never all spending with the
/// mortgage and the tax in it, which would put a first payment's bar at hundreds), and the reason
/// says which. Both are found by binary search in lists built once, so a month costs
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
    /// The same per top-level group name, and per account index.
    let groupExpenses: [String: [Int]]
    let accountExpenses: [[Int]]
    /// Per account index, per currency index in `history.currencies`: the day of that currency's
    /// first use on the account, nil when it never used it (indices, not codes: no hashing per row).
    let currencyFirstDays: [[Int?]]
    /// Per transaction: the first day its currency was used on its account (`Int32.max` without an
    /// account), so a month asks "is this currency new here?" without a lookup.
    let currencyFirstDay: [Int32]
    /// Per transaction: its position in its payee group's list (0 when it has no group).
    let positionInGroup: [Int32]
    /// Per payee group's row, in the order of `history.groupDays` (group `g`'s from
    /// `history.groupRowStarts[g]`): the expense in base minor units, 0 for money in or no rate.
    /// The per-transaction checks walk this and `history.groupDays` instead of jumping around the
    /// ledger.
    ///
    /// Why one array for every group rather than one per group: each check read its group's arrays
    /// out of an array of arrays, a retain and a release of each, and a group's arrays are shared
    /// by the months both cores analyse at once, so each retain waited on the other core.
    let groupExpenseAmounts: [Int64]

    public init(history: LedgerHistory) {
        self.history = history
        var categoryExpenses = [[Int]](repeating: [], count: history.categories.count)
        // Expenses per top-level group, gathered by the category's group index rather than by
        // hashing the group's name on every row.
        var tops: [String: Int] = [:]
        let topOf = history.categories.map { category in
            if let known = tops[category.top] { return known }
            tops[category.top] = tops.count
            return tops.count - 1
        }
        var topExpenses = [[Int]](repeating: [], count: tops.count)
        var accountExpenses = [[Int]](repeating: [], count: history.accounts.count)
        var currencyFirstDay = [Int32](repeating: Int32.max, count: history.transactions.count)
        var firstDays = [[Int?]](
            repeating: [Int?](repeating: nil, count: history.currencies.count), count: history.accounts.count)
        for index in history.transactions.indices {
            let account = Int(history.accountOf[index])
            if account >= 0 {
                let currency = Int(history.currencyOf[index])
                let firstDay: Int
                if let known = firstDays[account][currency] {
                    firstDay = known
                } else {
                    firstDay = history.dayNumbers[index]
                    firstDays[account][currency] = firstDay
                }
                currencyFirstDay[index] = Int32(clamping: firstDay)
            }
            guard history.countsInFigures(index), let amount = history.baseAmounts[index], amount < 0 else {
                continue
            }
            let category = Int(history.categoryOf[index])
            categoryExpenses[category].append(index)
            topExpenses[topOf[category]].append(index)
            if account >= 0 { accountExpenses[account].append(index) }
        }
        var groupExpenses: [String: [Int]] = [:]
        for (top, index) in tops where !topExpenses[index].isEmpty { groupExpenses[top] = topExpenses[index] }
        var positionInGroup = [Int32](repeating: 0, count: history.transactions.count)
        var groupExpenseAmounts = [Int64](repeating: 0, count: history.groupBaseAmounts.count)
        // From the history's group-ordered columns (`LedgerHistory.groupBaseAmounts`): read in order.
        for (number, group) in history.groups.enumerated() {
            let start = history.groupRowStarts[number]
            for (position, index) in group.transactions.enumerated() {
                positionInGroup[index] = Int32(position)
                if let amount = history.groupBaseAmounts[start + position], amount < 0 {
                    groupExpenseAmounts[start + position] = amount
                }
            }
        }
        self.positionInGroup = positionInGroup
        self.groupExpenseAmounts = groupExpenseAmounts
        self.categoryExpenses = categoryExpenses
        self.groupExpenses = groupExpenses
        self.accountExpenses = accountExpenses
        self.currencyFirstDays = firstDays
        self.currencyFirstDay = currencyFirstDay
    }

    public func input(for month: YearMonth, recurring: [RecurringBook.Entry]) -> AnomalyInput {
        let range = history.range(of: month)
        let leadStart = month.firstDay.dayNumber - AnomalyBook.leadDays
        let firstDay = month.firstDay.dayNumber
        var start = range.lowerBound
        while start > 0, history.dayNumbers[start - 1] >= leadStart { start -= 1 }
        let warmUpEnd = (history.dayNumbers.first ?? 0) + AnomalyBook.warmUpDays
        var candidates: [AnomalyCandidate] = []
        var histories: [String: CandidateHistory] = [:]
        for index in start..<range.upperBound {
            let group = Int(history.groupOf[index])
            guard group >= 0, let amount = history.baseAmounts[index] else { continue }
            let categoryIndex = Int(history.categoryOf[index])
            guard !history.categories[categoryIndex].isIncome else { continue }
            // Only transactions some detector could flag become candidates: most of a month's
            // transactions are ordinary, and making each a candidate with its histories was most of
            // the stage's time on a large ledger.
            var candidateHistory: CandidateHistory?
            let position = Int(positionInGroup[index])
            if index >= range.lowerBound, amount < 0 {
                let prior = priorStatistics(group, before: position)
                if prior.count >= StatisticalDetector.minimumPayeeHistory,
                    Double(amount.magnitude) > StatisticalDetector.aboveLargestFactor * Double(prior.largest)
                {
                    candidateHistory = CandidateHistory(
                        payeeAmounts: priorGroupExpenses(group, before: position, limit: AnomalyBook.payeeWindow),
                        categoryAmounts: [])
                } else if prior.count == 0, history.dayNumbers[index] >= warmUpEnd {
                    candidateHistory = newPayeeHistory(index, category: categoryIndex)
                }
            }
            let repeated = hasRepeat(group, at: position, amount: amount)
            // New on its account this month, on an account that had used another currency before.
            let account = Int(history.accountOf[index])
            let newCurrency =
                account >= 0 && Int(currencyFirstDay[index]) >= firstDay
                && currencyFirstDays[account].contains { ($0 ?? Int.max) < firstDay }
            guard candidateHistory != nil || repeated || newCurrency else { continue }
            let t = history.transactions[index]
            let candidate = AnomalyCandidate(
                id: t.id.rawValue, date: t.date, account: t.account.rawValue, payee: t.payee,
                category: history.categories[categoryIndex].name, amount: amount, currency: t.amount.currency.code)
            candidates.append(candidate)
            if let candidateHistory { histories[candidate.id] = candidateHistory }
        }
        var currencies: [String: Set<String>] = [:]
        for (index, account) in history.accounts.enumerated() {
            let earlier = currencyFirstDays[index].indices.filter {
                (currencyFirstDays[index][$0] ?? Int.max) < firstDay
            }
            currencies[account.id.rawValue] = Set(earlier.map { history.currencies[$0].code })
        }
        return AnomalyInput(
            month: month, currency: history.base, candidates: candidates, histories: histories,
            accountCurrencies: currencies, categories: categoryMonths(month, recurring: recurring),
            recurring: recurring.map { entry in
                let t = history.transactions[entry.latest]
                let latest = entry.series.occurrences.last ?? entry.latest
                return RecurringPayee(
                    payee: t.payee, category: history.categories[Int(history.categoryOf[entry.latest])].name,
                    series: entry.series, latestID: history.transactions[latest].id.rawValue)
            })
    }

    /// A new payee's yardstick: its category's earlier expenses, else its group's, else its account's.
    func newPayeeHistory(_ index: Int, category categoryIndex: Int) -> CandidateHistory {
        let category = history.categories[categoryIndex]
        let needed = NewPayeeDetector.minimumCategoryHistory
        let window = AnomalyBook.categoryWindow
        var amounts = priorExpenses(categoryExpenses[categoryIndex], beforeTransaction: index, limit: window)
        var label: String?
        if amounts.count < needed, category.top != category.name {
            amounts = priorExpenses(groupExpenses[category.top] ?? [], beforeTransaction: index, limit: window)
            label = category.top
        }
        let account = Int(history.accountOf[index])
        if amounts.count < needed, account >= 0 {
            amounts = priorExpenses(accountExpenses[account], beforeTransaction: index, limit: window)
            label = CandidateHistory.accountSpending
        }
        return CandidateHistory(payeeAmounts: [], categoryAmounts: amounts, categoryLabel: label)
    }

    /// How many of the group's last `payeeWindow` expenses come before `position`, and the largest.
    func priorStatistics(_ group: Int, before position: Int) -> (count: Int, largest: UInt64) {
        let start = history.groupRowStarts[group]
        return groupExpenseAmounts.withUnsafeBufferPointer { amounts in
            var count = 0
            var largest: UInt64 = 0
            var cursor = start + position - 1
            while cursor >= start, count < AnomalyBook.payeeWindow {
                let amount = amounts[cursor]
                if amount < 0 {
                    count += 1
                    largest = max(largest, amount.magnitude)
                }
                cursor -= 1
            }
            return (count, largest)
        }
    }

    /// The group's expenses before `position`, at most `limit` of them, most recent last.
    func priorGroupExpenses(_ group: Int, before position: Int, limit: Int) -> [Int64] {
        let start = history.groupRowStarts[group]
        var amounts: [Int64] = []
        var cursor = start + position - 1
        while cursor >= start, amounts.count < limit {
            if groupExpenseAmounts[cursor] < 0 { amounts.append(groupExpenseAmounts[cursor]) }
            cursor -= 1
        }
        return amounts.reversed()
    }

    /// True when the group has the same amount within `DoubleChargeDetector.windowDays` of the
    /// transaction at `position`, before or after it.
    func hasRepeat(_ group: Int, at position: Int, amount: Int64) -> Bool {
        guard amount <= -DoubleChargeDetector.minimumAmount else { return false }
        let (start, end) = (history.groupRowStarts[group], history.groupRowStarts[group + 1])
        return history.groupDays.withUnsafeBufferPointer { days in
            groupExpenseAmounts.withUnsafeBufferPointer { amounts in
                let here = start + position
                let day = days[here]
                var cursor = here - 1
                while cursor >= start, day - days[cursor] <= DoubleChargeDetector.windowDays {
                    if amounts[cursor] == amount { return true }
                    cursor -= 1
                }
                cursor = here + 1
                while cursor < end, days[cursor] - day <= DoubleChargeDetector.windowDays {
                    if amounts[cursor] == amount { return true }
                    cursor += 1
                }
                return false
            }
        }
    }

    /// The base amounts of the expenses among `indices` (sorted transaction indices) before
    /// transaction `index`, at most `limit` of them, most recent last.
    func priorExpenses(_ indices: [Int], beforeTransaction index: Int, limit: Int) -> [Int64] {
        var low = 0
        var high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < index { low = middle + 1 } else { high = middle }
        }
        return priorExpenses(indices, beforePosition: low, limit: limit)
    }

    /// The same from a position in `indices`.
    func priorExpenses(_ indices: [Int], beforePosition position: Int, limit: Int) -> [Int64] {
        let low = position
        var amounts: [Int64] = []
        var cursor = low - 1
        while cursor >= 0, amounts.count < limit {
            if let amount = history.baseAmounts[indices[cursor]], amount < 0 { amounts.append(amount) }
            cursor -= 1
        }
        return amounts.reversed()
    }

    /// The month's expense categories with their totals in the months before (up to `spikeMonths`).
    ///
    /// The payments the month end's active recurring series were expecting (`ExpectedPayments`) are
    /// left out of the month's total: a yearly premium paid as usual is not a category spike.
    func categoryMonths(_ month: YearMonth, recurring: [RecurringBook.Entry] = []) -> [CategoryMonth] {
        guard let offset = history.offset(of: month) else { return [] }
        let previous = (max(0, offset - AnomalyBook.spikeMonths)..<offset)
        let expected = ExpectedPayments.spending(recurring, history: history, month: month)
        var result: [CategoryMonth] = []
        for (index, entry) in history.flows[offset].byCategory where !history.categories[index].isIncome {
            let total = Int64(clamping: -entry.sum) - (expected[index] ?? 0)
            guard total > 0 else { continue }
            let before = previous.map { Int64(clamping: -(history.flows[$0].byCategory[index]?.sum ?? 0)) }
            result.append(
                CategoryMonth(
                    category: history.categories[index].name, total: total, previousTotals: before,
                    monthExpenses: Int64(clamping: history.flows[offset].expenses), count: entry.count,
                    previousCounts: previous.map { history.flows[$0].byCategory[index]?.count ?? 0 }))
        }
        return result.sorted { $0.category < $1.category }
    }
}
