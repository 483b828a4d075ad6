import Ledger

extension CSVRowMapper {
    mutating func groupKey(currency: Currency, cell: (Int) -> UnsafeBufferPointer<UInt8>) -> GroupKey {
        var account = ""
        if let source = layout.account {
            account = text(source, cell)
            if account.hasPrefix("'") { account.removeFirst() }
        }
        let name = layout.accountName.map { text($0, cell) } ?? ""
        return GroupKey(account: account, name: name, currency: currency)
    }

    mutating func group(for key: GroupKey) -> Int {
        if let last = lastGroup, last.key == key { return last.index }
        let index: Int
        if let known = groupIndex[key] {
            index = known
        } else {
            var group = Group(key: key)
            if groups.isEmpty { group.records.reserveCapacity(reservation.records, textBytes: reservation.textBytes) }
            groups.append(group)
            index = groups.count - 1
            groupIndex[key] = index
        }
        lastGroup = (key, index)
        return index
    }
}
