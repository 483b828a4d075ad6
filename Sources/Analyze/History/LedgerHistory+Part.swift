import Ledger

/// The history of one run of whole months of the ledger, built on a core of its own, and how two
/// runs join into the history of both.
///
/// Why parts: building the history of a million rows was the longest step of the analysis that
/// ran on one core. The rows are in canonical order (date first), so cut at a month's first row
/// they fall into runs of whole months that share nothing but the tables of what they meet
/// (categories, currencies, payee groups), each numbered in the order first met. A part numbers
/// its own; joined, the later part's entries that the earlier one met take the earlier one's
/// numbers and the rest follow in the order the later part met them: the order one pass over
/// every row meets them in, so the history is the same whichever way it was built.
extension LedgerHistory {
    /// A category as the tables know it: by its path, or the uncategorised money in or out.
    enum CategoryKey: Hashable {
        case named(CategoryPath)
        case uncategorized(isIncome: Bool)
    }

    /// Where the parts write the per-row columns: each part its own rows, so never the same element.
    struct Columns: @unchecked Sendable {
        let dayNumbers: UnsafeMutablePointer<Int>
        let amounts: UnsafeMutablePointer<Int64>
        let idHashes: UnsafeMutablePointer<UInt64>
        let baseAmounts: UnsafeMutablePointer<Int64?>
        let categoryOf: UnsafeMutablePointer<Int32>
        let accountOf: UnsafeMutablePointer<Int32>
        let currencyOf: UnsafeMutablePointer<Int32>
        let groupOf: UnsafeMutablePointer<Int32>
    }

    /// The per-row columns as arrays, made with every element left for the parts to write.
    struct ColumnArrays {
        var dayNumbers: [Int] = []
        var amounts: [Int64] = []
        var idHashes: [UInt64] = []
        var baseAmounts: [Int64?] = []
        var categoryOf: [Int32] = []
        var accountOf: [Int32] = []
        var currencyOf: [Int32] = []
        var groupOf: [Int32] = []

