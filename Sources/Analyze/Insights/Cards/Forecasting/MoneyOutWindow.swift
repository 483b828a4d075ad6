import Ledger

/// The money that went out over a run of days ending on a month's last day, as the month's
/// expenses count it (posted, not transfers or ignored; money out under every category but
/// `Income`, a refund under one making it smaller; splits part by part), with the payments of
/// chosen recurring series counted apart.
///
/// The total starts from the month's expenses, already summed in its `MonthFlows`, and corrects
/// them by the few days at the window's edge (the month's first day for 31-day months, the end of
/// January for February); the series' payments are found through their payee groups. So a month
/// costs a day's transactions and a few per series, not a month's.
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
        let dayNumbers = history.dayNumbers
        // Where the month's transactions start (or would, outside the data).
        let monthStart: Int
        if history.offset(of: month) != nil {
            monthStart = history.range(of: month).lowerBound
        } else if let last = history.lastMonth, last < month {
            monthStart = dayNumbers.count
        } else {
            monthStart = 0
        }
        var total = history.flows(of: month)?.expenses ?? 0
        var index = monthStart
        while index < dayNumbers.count, dayNumbers[index] < startDay {
            total -= history.moneyOut(at: index)
            index += 1
        }
        index = monthStart
        while index > 0, dayNumbers[index - 1] >= startDay {
            index -= 1
            total += history.moneyOut(at: index)
        }
        var recurring: Int128 = 0
        for entry in series {
            let members = history.groups[entry.group].transactions
            // The group's transactions are in ledger order; the series ends at or before `latest`.
            var position = MoneyOutWindow.position(of: entry.latest, in: members)
            while position >= 0, dayNumbers[members[position]] >= startDay {
                let candidate = members[position]
                position -= 1
                guard dayNumbers[candidate] <= endDay,
                    entry.series.occurrences.contains(candidate)
                else { continue }
                recurring += history.moneyOut(at: candidate)
            }
        }
        self.total = Int64(clamping: total)
        self.recurring = Int64(clamping: recurring)
    }

    /// The position of the last member at or before transaction `index` (−1 when none).
    static func position(of index: Int, in members: [Int]) -> Int {
        var low = 0
        var high = members.count
        while low < high {
            let middle = (low + high) / 2
            if members[middle] <= index { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }
}
