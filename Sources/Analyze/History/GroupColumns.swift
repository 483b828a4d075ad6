extension LedgerHistory {
    /// The payee groups' rows listed once every row has its group (`groupOf`): a counting sort of
    /// the rows by group, keeping row order within each, with each row's day, amount and base
    /// amount copied beside it in the same order (`LedgerHistory.groupDays`...).
    ///
    /// Why a pass of its own: appending each row to its group's array as the rows were read grew
    /// tens of thousands of arrays one element at a time (a uniqueness check a row, and every
    /// array copied as it grew); here each group's array is made once, at its size, and the rows
    /// are read in order.
    struct GroupColumns {
        var groups: [PayeeGroup]
        var starts: [Int]
        var days: [Int]
        var amounts: [Int64]
        var baseAmounts: [Int64?]

        /// `groups` with their rows listed; the other arrays are by row.
        init(groups: [PayeeGroup], groupOf: [Int32], dayNumbers: [Int], amounts: [Int64], baseAmounts: [Int64?]) {
            var starts = [Int](repeating: 0, count: groups.count + 1)
            for group in groupOf where group >= 0 { starts[Int(group) + 1] += 1 }
            for group in groups.indices { starts[group + 1] += starts[group] }
            let total = starts[groups.count]
            var next = starts
            var rows = [Int](repeating: 0, count: total)
            var days = [Int](repeating: 0, count: total)
            var groupAmounts = [Int64](repeating: 0, count: total)
            var groupBaseAmounts = [Int64?](repeating: nil, count: total)
            for (row, group) in groupOf.enumerated() where group >= 0 {
                let position = next[Int(group)]
                next[Int(group)] = position + 1
                rows[position] = row
                days[position] = dayNumbers[row]
                groupAmounts[position] = amounts[row]
                groupBaseAmounts[position] = baseAmounts[row]
            }
            var listed = groups
            for group in listed.indices { listed[group].transactions = Array(rows[starts[group]..<starts[group + 1]]) }
            self.groups = listed
            self.starts = starts
            self.days = days
            self.amounts = groupAmounts
            self.baseAmounts = groupBaseAmounts
        }
    }
}