        /// Makes each column `count` (at least one) elements long, which `body` must write every
        /// one of, through the `Columns` it is given.
        mutating func make<Result>(count: Int, _ body: (Columns) -> Result) -> Result {
            var result: Result?
            func column<Element>(_ inner: (UnsafeMutablePointer<Element>) -> Void) -> [Element] {
                [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
                    inner(buffer.baseAddress!)
                    initialized = count
                }
            }
            dayNumbers = column { dayNumbers in
                amounts = column { amounts in
                    idHashes = column { idHashes in
                        baseAmounts = column { baseAmounts in
                            categoryOf = column { categoryOf in
                                accountOf = column { accountOf in
                                    currencyOf = column { currencyOf in
                                        groupOf = column { groupOf in
                                            result = body(
                                                Columns(
                                                    dayNumbers: dayNumbers, amounts: amounts, idHashes: idHashes,
                                                    baseAmounts: baseAmounts, categoryOf: categoryOf,
                                                    accountOf: accountOf, currencyOf: currencyOf, groupOf: groupOf))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return result!
        }
    }

    /// What every part reads alike.
    struct PartContext: @unchecked Sendable {
        let rows: UnsafeBufferPointer<FigureRow>
        let first: YearMonth
        let accountIndex: [AccountID: Int]
        /// Per account (in the header's order): the day its figures start.
        let openingDays: [Int]
        let base: Currency
        let rates: RateTable
        let columns: Columns
    }

    /// The history of rows `rows`, which fall in months `months` (offsets from the ledger's first
    /// month): the per-row columns written into `PartContext.columns`, the rest held here.
    struct Part {
        let rows: Range<Int>
        let months: Range<Int>
        var categories: [Category] = []
        var categoryKeys: [CategoryKey] = []
        var categoryIndex: [CategoryKey: Int] = [:]
        var currencies: [Currency] = []
        var groups: [PayeeGroup] = []
        var groupIndex: [GroupKey: Int] = [:]
        /// Per month of `months`: where its rows start.
        var monthStarts: [Int]
        var flows: [MonthFlows]
        /// Per account, per month of `months`.
        var accountMonths: [[AccountMonth]]
        var missing: [[MissingRate]]

        init(rows: Range<Int>, months: Range<Int>, context: PartContext) {
            self.rows = rows
            self.months = months
            monthStarts = [Int](repeating: rows.upperBound, count: months.count)
            flows = [MonthFlows](repeating: MonthFlows(), count: months.count)
            accountMonths = [[AccountMonth]](
                repeating: [AccountMonth](repeating: AccountMonth(), count: months.count),
                count: context.openingDays.count)
            missing = [[MissingRate]](repeating: [], count: months.count)
            build(context)
        }

        private mutating func category(_ path: CategoryPath?, amount: Int64) -> Int {
            let key = path.map(CategoryKey.named) ?? .uncategorized(isIncome: amount > 0)
            if let known = categoryIndex[key] { return known }
            switch key {
            case .named(let path):
                categories.append(Category(name: path.description, isIncome: path.top == "Income", top: path.top))
            case .uncategorized(let isIncome):
                categories.append(
                    Category(name: LedgerHistory.uncategorized, isIncome: isIncome, top: LedgerHistory.uncategorized))
            }
            categoryKeys.append(key)
            categoryIndex[key] = categories.count - 1
            return categories.count - 1
        }

        /// One pass over the part's rows.
        private mutating func build(_ context: PartContext) {
            let columns = context.columns
            let rates = context.rates
            let first = context.first
            // `month` is the offset within the part; the rows of month `m` start at `monthStarts[m]`.
            var month = 0
            guard !rows.isEmpty else { return }
            monthStarts[0] = rows.lowerBound
            var nextMonthDay = first.adding(months: months.lowerBound + 1).firstDay.dayNumber
            var lastCurrency = -1
            // The month's signed sum and count per category, added to in place and put into its
            // `MonthFlows.byCategory` when the month ends (`closeMonth`): updating the dictionary
            // for every row was an eighth of the build.
            var monthSums: [(sum: Int128, count: Int)] = []
            var touched: [Int] = []
            func addPart(_ category: Int, amount: Int64) {
                if categories[category].isIncome {
                    flows[month].income += Int128(amount)
                } else {
                    flows[month].expenses -= Int128(amount)
                }
                if category >= monthSums.count {
                    monthSums.append(
                        contentsOf: repeatElement((sum: Int128(0), count: 0), count: category + 1 - monthSums.count))
                }
                if monthSums[category].count == 0 { touched.append(category) }
                monthSums[category].sum += Int128(amount)
                monthSums[category].count += 1
            }
            func closeMonth() {
                flows[month].byCategory.reserveCapacity(touched.count)
                for category in touched {
                    flows[month].byCategory[category] = monthSums[category]
                    monthSums[category] = (0, 0)
                }
                touched.removeAll(keepingCapacity: true)
            }
            defer { closeMonth() }
            // The two uncategorised categories (money in, money out) once met: their key is not
            // hashed again for every uncategorised row.
            var uncategorizedIn: Int?
            var uncategorizedOut: Int?
            // Ledgers name far fewer payees than they hold rows (58,000 groups in a million rows of
            // varied bank text): room for one an eighth of the rows spares the table's early growth,
            // each step of which hashed every payee met so far again.
            groupIndex.reserveCapacity(rows.count / 8)
            // Each row's account, category and payee group are first looked up by their bits (see
            // `BitPatternMemo`); only a miss hashes the text.
            let layout = RowLayout()
            var accountMemo = BitPatternMemo(slots: 64, enabled: layout.isUsable)
            var categoryMemo = BitPatternMemo(slots: 1024, enabled: layout.isUsable)
            var groupMemo = BitPatternMemo(slots: 1 << 14, enabled: layout.isUsable)
            // Rows are read in place: copying a transaction out of the array retains all its strings.
            let all = context.rows
            for index in rows {
                let t = UnsafePointer(all.baseAddress! + index)
                let day = t.pointee.date.dayNumber
                columns.dayNumbers[index] = day
                columns.amounts[index] = t.pointee.amount.minorUnits
                columns.idHashes[index] = LedgerHistory.idHash(t.pointee.id.rawValue)
                while day >= nextMonthDay {
                    closeMonth()
                    month += 1
                    monthStarts[month] = index
                    nextMonthDay = first.adding(months: months.lowerBound + month + 1).firstDay.dayNumber
                }
                let raw = UnsafeRawPointer(t)
                let accountWords = BitPatternMemo.words(raw, offset: layout.account, size: layout.accountSize)
                let accountKey = (accountWords.0, accountWords.1, UInt64(0))
                let account: Int
                if let known = accountMemo.value(for: accountKey) {
                    account = known
                } else {
                    account = context.accountIndex[t.pointee.account] ?? -1
                    accountMemo.remember(account, for: accountKey)
                }
                columns.accountOf[index] = Int32(account)
                if account >= 0, t.pointee.status == .posted, day >= context.openingDays[account] {
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
                columns.currencyOf[index] = Int32(lastCurrency)
                let converted = rates.toBase(t.pointee.amount.minorUnits, t.pointee.amount.currency, onDay: day)
                columns.baseAmounts[index] = converted
                // An uncategorised row's category depends on its sign, so only set categories are remembered.
                let categoryWords = BitPatternMemo.words(raw, offset: layout.category, size: layout.categorySize)
                let categoryKey = (categoryWords.0, categoryWords.1, UInt64(0))
                let rowCategory: Int
                if t.pointee.category != nil, let known = categoryMemo.value(for: categoryKey) {
                    rowCategory = known
                } else if t.pointee.category == nil, t.pointee.splits.isEmpty {
                    let isIncome = (converted ?? t.pointee.amount.minorUnits) > 0
                    if let known = isIncome ? uncategorizedIn : uncategorizedOut {
                        rowCategory = known
                    } else {
                        rowCategory = category(nil, amount: converted ?? t.pointee.amount.minorUnits)
                        if isIncome { uncategorizedIn = rowCategory } else { uncategorizedOut = rowCategory }
                    }
                } else {
                    rowCategory = category(
                        t.pointee.category ?? t.pointee.splits.first?.category,
                        amount: converted ?? t.pointee.amount.minorUnits)
                    if t.pointee.category != nil { categoryMemo.remember(rowCategory, for: categoryKey) }
                }
                columns.categoryOf[index] = Int32(rowCategory)
                columns.groupOf[index] = -1
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
                    addPart(rowCategory, amount: amount)
                } else {
                    for split in t.pointee.splits {
                        let part = LedgerHistory.basePart(split.amount, base: context.base, rates: rates, onDay: day)
                        addPart(category(split.category, amount: part), amount: part)
                    }
                }
                if t.pointee.category == nil && t.pointee.splits.isEmpty {
                    flows[month].uncategorizedCount += 1
                    flows[month].uncategorizedAmount += Int128(amount.magnitude)
                }
                if amount < 0, !categories[rowCategory].isIncome {
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
                // The group's rows are listed once all are numbered (`GroupColumns`).
                columns.groupOf[index] = Int32(group)
            }
        }

        /// Adds `later`, the part of the months right after this one's, renumbering its
        /// categories, currencies and groups (in `context.columns` too) as one pass over both
        /// parts' rows numbers them.
        mutating func append(_ later: consuming Part, context: PartContext) {
            let categoryNumber = later.categoryKeys.enumerated().map { local, key in
                if let known = categoryIndex[key] { return known }
                categories.append(later.categories[local])
                categoryKeys.append(key)
                categoryIndex[key] = categories.count - 1
                return categories.count - 1
            }
            let currencyNumber = later.currencies.map { currency in
                if let known = currencies.firstIndex(of: currency) { return known }
                currencies.append(currency)
                return currencies.count - 1
            }
            var groupNumber: [Int] = []
            groupNumber.reserveCapacity(later.groups.count)
            groupIndex.reserveCapacity(groupIndex.count + later.groups.count)
            for group in later.groups {
                let key = GroupKey(account: group.account, payee: group.payee)
                if let known = groupIndex[key] {
                    groupNumber.append(known)
                } else {
                    groups.append(group)
                    groupIndex[key] = groups.count - 1
                    groupNumber.append(groups.count - 1)
                }
            }
            let columns = context.columns
            for index in later.rows {
                columns.categoryOf[index] = Int32(categoryNumber[Int(columns.categoryOf[index])])
                columns.currencyOf[index] = Int32(currencyNumber[Int(columns.currencyOf[index])])
                let group = columns.groupOf[index]
                if group >= 0 { columns.groupOf[index] = Int32(groupNumber[Int(group)]) }
            }
            for var month in later.flows {
                var byCategory: [Int: (sum: Int128, count: Int)] = [:]
                byCategory.reserveCapacity(month.byCategory.count)
                for (local, value) in month.byCategory { byCategory[categoryNumber[local]] = value }
                month.byCategory = byCategory
                flows.append(month)
            }
            for account in accountMonths.indices { accountMonths[account] += later.accountMonths[account] }
            monthStarts += later.monthStarts
            missing += later.missing
        }
    }

    /// Where to cut `rows` (in canonical order) into parts of whole months, one per core: at the
    /// first row of the month the middle row falls in or the next, so the parts are about the same
    /// size. Nil for one part: one core, too few rows to be worth a second, or a single month.
    static func cut(_ rows: UnsafeBufferPointer<FigureRow>, cores: Int) -> Int? {
        guard cores > 1, rows.count >= smallestCut else { return nil }
        let middle = rows.count / 2
        let month = rows[middle].date.yearMonth
        var start = middle
        while start > 0, rows[start - 1].date.yearMonth == month { start -= 1 }
        if start > 0, middle - start <= rows.count / 4 { return start }
        var end = middle + 1
        while end < rows.count, rows[end].date.yearMonth == month { end += 1 }
        return end < rows.count ? end : (start > 0 ? start : nil)
    }

    /// Fewer rows than this are built in one part: a thread costs more than they take.
    static let smallestCut = 40_000
}
