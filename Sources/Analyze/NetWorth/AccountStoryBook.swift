import AnalysisFile
import Ledger

/// Every account's story at every month end (`AccountStory`): what its page on the site shows.
///
/// Built once from the history and the net worth's balances: each account's posted transactions
/// are listed in one pass over the ledger, and their largest ones are kept month by month as the
/// pass goes (the five largest this calendar year and since the data begins), so a month's story
/// is a look-up, never another pass. Contributions for a valued account's growth are its
/// transfers (see `GrowthSplit`).
public struct AccountStoryBook: Sendable {
    /// How many of the largest movements a page lists, this year and all time.
    public static let largestCount = 5

    public let history: LedgerHistory
    public let settings: AnalysisSettings
    public let netWorth: NetWorthBook
    /// Per account: its posted transactions' indices in the history, oldest first.
    let postings: [[Int]]
    /// Per account, per month from the first: the largest movements up to the month end, this
    /// calendar year and all time (history indices, largest first).
    let largest: [[(year: [Int], all: [Int])]]

    public init(netWorth: NetWorthBook) {
        let history = netWorth.history
        self.history = history
        self.settings = netWorth.settings
        self.netWorth = netWorth
        let openingDays = history.accounts.map { $0.openingDate?.dayNumber ?? Int.min }
        var postings = [[Int]](repeating: [], count: history.accounts.count)
        for index in history.transactions.indices {
            let account = Int(history.accountOf[index])
            guard account >= 0, history.transactions[index].status == .posted,
                history.dayNumbers[index] >= openingDays[account]
            else { continue }
            postings[account].append(index)
        }
        self.postings = postings
        var largest: [[(year: [Int], all: [Int])]] = []
        for list in postings {
            var perMonth: [(year: [Int], all: [Int])] = []
            var year: [Int] = []
            var all: [Int] = []
            var next = 0
            for offset in 0..<history.monthCount {
                let month = history.firstMonth!.adding(months: offset)
                if month.month == 1 { year = [] }
                let endDay = month.lastDay.dayNumber
                while next < list.count, history.dayNumbers[list[next]] <= endDay {
                    AccountStoryBook.keepLargest(list[next], in: &year, amounts: history.amounts)
                    AccountStoryBook.keepLargest(list[next], in: &all, amounts: history.amounts)
                    next += 1
                }
                perMonth.append((year, all))
            }
            largest.append(perMonth)
        }
        self.largest = largest
    }

    /// Inserts `index` into `list` (largest size first, the earlier first among equals), keeping
    /// at most `largestCount`.
    static func keepLargest(_ index: Int, in list: inout [Int], amounts: [Int64]) {
        let size = amounts[index].magnitude
        var position = list.count
        while position > 0, amounts[list[position - 1]].magnitude < size { position -= 1 }
        guard position < largestCount else { return }
        list.insert(index, at: position)
        if list.count > largestCount { list.removeLast() }
    }

    /// Every account's story at the end of `month` (nil outside the data), in the ledger's order.
    public func stories(for month: YearMonth) throws(AnalyzeError) -> [AccountStory]? {
        guard let offset = history.offset(of: month) else { return nil }
        var stories: [AccountStory] = []
        for (index, account) in history.accounts.enumerated() {
            stories.append(try story(index, account, offset: offset, month: month))
        }
        return stories
    }

    func story(_ index: Int, _ account: Account, offset: Int, month: YearMonth) throws(AnalyzeError) -> AccountStory {
        let end = month.lastDay
        let currency = account.currency
        var monthEnds: [AccountMonthEnd] = []
        for m in 0...offset {
            let balance = netWorth.balances[m][index]
            let label = history.firstMonth!.adding(months: m)
            // Before an opening date the account did not exist; after its close it is gone.
            guard balance.open else { continue }
            monthEnds.append(
                AccountMonthEnd(
                    month: label.description,
                    balance: try balance.balance.map { v throws(AnalyzeError) in
                        try MoneyText.format(v, currency, "the balance of \(account.id) at the end of \(label)")
                    }, source: balance.source.rawValue))
        }
        let upToEnd = postings[index][..<endIndex(of: postings[index], through: end.dayNumber)]
        let valuations = (settings.valuations.entries[account.id] ?? []).filter { $0.date <= end }
        return AccountStory(
            id: account.id.rawValue, name: account.name, kind: account.kind.rawValue, currency: currency.code,
            monthEnds: monthEnds, coverage: [], transactionCount: upToEnd.count,
            firstTransaction: upToEnd.first.map { history.transactions[$0].date.isoString },
            newestTransaction: upToEnd.last.map { history.transactions[$0].date.isoString },
            largestThisYear: largest[index][offset].year.map(line),
            largestAllTime: largest[index][offset].all.map(line),
            valuations: valuations.map {
                AccountValuation(
                    date: $0.date.isoString, value: MoneyText.format($0.value.minorUnits, currency),
                    source: $0.isPositions ? "statement" : "valuations.csv")
            },
            growth: growth(index, account, through: end).map { entry(of: $0, currency: currency) })
    }

