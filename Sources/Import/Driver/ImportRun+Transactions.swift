import Ledger

extension ImportRun {
    /// Sets `transactions` to those of the imported entries at `order` (indices into `entries`),
    /// in that order.
    ///
    /// This consumes those entries' records: each transaction takes its record's text over
    /// (moved, not shared), so a million-row import does not retain and later release some three
    /// million strings here, and its id is spelled out now (see `EntryIDs`). The transactions
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
                id: TransactionID(""), account: AccountID(""), date: record(of: entries[first]).date,
                amount: .zero(.eur), payee: "", source: SourceLocation(file: "", line: 0))
            transactions.append(contentsOf: repeatElement(blank, count: order.count - transactions.count))
        }
        let paths = files.map(\.file.path)
        // Visited in entry order, which is the order of the records in memory: in canonical order
        // each day's entries come in id order, at random, and every one would miss the caches.
        // Each key is an entry index and the place of its transaction in the result.
        var visits = order.enumerated().map { UInt64($0.element) << 32 | UInt64($0.offset) }
        visits.sort()
        transactions.withUnsafeMutableBufferPointer { places in
            for visit in visits {
                let index = Int(visit >> 32)
                let (list, row) = (Int(entries[index].list), Int(entries[index].record))
                let file = Int(entries[index].file)
                let place = Int(visit & 0xFFFF_FFFF)
                places[place].id = ids.id(of: entries[index])
                places[place].account = accounts[Int(entries[index].account)]
                places[place].date = records[list][row].date
                places[place].amount = records[list][row].amount
                places[place].payee = ImportRun.take(&records[list][row].payee, leaving: "")
                places[place].memo = ImportRun.take(&records[list][row].memo, leaving: "")
                places[place].status = records[list][row].status
                places[place].checkNumber = ImportRun.take(&records[list][row].checkNumber, leaving: nil)
                places[place].bankType = ImportRun.take(&records[list][row].bankType, leaving: nil)
                places[place].bankCategory = ImportRun.take(&records[list][row].bankCategory, leaving: nil)
                places[place].source = SourceLocation(file: paths[file], line: records[list][row].line)
                if !places[place].splits.isEmpty { places[place].splits = [] }
                guard !records[list][row].splits.isEmpty else { continue }
                switch ImportRun.splits(of: records[list][row]) {
                case .success(let splits): places[place].splits = splits
                case .failure(let problem):
                    warnings[file].append(
                        ImportDiagnostic(
                            severity: .warning, path: paths[file], line: records[list][row].line,
                            message: "\(problem.message); the transaction is kept without its splits"))
                }
            }
        }
    }

    /// The value of `slot`, leaving `placeholder` in its place: a move, without retaining.
    @inline(__always)
    static func take<Value>(_ slot: inout Value, leaving placeholder: Value) -> Value {
        var value = placeholder
        swap(&value, &slot)
        return value
    }
}
