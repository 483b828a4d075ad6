import Ledger

extension ExportBook {
    /// The book's stated balances as assertions, by date then account.
    ///
    /// The import compared each stated balance with the opening balance plus the account's posted
    /// rows from its opening date up to the end of the day. A tool counts every row of the account
    /// in its currency up to the day it books it on: so each row the two count differently is a
    /// correction, `+amount` from the day the tool books it, `-amount` from the day the import
    /// counts it. `legsOnTransactionDate` is beancount's rule: a transfer's second leg is booked
    /// on its first leg's date.
    public func balanceAssertions(legsOnTransactionDate: Bool) -> [BalanceAssertion] {
        guard !statedBalances.isEmpty else { return [] }
        let asserted = Set(statedBalances.map(\.account))
        var openingDay: [AccountID: Int] = [:]
        var currency: [AccountID: Currency] = [:]
        for account in journal.accounts where asserted.contains(account.id) {
            currency[account.id] = account.currency
            if let date = account.openingDate { openingDay[account.id] = date.dayNumber }
        }
        var firstLeg = [Int32](repeating: -1, count: legsOnTransactionDate ? partner.count : 0)
        if legsOnTransactionDate {
            for index in partner.indices where partner[index] >= 0 { firstLeg[Int(partner[index])] = Int32(index) }
        }
        var corrections: [AccountID: [(day: Int, minorUnits: Int64)]] = [:]
        journal.transactions.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                // Fields are read in place: copying a row out would retain its strings.
                let row = rows.baseAddress! + index
                let account = row.pointee.account
                guard asserted.contains(account), row.pointee.amount.currency == currency[account] else { continue }
                let own = row.pointee.date.dayNumber
                var booked = own
                if legsOnTransactionDate, firstLeg[index] >= 0 { booked = rows[Int(firstLeg[index])].date.dayNumber }
                let counted = row.pointee.status == .posted && own >= (openingDay[account] ?? Int.min)
                if counted && booked == own { continue }
                let units = row.pointee.amount.minorUnits
                corrections[account, default: []].append((booked, units))
                if counted { corrections[account, default: []].append((own, -units)) }
            }
        }
        // Per account: the days corrections start on, and the running total from each.
        var running: [AccountID: (days: [Int], totals: [Int64])] = [:]
        for (account, list) in corrections {
            var total: Int64 = 0
            var days: [Int] = []
            var totals: [Int64] = []
            for correction in list.sorted(by: { $0.day < $1.day }) {
                total &+= correction.minorUnits
                days.append(correction.day)
                totals.append(total)
            }
            running[account] = (days, totals)
        }
        return statedBalances.map { stated in
            var extra: Int64 = 0
            if let (days, totals) = running[stated.account] {
                // The last correction on or before the day.
                var low = 0
                var high = days.count
                while low < high {
                    let middle = (low + high) / 2
                    if days[middle] <= stated.date.dayNumber { low = middle + 1 } else { high = middle }
                }
                if low > 0 { extra = totals[low - 1] }
            }
            return BalanceAssertion(
                stated: stated,
                amount: Money(minorUnits: stated.amount.minorUnits &+ extra, currency: stated.amount.currency))
        }
    }
}
