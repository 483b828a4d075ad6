import AnalysisFile
import Ledger

/// The questions asked of single rows, answered here once: which rows count in the figures, a
/// split's parts in the base currency, a row's money out and each day's, an account's last posted
/// day, and what a card names a row by.
///
/// Why here: only History knows the row layout. Cards, detectors and the month's sections read
/// these answers (and the per-row arrays beside them), never a `FigureRow`, so a rule such as "a
/// row counts when it is posted, neither a transfer nor ignored, and converted" is written once and
/// a change to the rows touches this folder only.
extension LedgerHistory {
    /// Whether row `index` counts in the figures: posted, neither a transfer nor ignored, and
    /// converted into the base currency. The payee groups hold exactly these rows.
    func countsInFigures(_ index: Int) -> Bool { groupOf[index] >= 0 }

    /// A split part of `amount` on day `day`, in base minor units: as it is in the base currency,
    /// else converted on that day; 0 when no rate converts it, as the month's category sums count it.
    static func basePart(_ amount: Money, base: Currency, rates: RateTable, onDay day: Int) -> Int64 {
        amount.currency == base ? amount.minorUnits : rates.toBase(amount.minorUnits, amount.currency, onDay: day) ?? 0
    }

    /// A split part of row `index`, in base minor units (see `basePart(_:base:rates:onDay:)`).
    func basePart(_ amount: Money, ofRow index: Int) -> Int64 {
        LedgerHistory.basePart(amount, base: base, rates: rates, onDay: dayNumbers[index])
    }

    /// Whether row `index` is split over categories.
    func isSplit(_ index: Int) -> Bool { !transactions[index].splits.isEmpty }

    /// Row `index`'s money out in base minor units (negative for a refund), as the month's expenses
    /// count it: under every category but `Income`, a split part by part; 0 for a row that does not
    /// count in the figures.
    func moneyOut(at index: Int) -> Int128 {
        guard countsInFigures(index), let amount = baseAmounts[index] else { return 0 }
        let splits = transactions[index].splits
        guard !splits.isEmpty else {
            return categories[Int(categoryOf[index])].isIncome ? 0 : -Int128(amount)
        }
        var out: Int128 = 0
        for split in splits where split.category.top != "Income" {
            out -= Int128(basePart(split.amount, ofRow: index))
        }
        return out
    }

    /// Money out per expense category per day of the `days` days before `month`: a flat array, the
    /// category's index × `days` + the day's place in the window.
    ///
    /// Only the rows of the months those days fall in are read, and only through the per-row
    /// arrays. Reading a row itself (for its splits) costs a cache miss per row, three times the
    /// rest, so it is done only in a month whose category parts outnumber its counted rows, the
    /// mark of a transaction split over two categories or more.
    func dailyMoneyOut(days: Int, before month: YearMonth) -> [Int64] {
        var daily = [Int64](repeating: 0, count: categories.count * days)
        let end = month.firstDay.dayNumber
        let start = end - days
        guard let startDate = CivilDate(dayNumber: start) else { return daily }
        let isIncome = categories.map(\.isIncome)
        var byName: [String: Int]?
        daily.withUnsafeMutableBufferPointer { daily in
            var current = startDate.yearMonth
            while current < month {
                defer { current = current.adding(months: 1) }
                guard let offset = offset(of: current) else { continue }
                let mayHaveSplits = hasSplits(offset)
                for index in range(of: current) {
                    let day = dayNumbers[index]
                    guard day >= start, day < end, countsInFigures(index), let amount = baseAmounts[index] else {
                        continue
                    }
                    let slot = day - start
                    if mayHaveSplits {
                        let splits = transactions[index].splits
                        if !splits.isEmpty {
                            if byName == nil { byName = categoryIndicesByName() }
                            for split in splits {
                                guard let c = byName?[split.category.description], !isIncome[c] else { continue }
                                daily[c * days + slot] -= basePart(split.amount, ofRow: index)
                            }
                            continue
                        }
                    }
                    let c = Int(categoryOf[index])
                    if c >= 0, !isIncome[c] { daily[c * days + slot] -= amount }
                }
            }
        }
        return daily
    }

