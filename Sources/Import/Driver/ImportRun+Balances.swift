import Ledger

extension ImportRun {
    /// Per account (by index): the days of its imported posted entries in date order, each with
    /// the sum of their amounts that day (all `BalanceReconciler` needs), how many posted entries
    /// it has and how many pending ones.
    ///
    /// When the days are dense (an export covers each day of its period) the sums are gathered in
    /// one pass over the entries as they lie in memory; `order` (canonical, so by date) visits
    /// them at random, each a likely miss of the processor's caches.
    func postedDays(order: [Int]) -> (days: [[(day: Int, minorUnits: Int64)]], posted: [Int], pending: [Int]) {
        var days = Array(repeating: [(day: Int, minorUnits: Int64)](), count: accounts.count)
        var posted = Array(repeating: 0, count: accounts.count)
        var pending = Array(repeating: 0, count: accounts.count)
        var firstDay = Int.max
        var lastDay = Int.min
        for entry in entries where entry.isImported && entry.isPosted {
            firstDay = min(firstDay, Int(entry.day))
            lastDay = max(lastDay, Int(entry.day))
        }
        let accountCount = accounts.count
        guard firstDay <= lastDay, (lastDay - firstDay + 1) * accountCount <= order.count * 4 + 1024 else {
            for index in order {
                let account = Int(entries[index].account)
                if entries[index].isPosted {
                    days[account].append((Int(entries[index].day), entries[index].minorUnits))
                    posted[account] += 1
                } else {
                    pending[account] += 1
                }
            }
            return (days, posted, pending)
        }
        // One cell per day and account: its total and how many entries it has.
        let dayCount = lastDay - firstDay + 1
        var totals = [Int64](repeating: 0, count: dayCount * accountCount)
        var counts = [Int32](repeating: 0, count: dayCount * accountCount)
        for entry in entries where entry.isImported {
            let account = Int(entry.account)
            if entry.isPending {
                pending[account] += 1
                continue
            }
            let cell = account * dayCount + Int(entry.day) - firstDay
            totals[cell] = totals[cell] &+ entry.minorUnits
            counts[cell] += 1
            posted[account] += 1
        }
        for account in 0..<accountCount where posted[account] > 0 {
            for day in 0..<dayCount where counts[account * dayCount + day] > 0 {
                days[account].append((firstDay + day, totals[account * dayCount + day]))
            }
        }
        return (days, posted, pending)
    }
}
