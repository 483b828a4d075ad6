import Ledger

extension ImportRun {
    /// The journal's transactions, one per imported entry, in the canonical `order`.
    ///
    /// This is the last step that reads entries and records, and it consumes them: each
    /// transaction takes its entry's id and its record's text over (moved, not shared), so a
    /// million-row import does not retain and later release some four million strings here.
    /// Records are read list by list in the order they sit in memory, and each transaction is
    /// written straight into its place in the result.
    mutating func makeTransactions(order: [Int], warnings: inout [[ImportDiagnostic]]) -> [Transaction] {
        var position = [Int32](repeating: -1, count: entries.count)
        for (rank, index) in order.enumerated() { position[index] = Int32(rank) }
        let paths = files.map(\.file.path)
        let accounts = accounts
        // Owned here (and released at the end), so that moving out of them copies nothing.
        var entries: [ImportEntry] = []
        var records: [[ParsedRecord]] = []
        swap(&entries, &self.entries)
        swap(&records, &self.records)
        return [Transaction](unsafeUninitializedCapacity: order.count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < entries.count {
                // Entries were made list by list: this list's run of entries.
                let list = Int(entries[start].list)
                var end = start + 1
                while end < entries.count && Int(entries[end].list) == list { end += 1 }
                records[list].withUnsafeMutableBufferPointer { rows in
                    for index in start..<end where position[index] >= 0 {
                        let row = Int(entries[index].record)
                        let file = Int(entries[index].file)
                        let place = base + Int(position[index])
                        place.initialize(
                            to: Transaction(
                                id: ImportRun.take(&entries[index].id, leaving: TransactionID("")),
                                account: accounts[Int(entries[index].account)], date: rows[row].date,
                                amount: rows[row].amount, payee: ImportRun.take(&rows[row].payee, leaving: ""),
                                memo: ImportRun.take(&rows[row].memo, leaving: ""), status: rows[row].status,
                                checkNumber: ImportRun.take(&rows[row].checkNumber, leaving: nil),
                                bankType: ImportRun.take(&rows[row].bankType, leaving: nil),
                                bankCategory: ImportRun.take(&rows[row].bankCategory, leaving: nil),
                                source: SourceLocation(file: paths[file], line: rows[row].line)))
                        guard !rows[row].splits.isEmpty else { continue }
                        switch ImportRun.splits(of: rows[row]) {
                        case .success(let splits): place.pointee.splits = splits
                        case .failure(let problem):
                            warnings[file].append(
                                ImportDiagnostic(
                                    severity: .warning, path: paths[file], line: rows[row].line,
                                    message: "\(problem.message); the transaction is kept without its splits"))
                        }
                    }
                }
                start = end
            }
            // `order` holds each imported entry once, so every place was written.
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
