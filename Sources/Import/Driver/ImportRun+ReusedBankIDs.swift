import Ledger

extension ImportRun {
    /// Gives a new id to each record whose FITID an earlier record of its account already holds
    /// for another transaction, and warns at both places.
    ///
    /// Some banks number FITIDs per export (1, 2, ... every month), so September's `FITID 1` and
    /// October's `FITID 1` are two transactions. Same-id de-duplication would drop September's as
    /// a copy of October's, silently. A repeated FITID is a copy only when date, amount and payee
    /// agree too; otherwise the later record (in file order) is kept as `account/FITID@date`
    /// (`@date~2`, `~3` when that is taken too), which the next export that repeats it spells
    /// alike, so overlapping exports still merge.
    ///
    /// Only bank ids that repeat are looked at (found by hash, as `Deduplicator.markSameID` does),
    /// so an import without repeats pays one pass over the entries' hashes.
    mutating func separateReusedBankIDs() {
        var bankEntries: [Int] = []
        var keys: [UInt64] = []
        for index in entries.indices where entries[index].hasBankID {
            bankEntries.append(index)
            keys.append(
                idsAreASCII
                    ? entries[index].idHash : UInt64(bitPattern: Int64(ids.id(of: entries[index]).hashValue)))
        }
        let mayRepeat = RepeatedKeys.flags(keys)
        var groups: [TransactionID: [Int]] = [:]
        var order: [TransactionID] = []
        for (position, index) in bankEntries.enumerated() where mayRepeat[position] {
            let id = ids.id(of: entries[index])
            if groups[id] == nil { order.append(id) }
            groups[id, default: []].append(index)
        }
        var taken = Set<TransactionID>()
        for id in order { taken.insert(id) }
        for id in order {
            guard let members = groups[id], members.count > 1 else { continue }
            // Each distinct transaction under this id, by its first record: the first keeps the id.
            var kinds: [(content: RecordContent, first: Int, id: TransactionID)] = []
            for index in members {
                let content = RecordContent(self, entries[index])
                if let known = kinds.first(where: { $0.content == content }) {
                    if known.id != id { rename(index, to: known.id) }
                    continue
                }
                if kinds.isEmpty {
                    kinds.append((content, index, id))
                    continue
                }
                var newID = TransactionID(id.rawValue + "@" + content.date.isoString)
                var suffix = 2
                while taken.contains(newID) {
                    newID = TransactionID(id.rawValue + "@" + content.date.isoString + "~\(suffix)")
                    suffix += 1
                }
                taken.insert(newID)
                kinds.append((content, index, newID))
                rename(index, to: newID)
                let first = kinds[0]
                let fitID = id.rawValue.dropFirst(ids.prefixes[Int(entries[index].list)].count)
                files[Int(entries[index].file)].warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: files[Int(entries[index].file)].file.path,
                        line: line(of: entries[index]),
                        message:
                            "FITID '\(fitID)' is also used at \(location(first.first)) for another transaction (\(first.content.summary)); both are kept, this one (\(content.summary)) as '\(newID)'"
                    ))
            }
        }
    }

    /// Gives entry `index` the bank id `id` (bytes kept in `ids`), with its hash and sort key.
    private mutating func rename(_ index: Int, to id: TransactionID) {
        let prefixCount = ids.prefixes[Int(entries[index].list)].count
        var text = id.rawValue
        let detail = text.withUTF8 {
            ids.addBankID(prefix: $0, fitID: UnsafeBufferPointer(start: nil, count: 0), occurrence: nil)
        }
        entries[index].idDetail = detail
        entries[index].idHash = ids.withBankID(detail) { ImportRun.hash($0) }
        let key = ids.withBankID(detail) { CanonicalOrder.idPrefix($0, after: prefixCount) }
        entries[index].idPrefix = key.value
        entries[index].idPrefixOrders = entries[index].idPrefixOrders && key.orders
    }

    /// What makes two records with one FITID the same transaction: date, amount and payee (its
    /// white space and ASCII letter case aside).
    struct RecordContent: Equatable {
        var date: CivilDate
        var amount: Money
        var payee: String
        var shownPayee: String

        init(_ run: ImportRun, _ entry: ImportEntry) {
            let record = run.record(of: entry)
            date = record.date
            amount = record.amount
            shownPayee = record.payee
            payee = record.payee.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        }

        static func == (a: RecordContent, b: RecordContent) -> Bool {
            a.date == b.date && a.amount == b.amount && a.payee == b.payee
        }

        var summary: String { "\(date.isoString), \(amount.decimalString), '\(shownPayee)'" }
    }
}
