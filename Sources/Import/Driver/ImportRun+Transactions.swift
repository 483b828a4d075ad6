import Ledger

extension ImportRun {
    /// Sets `transactions` to those of the imported entries at `order` (indices into `entries`),
    /// in that order.
    ///
    /// Each transaction's id is spelled out now (see `EntryIDs`) and its texts made from the
    /// record's bytes. The transactions
    /// already in `transactions` (the previous chunk's) are written over field by field rather
    /// than destroyed and made anew: `Transaction` is a 300-byte value whose copies and
    /// destruction go through generic value witnesses, and whose `init` lives in another
    /// module, where it copies its arguments once more.
    mutating func makeTransactions(
        _ order: ArraySlice<Int>, into transactions: inout [Transaction], warnings: inout [[ImportDiagnostic]]
    ) {
        guard let first = order.first else {
            transactions = []
            return
        }
        if transactions.count > order.count { transactions.removeLast(transactions.count - order.count) }
        if transactions.count < order.count {
            let blank = Transaction(
                id: TransactionID(""), account: AccountID(""),
                date: records[Int(entries[first].list)].date(at: Int(entries[first].record)),
                amount: .zero(.eur), payee: "", source: SourceLocation(file: "", line: 0))
            transactions.append(contentsOf: repeatElement(blank, count: order.count - transactions.count))
        }
        let paths = files.map(\.file.path)
        // The file each place's `source` names (-1: none yet), so a path is assigned only when it
        // changes. Paths are compared by file, not as text: two names can be equal as text.
        var placeFiles: [Int32] = []
        swap(&placeFiles, &transactionFiles)
        defer { swap(&placeFiles, &transactionFiles) }
        if placeFiles.count != transactions.count { placeFiles = [Int32](repeating: -1, count: transactions.count) }
        transactions.withUnsafeMutableBufferPointer { places in
            for visit in ImportRun.entryOrder(order) {
                let index = Int(visit >> 32)
                let (list, row) = (Int(entries[index].list), Int(entries[index].record))
                let file = Int(entries[index].file)
                let place = Int(visit & 0xFFFF_FFFF)
                places[place].id = ids.id(of: entries[index])
                // Fields that are usually the same as the previous chunk's at this place, or nil
                // in both, are left alone: assigning releases the old value, a call each time.
                let account = Int(entries[index].account)
                if places[place].account != accounts[account] { places[place].account = accounts[account] }
                var record = records[list][row]
                places[place].date = record.date
                places[place].amount = record.amount
                places[place].payee = ImportRun.take(&record.payee, leaving: "")
                places[place].memo = ImportRun.take(&record.memo, leaving: "")
                places[place].status = record.status
                if places[place].checkNumber != nil || record.checkNumber != nil {
                    places[place].checkNumber = ImportRun.take(&record.checkNumber, leaving: nil)
                }
                if places[place].bankType != nil || record.bankType != nil {
                    places[place].bankType = ImportRun.take(&record.bankType, leaving: nil)
                }
                if places[place].bankCategory != nil || record.bankCategory != nil {
                    places[place].bankCategory = ImportRun.take(&record.bankCategory, leaving: nil)
                }
                if placeFiles[place] != Int32(file) {
                    places[place].source.file = paths[file]
                    placeFiles[place] = Int32(file)
                }
                places[place].source.line = record.line
                if !places[place].splits.isEmpty { places[place].splits = [] }
                guard record.hasSplits else { continue }
                switch ImportRun.splits(of: record) {
                case .success(let splits): places[place].splits = splits
                case .failure(let problem):
                    warnings[file].append(
                        ImportDiagnostic(
                            severity: .warning, path: paths[file], line: record.line,
                            message: "\(problem.message); the transaction is kept without its splits"))
                }
            }
        }
    }

    /// The entries at `order` in entry order, each as its index (high half) and its place in
    /// `order` (low half).
    ///
    /// Entry order is the order of the records in memory; in canonical order each day's entries
    /// come in id order, at random, and every one would miss the caches. A chunk's entries mostly
    /// lie in one range of indices (files run in date order), so they are placed by index in a
    /// table of that range; only scattered ones are sorted.
    static func entryOrder(_ order: ArraySlice<Int>) -> [UInt64] {
        guard let low = order.min(), let high = order.max() else { return [] }
        guard high - low < order.count * 4 else {
            return order.enumerated().map { UInt64($0.element) << 32 | UInt64($0.offset) }.sorted()
        }
        var places = [Int32](repeating: -1, count: high - low + 1)
        for (offset, index) in order.enumerated() { places[index - low] = Int32(offset) }
        var visits: [UInt64] = []
        visits.reserveCapacity(order.count)
        for (distance, place) in places.enumerated() where place >= 0 {
            visits.append(UInt64(low + distance) << 32 | UInt64(place))
        }
        return visits
    }

    /// The value of `slot`, leaving `placeholder` in its place: a move, without retaining.
    @inline(__always)
    static func take<Value>(_ slot: inout Value, leaving placeholder: Value) -> Value {
        var value = placeholder
        swap(&value, &slot)
        return value
    }
}
