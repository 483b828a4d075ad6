import Ledger

/// Everything every month's analysis needs, built in one pass over the ledger.
///
/// Why one pass: a month's figures, its net worth, its recurring payments, anomalies and forecast
/// all read the same sums, so they are gathered once (per month × category sums, per account and
/// month movements, per payee series, amounts converted into the base currency) and every month's
/// `MonthContext` is a view into them. Analysing 120 months then costs little more than one.
///
/// The ledger's transactions are in canonical order (date first), so each month is a contiguous
/// range of them (`range(of:)`).
public struct LedgerHistory: Sendable {
    public struct Category: Sendable, Hashable {
        /// `Food:Groceries`, or `Uncategorized`.
        public var name: String
        public var isIncome: Bool
        public var top: String
    }

    /// One (account, payee) series of transactions that count in the figures.
    public struct PayeeGroup: Sendable {
        public var account: Int
        public var payee: String
        /// Transaction indices, in date order.
        public var transactions: [Int]
    }

    public static let uncategorized = "Uncategorized"

    public let base: Currency
    public let accounts: [Account]
    /// The ledger's transactions in canonical order, as the figures see them. Only History reads
    /// them: the rest of the analysis asks its questions of rows through `LedgerHistory+Rows.swift`.
    let transactions: [FigureRow]
    /// The first and last month with a transaction; nil for an empty ledger.
    public let firstMonth: YearMonth?
    public let lastMonth: YearMonth?
    /// Per month from `firstMonth`: where its transactions start; one more entry marks the end.
    let monthStarts: [Int]
    /// Per transaction: its amount in base minor units, or nil when no rate converts it.
    public let baseAmounts: [Int64?]
    /// Per transaction: the index of its (main) category in `categories`.
    public let categoryOf: [Int32]
    /// Per transaction: its account's index in `accounts`, or -1.
    public let accountOf: [Int32]
    /// Per transaction: its date's day number.
    public let dayNumbers: [Int]
    /// Per transaction: a 64-bit hash of its id (`ByteKeyedCache.hash`, via `idHash`), so that a search for a
    /// few ids compares one number per row (`rows(withIDs:before:)`).
    let idHashes: [UInt64]
    /// Per transaction: its amount in minor units of its own currency. Kept beside the day
    /// numbers because walks that follow one payee jump around the ledger: reading these small
    /// arrays there costs a fraction of reading each whole transaction.
    public let amounts: [Int64]
    /// Per transaction: its payee group in `groups`, or -1 (transfers, ignored, pending, and rows no
    /// rate converts); `countsInFigures(_:)` says what -1 means.
    let groupOf: [Int32]
    public let categories: [Category]
    /// Every currency the transactions use, in order of first use.
    public let currencies: [Currency]
    /// Per transaction: its currency's index in `currencies`.
    public let currencyOf: [Int32]
    public let groups: [PayeeGroup]
    /// Per month from `firstMonth`.
    public let flows: [MonthFlows]
    /// Per account, per month from `firstMonth`.
    public let accountMonths: [[AccountMonth]]
    /// Per month from `firstMonth`: amounts that could not be converted, by currency.
    public let missingRates: [[MissingRate]]
    public let rates: RateTable

    public init(_ ledger: Journal, rates: RateTable? = nil) {
        self.init(header: ledger, rows: ledger.transactions.map(FigureRow.init), rates: rates)
    }

