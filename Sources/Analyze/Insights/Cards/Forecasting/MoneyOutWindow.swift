import Ledger

/// The money that went out over a run of days ending on a month's last day, as the month's
/// expenses count it (posted, not transfers or ignored; money out under every category but
/// `Income`, a refund under one making it smaller; splits part by part), with the payments of
/// chosen recurring series counted apart.
struct MoneyOutWindow: Sendable, Equatable {
    /// All the money out of the window.
    var total: Int64 = 0
    /// The part of `total` paid by the chosen recurring series.
    var recurring: Int64 = 0

    /// The `days` days ending on `month`'s last day; `series` are the recurring series whose
    /// occurrences go to `recurring`.
    init(days: Int, endingWith month: YearMonth, series: [RecurringBook.Entry], in history: LedgerHistory) {
        let endDay = month.lastDay.dayNumber
        let startDay = endDay - days + 1
        var ids: [Int: Set<String>] = [:]
        for entry in series { ids[entry.group, default: []].formUnion(entry.series.occurrenceIDs) }
        var index: Int
        if history.offset(of: month) != nil {
            index = history.range(of: month).upperBound
        } else if let last = history.lastMonth, last < month {
            index = history.transactions.count
        } else {
            index = 0
        }
        var total: Int128 = 0
        var recurring: Int128 = 0
        while index > 0, history.dayNumbers[index - 1] >= startDay {
            index -= 1
            let out = MoneyOutWindow.moneyOut(at: index, in: history)
            guard out != 0 else { continue }
            total += out
            let group = Int(history.groupOf[index])
            if let chosen = ids[group], chosen.contains(history.transactions[index].id.rawValue) { recurring += out }
        }
        self.total = InsightFacts.clamp(total)
        self.recurring = InsightFacts.clamp(recurring)
    }

    /// The money out of one transaction in base (negative for a refund), 0 when it does not count.
    static func moneyOut(at index: Int, in history: LedgerHistory) -> Int128 {
        guard history.transactions[index].countsInFigures, let amount = history.baseAmounts[index] else { return 0 }
        let splits = history.transactions[index].splits
        guard !splits.isEmpty else {
            return history.categories[Int(history.categoryOf[index])].isIncome ? 0 : -Int128(amount)
        }
        var out: Int128 = 0
        for split in splits where split.category.top != "Income" {
            let part =
                split.amount.currency == history.base
                ? split.amount.minorUnits
                : history.rates.toBase(split.amount.minorUnits, split.amount.currency, onDay: history.dayNumbers[index])
                    ?? 0
            out -= Int128(part)
        }
        return out
    }
}
