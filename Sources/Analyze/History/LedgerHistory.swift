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
    /// Per transaction: `FigureRow.contentHash`, when the rows came with theirs in this order
    /// (`FigureFile.read`); nil when they did not, and `contentHash(of:)` makes each.
    let contentHashes: [BulkHash.Value]?
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
    /// Every group's rows' days, amounts and base amounts, group after group, each group's in
    /// date order (`PayeeGroup.transactions` order): group `g`'s are at
    /// `groupRowStarts[g]..<groupRowStarts[g + 1]` (`GroupColumns`).
    ///
    /// Why: the books walk every group's rows (`RecurringBook`, `AnomalyBook`), and a group's rows
    /// are scattered over the ledger: reading the per-transaction columns by index there was a
    /// cache miss a row, most of the books' time at 1M rows.
    public let groupRowStarts: [Int]
    public let groupDays: [Int]
    public let groupAmounts: [Int64]
    public let groupBaseAmounts: [Int64?]
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
    /// (whose own transactions are not read). Built in parts of whole months on up to `cores`
    /// cores (`LedgerHistory+Part.swift`): the same history on any number. `contentHashes`, when
    /// given, are the rows' `FigureRow.contentHash`, in the order of `rows`.
    public init(
        header: Journal, rows: [FigureRow], contentHashes: [BulkHash.Value]? = nil, rates: RateTable? = nil,
        cores: Int = Cores.available
    ) {
        let base = header.baseCurrency
        let rates = rates ?? RateTable(base: base)
        self.base = base
        self.rates = rates
        self.accounts = header.accounts
        var transactions = rows
        let inOrder = transactions.sortCanonically()
        self.transactions = transactions
        // Rows that had to be sorted are rare (the ledger is written in order): their hashes are made anew.
        self.contentHashes = inOrder && contentHashes?.count == rows.count ? contentHashes : nil

        var accountIndex: [AccountID: Int] = [:]
        for (index, account) in header.accounts.enumerated() { accountIndex[account.id] = index }
        let openingDays = header.accounts.map { $0.openingDate?.dayNumber ?? Int.min }

        let first = transactions.first?.date.yearMonth
        let last = transactions.last?.date.yearMonth
        firstMonth = first
        lastMonth = last
        let monthCount = first.flatMap { f in last.map { f.months(to: $0) + 1 } } ?? 0

        let count = transactions.count
        // The per-row columns are left unwritten until the parts write them, each its own rows,
        // so that each core also takes the fresh pages of its own rows.
        var columns = ColumnArrays()
        var whole: Part?
        if let first, count > 0 {
            whole = transactions.withUnsafeBufferPointer { rows in
                columns.make(count: count) { columns in
                    let context = PartContext(
                        rows: rows, first: first, accountIndex: accountIndex, openingDays: openingDays,
                        base: base, rates: rates, columns: columns)
                    guard let cut = LedgerHistory.cut(rows, cores: cores) else {
                        return Part(rows: 0..<count, months: 0..<monthCount, context: context)
                    }
                    let middle = first.months(to: rows[cut].date.yearMonth)
                    let parts = Slots<Part>(count: 2)
                    Cores.both(
                        cores: cores,
                        { parts.set(0, Part(rows: 0..<cut, months: 0..<middle, context: context)) },
                        { parts.set(1, Part(rows: cut..<count, months: middle..<monthCount, context: context)) })
                    var joined = parts.take(0)!
                    joined.append(parts.take(1)!, context: context)
                    return joined
                }
            }
        }
        self.monthStarts = (whole?.monthStarts ?? []) + [count]
        self.baseAmounts = columns.baseAmounts
        self.categoryOf = columns.categoryOf
        self.accountOf = columns.accountOf
        self.dayNumbers = columns.dayNumbers
        self.amounts = columns.amounts
        self.idHashes = columns.idHashes
        self.currencies = whole?.currencies ?? []
        self.currencyOf = columns.currencyOf
        self.groupOf = columns.groupOf
        self.categories = whole?.categories ?? []
        let grouped = GroupColumns(
            groups: whole?.groups ?? [], groupOf: columns.groupOf, dayNumbers: columns.dayNumbers,
            amounts: columns.amounts, baseAmounts: columns.baseAmounts)
        self.groups = grouped.groups
        self.groupRowStarts = grouped.starts
        self.groupDays = grouped.days
        self.groupAmounts = grouped.amounts
        self.groupBaseAmounts = grouped.baseAmounts
        self.flows = whole?.flows ?? []
        self.accountMonths = whole?.accountMonths ?? header.accounts.map { _ in [] }
        self.missingRates = whole?.missing ?? []
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

    /// Transaction `index`'s `FigureRow.contentHash`.
    func contentHash(of index: Int) -> BulkHash.Value {
        contentHashes?[index] ?? transactions[index].contentHash
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
