import Ledger

extension ExportBook {
    /// The revaluations of the accounts of `valuations` that have rows in `journal`, by date then
    /// account (see `Revaluation`).
    ///
    /// Per account, the days are its valuations' and every month end from the first valuation's
    /// to the one of the month of its last row or valuation. On each, the balance the books hold is
    /// the opening balance (from its opening date), every row of the account in its currency up to
    /// the end of the day, and the revaluations before; the value in force is the latest valuation
    /// at or before the day. A valuation's day is always written (its balance is asserted); a
    /// month end only when the two differ.
    static func revaluations(_ valuations: [Valuation], journal: Journal) -> [Revaluation] {
        guard !valuations.isEmpty else { return [] }
        var byAccount: [AccountID: [Valuation]] = [:]
        for valuation in valuations { byAccount[valuation.account, default: []].append(valuation) }
        var rowsOf: [AccountID: [(day: Int, minorUnits: Int64, currency: Currency)]] = [:]
        journal.transactions.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                // Read in place (a copied row retains its strings).
                let row = rows.baseAddress! + index
                guard byAccount[row.pointee.account] != nil else { continue }
                rowsOf[row.pointee.account, default: []].append(
                    (row.pointee.date.dayNumber, row.pointee.amount.minorUnits, row.pointee.amount.currency))
            }
        }
        var accounts: [AccountID: Account] = [:]
        for account in journal.accounts { accounts[account.id] = account }
        var result: [Revaluation] = []
        for (id, rows) in rowsOf {
            let values = byAccount[id]!.sorted { $0.date < $1.date }
            let currency = values[0].value.currency
            let isLiability = accounts[id]?.kind.isLiability ?? false
            var changes = rows.filter { $0.currency == currency }.map { (day: $0.day, minorUnits: $0.minorUnits) }
            var hasOpening = false
            if let account = accounts[id], let opening = account.openingBalance, let date = account.openingDate,
                opening.currency == currency
            {
                changes.append((date.dayNumber, opening.minorUnits))
                hasOpening = date <= values[0].date
            }
            changes.sort { $0.day < $1.day }
            let lastDay = max(rows.map(\.day).max() ?? 0, values[values.count - 1].date.dayNumber)
            var held: Int64 = 0
            var nextChange = 0
            var nextValue = 0
            var inForce: Valuation?
            for day in days(values: values, through: lastDay) {
                while nextChange < changes.count, changes[nextChange].day <= day.dayNumber {
                    held &+= changes[nextChange].minorUnits
                    nextChange += 1
                }
                var isValuationDay = false
                while nextValue < values.count, values[nextValue].date <= day {
                    inForce = values[nextValue]
                    isValuationDay = isValuationDay || values[nextValue].date == day
                    nextValue += 1
                }
                guard let valuation = inForce else { continue }
                let magnitude = Int64(valuation.value.minorUnits.magnitude)
                let value = isLiability ? -magnitude : valuation.value.minorUnits
                let amount = value &- held
                guard isValuationDay || amount != 0 else { continue }
                let isStart = !hasOpening && day == values[0].date
                result.append(
                    Revaluation(
                        date: day, account: id, amount: Money(minorUnits: amount, currency: currency),
                        balance: Money(minorUnits: value, currency: currency), valuedOn: valuation.date,
                        line: valuation.line, counterpart: isStart ? .openingBalances : .investmentGrowth))
                held = value
            }
        }
        return result.sorted { ($0.date, $0.account) < ($1.date, $1.account) }
    }

    /// The valuations' days and every month end from the first valuation's through the one of the
    /// month of `lastDay`, in order, each once.
    static func days(values: [Valuation], through lastDay: Int) -> [CivilDate] {
        var days = Set(values.map(\.date))
        let first = values[0].date
        var year = first.year
        var month = first.month
        while let end = CivilDate(year: year, month: month, day: CivilDate.daysIn(year: year, month: month)) {
            days.insert(end)
            if end.dayNumber >= lastDay { break }
            month += 1
            if month > 12 {
                month = 1
                year += 1
            }
        }
        return days.sorted()
    }
}