    /// Where the postings after `day` begin in `list` (dated in order), by bisection.
    func endIndex(of list: [Int], through day: Int) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if history.dayNumbers[list[middle]] <= day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    func line(_ index: Int) -> TransactionLine {
        let t = history.transactions[index]
        return TransactionLine(
            id: t.id.rawValue, date: t.date.isoString, account: t.account.rawValue, payee: t.payee,
            category: t.isTransfer ? "Transfer" : history.categories[Int(history.categoryOf[index])].name,
            amount: MoneyText.format(t.amount.minorUnits, t.amount.currency))
    }

    /// The growth split of a valued account from its start to its latest valuation on or before
    /// `end`; nil for an account without one, or a liability (a debt's value is what is owed).
    public func growth(_ index: Int, _ account: Account, through end: CivilDate) -> GrowthSplit? {
        guard !account.kind.isLiability,
            let entries = settings.valuations.entries[account.id]?.filter({ $0.date <= end }),
            let first = entries.first, let last = entries.last
        else { return nil }
        let list = postings[index]
        // A positions value is the holdings; the account's cash on that day comes on top, as in
        // the net worth.
        func value(_ entry: Valuations.Entry) -> Int64 {
            guard entry.isPositions, let opening = account.openingBalance,
                account.openingDate.map({ $0 <= entry.date }) ?? true
            else { return entry.value.minorUnits }
            let cash = list.lazy.filter { history.dayNumbers[$0] <= entry.date.dayNumber }
                .reduce(opening.minorUnits) { $0 &+ history.amounts[$1] }
            return entry.value.minorUnits &+ cash
        }
        var start = GrowthSplit.Dated(date: first.date, amount: value(first))
        var atOpening = false
        // Only an opening balance closebook.toml states: one derived from a statement balance is
        // the statement's cash, not the account's value.
        if !first.isPositions, !settings.statementBalanced.contains(account.id), let opening = account.openingBalance,
            let date = account.openingDate, date <= first.date
        {
            start = GrowthSplit.Dated(date: date, amount: opening.minorUnits)
            atOpening = true
        }
        let contributions = list.filter { history.transactions[$0].isTransfer }.map {
            GrowthSplit.Dated(date: history.transactions[$0].date, amount: history.amounts[$0])
        }
        return GrowthSplit(
            start: start, startsAtOpening: atOpening, end: GrowthSplit.Dated(date: last.date, amount: value(last)),
            contributions: contributions)
    }

    func entry(of split: GrowthSplit, currency: Currency) -> AccountGrowth {
        var rate: Double?
        var note: String?
        switch split.annualReturn {
        case .rate(let value): rate = value
        case .tooShort: note = "the period is under 3 months"
        case .noSolution: note = "no rate balances the payments and values"
        }
        return AccountGrowth(
            from: split.start.date.isoString, to: split.end.date.isoString, currency: currency.code,
            startValue: MoneyText.format(split.start.amount, currency),
            endValue: MoneyText.format(split.end.amount, currency), paidIn: MoneyText.format(split.paidIn, currency),
            withdrawn: MoneyText.format(split.withdrawn, currency),
            netContributions: MoneyText.format(split.netContributions, currency),
            marketGrowth: MoneyText.format(split.marketGrowth, currency), contributionCount: split.contributionCount,
            annualReturn: rate, annualReturnNote: note)
    }
}
