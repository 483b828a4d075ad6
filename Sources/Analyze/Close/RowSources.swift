import Ledger

/// Where each ledger row came from and why it has its category, read from the ledger only when a
/// closed month changed, and then once per run, however many months changed: the analysis reads
/// figure rows, which leave sources out.
final class RowSources {
    private let ledgerPath: String
    private var loaded: (transactions: [Transaction], index: [String: Int])?

    init(ledgerPath: String) {
        self.ledgerPath = ledgerPath
    }

    /// For each of `ids` in the ledger: its category's source (`rule rules/x.rules:12`,
    /// `override overrides.csv:7`) and its row's place (`inbox/x.csv:14`).
    func explain(_ ids: [String]) -> [String: (category: String, row: String)] {
        if loaded == nil {
            guard let bytes = try? FileOutput.read(ledgerPath),
                let journal = try? JournalCodec.decode(bytes, path: ledgerPath)
            else { return [:] }
            var index: [String: Int] = [:]
            for (position, transaction) in journal.transactions.enumerated() {
                index[transaction.id.rawValue] = position
            }
            loaded = (journal.transactions, index)
        }
        guard let loaded else { return [:] }
        var found: [String: (category: String, row: String)] = [:]
        for id in ids {
            guard let position = loaded.index[id] else { continue }
            let transaction = loaded.transactions[position]
            found[id] = (transaction.categorySource.description, transaction.source.description)
        }
        return found
    }
}