    /// The history of `rows` (in any order), with the accounts and base currency of `header`
    /// (whose own transactions are not read).
    public init(header: Journal, rows: [FigureRow], rates: RateTable? = nil) {
        let base = header.baseCurrency
        let rates = rates ?? RateTable(base: base)
        self.base = base
        self.rates = rates
        self.accounts = header.accounts
        var transactions = rows
        transactions.sortCanonically()
        self.transactions = transactions

        var accountIndex: [AccountID: Int] = [:]
        for (index, account) in header.accounts.enumerated() { accountIndex[account.id] = index }
        let openingDays = header.accounts.map { $0.openingDate?.dayNumber ?? Int.min }

        let first = transactions.first?.date.yearMonth
        let last = transactions.last?.date.yearMonth
        firstMonth = first
        lastMonth = last
        let monthCount = first.flatMap { f in last.map { f.months(to: $0) + 1 } } ?? 0

        var monthStarts = [Int](repeating: transactions.count, count: monthCount + 1)
        var baseAmounts = [Int64?](repeating: nil, count: transactions.count)
        var categoryOf = [Int32](repeating: -1, count: transactions.count)
        var accountOf = [Int32](repeating: -1, count: transactions.count)
        var dayNumbers = [Int](repeating: 0, count: transactions.count)
        var amounts = [Int64](repeating: 0, count: transactions.count)
        var idHashes = [UInt64](repeating: 0, count: transactions.count)
        var currencies: [Currency] = []
        var currencyOf = [Int32](repeating: 0, count: transactions.count)
        var lastCurrency = -1
        var groupOf = [Int32](repeating: -1, count: transactions.count)
        var categories: [Category] = []
        var categoryIndex: [CategoryPath: Int] = [:]
        var uncategorizedIndex: (income: Int?, expense: Int?) = (nil, nil)
        var groups: [PayeeGroup] = []
        var groupIndex: [GroupKey: Int] = [:]
        var flows = [MonthFlows](repeating: MonthFlows(), count: monthCount)
        var accountMonths = [[AccountMonth]](
            repeating: [AccountMonth](repeating: AccountMonth(), count: monthCount), count: header.accounts.count)
        var missing = [[MissingRate]](repeating: [], count: monthCount)

        func category(_ path: CategoryPath?, amount: Int64) -> Int {
            guard let path else {
                let isIncome = amount > 0
                if let known = isIncome ? uncategorizedIndex.income : uncategorizedIndex.expense { return known }
                categories.append(
                    Category(name: LedgerHistory.uncategorized, isIncome: isIncome, top: LedgerHistory.uncategorized))
                if isIncome {
                    uncategorizedIndex.income = categories.count - 1
                } else {
                    uncategorizedIndex.expense = categories.count - 1
                }
                return categories.count - 1
            }
            if let known = categoryIndex[path] { return known }
            categories.append(Category(name: path.description, isIncome: path.top == "Income", top: path.top))
            categoryIndex[path] = categories.count - 1
            return categories.count - 1
        }

        var month = 0
        // Each row's account, category and payee group are first looked up by their bits (see
        // `BitPatternMemo`); only a miss hashes the text.
        let layout = RowLayout()
        var accountMemo = BitPatternMemo(slots: 64, enabled: layout.isUsable)
        var categoryMemo = BitPatternMemo(slots: 1024, enabled: layout.isUsable)
        var groupMemo = BitPatternMemo(slots: 1 << 14, enabled: layout.isUsable)
        var nextMonthDay = first?.adding(months: 1).firstDay.dayNumber ?? 0
        if monthCount > 0 { monthStarts[0] = 0 }
        // Rows are read in place: copying a transaction out of the array retains all its strings.
        transactions.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                let t = UnsafePointer(rows.baseAddress! + index)
                let day = t.pointee.date.dayNumber
                dayNumbers[index] = day
                amounts[index] = t.pointee.amount.minorUnits
                idHashes[index] = LedgerHistory.idHash(t.pointee.id.rawValue)
                while day >= nextMonthDay {
                    month += 1
                    monthStarts[month] = index
                    nextMonthDay = first!.adding(months: month + 1).firstDay.dayNumber
                }
                let raw = UnsafeRawPointer(t)
                let accountWords = BitPatternMemo.words(raw, offset: layout.account, size: layout.accountSize)
                let accountKey = (accountWords.0, accountWords.1, UInt64(0))
                let account: Int
                if let known = accountMemo.value(for: accountKey) {
                    account = known
                } else {
                    account = accountIndex[t.pointee.account] ?? -1
                    accountMemo.remember(account, for: accountKey)
                }
                accountOf[index] = Int32(account)
                if account >= 0, t.pointee.status == .posted, day >= openingDays[account] {
                    if t.pointee.amount.minorUnits >= 0 {
                        accountMonths[account][month].inflow += Int128(t.pointee.amount.minorUnits)
                    } else {
                        accountMonths[account][month].outflow -= Int128(t.pointee.amount.minorUnits)
                    }
                    accountMonths[account][month].count += 1
                }
                // Rows come in long runs of one currency: compare with the last one before searching.
                if lastCurrency < 0 || currencies[lastCurrency] != t.pointee.amount.currency {
                    if let known = currencies.firstIndex(of: t.pointee.amount.currency) {
                        lastCurrency = known
                    } else {
                        currencies.append(t.pointee.amount.currency)
                        lastCurrency = currencies.count - 1
                    }
                }
                currencyOf[index] = Int32(lastCurrency)
                let converted = rates.toBase(t.pointee.amount.minorUnits, t.pointee.amount.currency, onDay: day)
                baseAmounts[index] = converted
                // An uncategorised row's category depends on its sign, so only set categories are remembered.
                let categoryWords = BitPatternMemo.words(raw, offset: layout.category, size: layout.categorySize)
                let categoryKey = (categoryWords.0, categoryWords.1, UInt64(0))
                if t.pointee.category != nil, let known = categoryMemo.value(for: categoryKey) {
                    categoryOf[index] = Int32(known)
                } else {
                    let found = category(
                        t.pointee.category ?? t.pointee.splits.first?.category,
                        amount: converted ?? t.pointee.amount.minorUnits)
                    categoryOf[index] = Int32(found)
                    if t.pointee.category != nil { categoryMemo.remember(found, for: categoryKey) }
                }
                if t.pointee.status == .pending {
                    flows[month].pendingCount += 1
                    continue
                }
                flows[month].transactionCount += 1
                if t.pointee.isTransfer {
                    flows[month].transferCount += 1
                    continue
                }
                if t.pointee.isIgnored {
                    flows[month].ignoredCount += 1
                    continue
                }
                guard let amount = converted else {
                    LedgerHistory.recordMissing(&missing[month], t.pointee)
                    continue
                }
                if t.pointee.splits.isEmpty {
                    let c = Int(categoryOf[index])
                    flows[month].addPart(category: c, isIncome: categories[c].isIncome, amount: amount)
                } else {
                    for split in t.pointee.splits {
                        let part = LedgerHistory.basePart(split.amount, base: base, rates: rates, onDay: day)
                        let c = category(split.category, amount: part)
                        flows[month].addPart(category: c, isIncome: categories[c].isIncome, amount: part)
                    }
                }
                if t.pointee.category == nil && t.pointee.splits.isEmpty {
                    flows[month].uncategorizedCount += 1
                    flows[month].uncategorizedAmount += Int128(amount.magnitude)
                }
                if amount < 0, !categories[Int(categoryOf[index])].isIncome {
                    let kind = Int(t.pointee.categorySourceKind.rawValue)
                    flows[month].spendingBySource[kind].amount += Int128(amount.magnitude)
                    flows[month].spendingBySource[kind].count += 1
                }
                let payeeWords = BitPatternMemo.words(raw, offset: layout.payee, size: layout.payeeSize)
                let groupKey = (UInt64(bitPattern: Int64(account)), payeeWords.0, payeeWords.1)
                let group: Int
                if let known = groupMemo.value(for: groupKey) {
                    group = known
                } else if let known = groupIndex[GroupKey(account: account, payee: t.pointee.payee)] {
                    group = known
                    groupMemo.remember(group, for: groupKey)
                } else {
                    group = groups.count
                    groupIndex[GroupKey(account: account, payee: t.pointee.payee)] = group
                    groups.append(PayeeGroup(account: account, payee: t.pointee.payee, transactions: []))
                    groupMemo.remember(group, for: groupKey)
                }
                groups[group].transactions.append(index)
                groupOf[index] = Int32(group)
            }
        }
        monthStarts[monthCount] = transactions.count
        self.monthStarts = monthStarts
        self.baseAmounts = baseAmounts
        self.categoryOf = categoryOf
        self.accountOf = accountOf
        self.dayNumbers = dayNumbers
        self.amounts = amounts
        self.idHashes = idHashes
        self.currencies = currencies
        self.currencyOf = currencyOf
        self.groupOf = groupOf
        self.categories = categories
        self.groups = groups
        self.flows = flows
        self.accountMonths = accountMonths
        self.missingRates = missing
    }

    struct GroupKey: Hashable {
        var account: Int
        var payee: String
    }

    /// Where a transaction's account, category and payee sit in its bytes, for `BitPatternMemo`.
    /// The memo is used only when each field is found and fits in two words (as on every 64-bit
    /// platform); otherwise every lookup hashes the text.
    struct RowLayout {
        let account: Int, accountSize: Int
        let category: Int, categorySize: Int
        let payee: Int, payeeSize: Int
        let isUsable: Bool

        init() {
            let offsets = (
                MemoryLayout<FigureRow>.offset(of: \.account), MemoryLayout<FigureRow>.offset(of: \.category),
                MemoryLayout<FigureRow>.offset(of: \.payee)
            )
            (account, accountSize) = (offsets.0 ?? 0, MemoryLayout<AccountID>.size)
            (category, categorySize) = (offsets.1 ?? 0, MemoryLayout<CategoryPath?>.size)
            (payee, payeeSize) = (offsets.2 ?? 0, MemoryLayout<String>.size)
            isUsable =
                offsets.0 != nil && offsets.1 != nil && offsets.2 != nil
                && [accountSize, categorySize, payeeSize].allSatisfy { $0 <= 16 }
        }
    }

    static func recordMissing(_ list: inout [MissingRate], _ t: FigureRow) {
        if let i = list.firstIndex(where: { $0.currency == t.amount.currency }) {
            list[i].count += 1
            list[i].amount += Int128(t.amount.minorUnits.magnitude)
        } else {
            list.append(
                MissingRate(
                    currency: t.amount.currency, from: t.date, count: 1, amount: Int128(t.amount.minorUnits.magnitude)))
        }
    }

    /// The number of months from `firstMonth` to `lastMonth`.
    public var monthCount: Int { flows.count }

    /// `month`'s offset from `firstMonth`, nil outside the data.
    public func offset(of month: YearMonth) -> Int? {
        guard let firstMonth else { return nil }
        let offset = firstMonth.months(to: month)
        return offset >= 0 && offset < monthCount ? offset : nil
    }

    /// The indices of `month`'s transactions (empty outside the data).
    public func range(of month: YearMonth) -> Range<Int> {
        guard let offset = offset(of: month) else { return 0..<0 }
        return monthStarts[offset]..<monthStarts[offset + 1]
    }

    /// The flows of `month`: zero inside a gap, nil outside the data.
    public func flows(of month: YearMonth) -> MonthFlows? {
        offset(of: month).map { flows[$0] }
    }
}
