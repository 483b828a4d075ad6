import Ledger

extension ImportRun {
    /// The transactions of the imported entries at `order` (indices into `entries`), in that order.
    ///
    /// This consumes those entries' records: each transaction takes its record's text over
    /// (moved, not shared), so a million-row import does not retain and later release some
    /// three million strings here, and its id is spelled out now (see `EntryIDs`). A transaction
    /// is filled field by field from a blank one, in place: `Transaction.init` lives in another
    /// module, where it copies its arguments once more.
    mutating func makeTransactions(_ order: ArraySlice<Int>, warnings: inout [[ImportDiagnostic]]) -> [Transaction] {
        guard let first = order.first else { return [] }
        let blank = Transaction(
            id: TransactionID(""), account: AccountID(""), date: record(of: entries[first]).date, amount: .zero(.eur),
            payee: "", source: SourceLocation(file: "", line: 0))
        let paths = files.map(\.file.path)
        // Visited in entry order, which is the order of the records in memory: in canonical order
        // each day's entries come in id order, at random, and every one would miss the caches.
        // Each key is an entry index and the place of its transaction in the result.
        var visits = order.enumerated().map { UInt64($0.element) << 32 | UInt64($0.offset) }
        visits.sort()
        return [Transaction](unsafeUninitializedCapacity: order.count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            for visit in visits {
                let index = Int(visit >> 32)
                let (list, row) = (Int(entries[index].list), Int(entries[index].record))
                let file = Int(entries[index].file)
                let place = base + Int(visit & 0xFFFF_FFFF)
                place.initialize(to: blank)
                place.pointee.id = ids.id(of: entries[index])
                place.pointee.account = accounts[Int(entries[index].account)]
                place.pointee.date = records[list][row].date
                place.pointee.amount = records[list][row].amount
                place.pointee.payee = ImportRun.take(&records[list][row].payee, leaving: "")
                place.pointee.memo = ImportRun.take(&records[list][row].memo, leaving: "")
                place.pointee.status = records[list][row].status
                place.pointee.checkNumber = ImportRun.take(&records[list][row].checkNumber, leaving: nil)
                place.pointee.bankType = ImportRun.take(&records[list][row].bankType, leaving: nil)
                place.pointee.bankCategory = ImportRun.take(&records[list][row].bankCategory, leaving: nil)
                place.pointee.source = SourceLocation(file: paths[file], line: records[list][row].line)
                guard !records[list][row].splits.isEmpty else { continue }
                switch ImportRun.splits(of: records[list][row]) {
                case .success(let splits): place.pointee.splits = splits
                case .failure(let problem):
                    warnings[file].append(
                        ImportDiagnostic(
                            severity: .warning, path: paths[file], line: records[list][row].line,
                            message: "\(problem.message); the transaction is kept without its splits"))
                }
            }
            // `order` holds each entry once, so every place was written.
            initialized = order.count
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
