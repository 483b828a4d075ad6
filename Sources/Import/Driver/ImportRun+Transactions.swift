import Ledger

extension ImportRun {
    /// The journal's transactions, one per imported entry, in the canonical `order`.
    ///
    /// Each transaction is written straight into its place in the result while the records are
    /// read in file order (the order they sit in memory), and each takes its entry's id over
    /// rather than sharing it, so a million-row import neither copies nor re-counts a million
    /// strings here. Entries have no ids afterwards.
    mutating func makeTransactions(order: [Int], warnings: inout [[ImportDiagnostic]]) -> [Transaction] {
        var position = [Int32](repeating: -1, count: entries.count)
        for (rank, index) in order.enumerated() { position[index] = Int32(rank) }
        let paths = files.map(\.file.path)
        return [Transaction](unsafeUninitializedCapacity: order.count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            for index in entries.indices where position[index] >= 0 {
                let (list, row) = (Int(entries[index].list), Int(entries[index].record))
                let file = Int(entries[index].file)
                var id = TransactionID("")
                swap(&id, &entries[index].id)
                let place = base + Int(position[index])
                place.initialize(
                    to: Transaction(
                        id: id, account: accounts[Int(entries[index].account)], date: records[list][row].date,
                        amount: records[list][row].amount, payee: records[list][row].payee,
                        memo: records[list][row].memo, status: records[list][row].status,
                        checkNumber: records[list][row].checkNumber, bankType: records[list][row].bankType,
                        bankCategory: records[list][row].bankCategory,
                        source: SourceLocation(file: paths[file], line: records[list][row].line)))
                if !records[list][row].splits.isEmpty {
                    switch ImportRun.splits(of: records[list][row]) {
                    case .success(let splits): place.pointee.splits = splits
                    case .failure(let problem):
                        warnings[file].append(
                            ImportDiagnostic(
                                severity: .warning, path: paths[file], line: records[list][row].line,
                                message: "\(problem.message); the transaction is kept without its splits"))
                    }
                }
            }
            // `order` holds each imported entry once, so every place was written.
            initialized = order.count
        }
    }
}
