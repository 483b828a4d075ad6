import Ledger

extension InsightFacts {
    /// The payee of a recurring series, as its latest occurrence names it.
    func seriesPayee(_ entry: RecurringBook.Entry) -> String { history.payee(at: entry.latest) }

    /// The id of a recurring series' latest occurrence.
    func seriesLatestID(_ entry: RecurringBook.Entry) -> String {
        // The series' own latest payment: the payee group's latest transaction may be one the
        // series left out (a top-up at the same shop that is not part of its rhythm).
        history.transactionID(at: entry.series.occurrences.last ?? entry.latest)
    }

    /// `minorUnits` of the series' own currency in base at the rate of this month's last day, nil
    /// when no rate converts it.
    func seriesAmountInBase(_ entry: RecurringBook.Entry, _ minorUnits: Int64) -> Int64? {
        let currency = history.currency(at: entry.latest)
        return history.rates.toBase(minorUnits, currency, onDay: month.lastDay.dayNumber)
    }

    /// The monthly cost of the active series among `entries` that take money out, in base at the
    /// rate of `month`'s last day (the sum `recurringExpenses` holds for this month), and how many
    /// series it adds up.
    func outgoingMonthlyTotal(of entries: [RecurringBook.Entry], at month: YearMonth) -> (total: Int64, count: Int) {
        let endDay = month.lastDay.dayNumber
        var total: Int64 = 0
        var count = 0
        for entry in entries where entry.series.status == .active {
            let currency = history.currency(at: entry.latest)
            guard let monthly = history.rates.toBase(entry.series.monthlyAmount, currency, onDay: endDay),
                monthly < 0
            else { continue }
            total += -monthly
            count += 1
        }
        return (total, count)
    }
}