    /// True when the month at `offset` may hold a split transaction: its flows count one part per
    /// category of a split, so more parts than rows that count means at least one split.
    func hasSplits(_ offset: Int) -> Bool {
        let flows = flows[offset]
        let missing = missingRates[offset].reduce(0) { $0 + $1.count }
        let counted = flows.transactionCount - flows.transferCount - flows.ignoredCount - missing
        let parts = flows.byCategory.values.reduce(0) { $0 + $1.count }
        return parts != counted
    }

    /// Category indices by name (the first of a name), for split parts.
    func categoryIndicesByName() -> [String: Int] {
        var names: [String: Int] = [:]
        for (c, category) in categories.enumerated() where names[category.name] == nil {
            names[category.name] = c
        }
        return names
    }

    /// The day number of each account's newest posted transaction (from its opening date on, as
    /// its balance counts them) at or before the end of the month `offset`; accounts without one
    /// are left out.
    ///
    /// Found by walking back month by month through the per-account counts and reading only the
    /// months that have one, from their end, so it costs little more than one month's rows however
    /// long the ledger.
    func lastPostedDays(of accounts: Set<Int>, through offset: Int) -> [Int: Int] {
        guard let first = firstMonth else { return [:] }
        let openingDays = self.accounts.map { $0.openingDate?.dayNumber ?? Int.min }
        var result: [Int: Int] = [:]
        var pending = accounts
        var wanted = [Bool](repeating: false, count: self.accounts.count)
        var month = min(offset, monthCount - 1)
        while !pending.isEmpty, month >= 0 {
            var remaining = 0
            for account in pending where accountMonths[account][month].count > 0 {
                wanted[account] = true
                remaining += 1
            }
            if remaining > 0 {
                let range = range(of: first.adding(months: month))
                var index = range.upperBound
                while remaining > 0, index > range.lowerBound {
                    index -= 1
                    let account = Int(accountOf[index])
                    guard account >= 0, wanted[account], transactions[index].status == .posted,
                        dayNumbers[index] >= openingDays[account]
                    else { continue }
                    result[account] = dayNumbers[index]
                    wanted[account] = false
                    pending.remove(account)
                    remaining -= 1
                }
            }
            month -= 1
        }
        return result
    }

    /// Row `index`'s transaction id, as cards and references name it.
    func transactionID(at index: Int) -> String { transactions[index].id.rawValue }

    /// Row `index`'s payee.
    func payee(at index: Int) -> String { transactions[index].payee }

    /// Row `index`'s own currency.
    func currency(at index: Int) -> Currency { transactions[index].amount.currency }

    /// Row `index`'s date.
    func date(at index: Int) -> CivilDate { transactions[index].date }

    /// The hash of an id as `idHashes` holds it.
    static func idHash(_ id: String) -> UInt64 {
        id.utf8.withContiguousStorageIfAvailable { ByteKeyedCache<Int>.hash($0) }
            ?? Array(id.utf8).withUnsafeBufferPointer { ByteKeyedCache<Int>.hash($0) }
    }

    /// The last row before row `end` with each of `ids`, by id; an id no such row has is left out.
    /// Reads backwards from `end` and stops once every id is found, comparing hashes (a bit table
    /// of the wanted ones first) and a row's id only where its hash is wanted.
    func rows(withIDs ids: Set<String>, before end: Int) -> [String: Int] {
        var wanted: [UInt64: [String]] = [:]
        var filter = [UInt64](repeating: 0, count: 64)
        for id in ids {
            let hash = LedgerHistory.idHash(id)
            wanted[hash, default: []].append(id)
            filter[Int(hash & 63)] |= 1 << ((hash >> 6) & 63)
        }
        var found: [String: Int] = [:]
        var left = ids.count
        var index = end
        while index > 0, left > 0 {
            index -= 1
            let hash = idHashes[index]
            guard filter[Int(hash & 63)] & (1 << ((hash >> 6) & 63)) != 0, let candidates = wanted[hash] else {
                continue
            }
            let id = transactions[index].id.rawValue
            guard candidates.contains(id), found[id] == nil else { continue }
            found[id] = index
            left -= 1
        }
        return found
    }

    /// What a card names row `index` by: its id, date, payee and amount.
    func reference(toRow index: Int) -> TransactionReference {
        let row = transactions[index]
        return TransactionReference(
            id: row.id.rawValue, date: row.date.isoString, payee: row.payee, amount: row.amount.decimalString,
            currency: row.amount.currency.code)
    }
}
