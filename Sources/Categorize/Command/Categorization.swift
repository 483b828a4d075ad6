import Ledger

/// What `Categorizer.categorize` found besides the rows' new state.
struct Categorization {
    var report: CategorizeReport
    /// Rows left without a category, in row order.
    var uncategorized: [UncategorizedRow]
    /// Positions in `uncategorized` in the order of `uncategorized.csv` (most money first).
    var order: [Int32]
    /// The classifier's guesses, by `UncategorizedRow.guess`.
    var guesses: [NaiveBayesClassifier.Prediction?]
    var errors: [CategorizeError]
    /// By `LedgerRows.decision`: what rules and overrides set on the row.
    var decisions: [RuleDecision]
    /// The text cache for the next run (`Categorizer.textCacheFingerprint`), if one was asked for.
    var textCache: TextCacheContent? = nil
    /// The guess cache for the next run (`Categorizer.guessSeed`), if one was asked for.
    var guessCache: GuessCache? = nil

    /// Row `row` as a transaction, with everything categorisation settled.
    func finished(_ rows: LedgerRows, _ row: Int) -> Transaction {
        var t: Transaction
        let place = rows.layout[row]
        if place.decoded >= 0 {
            t = rows.decoded[Int(place.decoded)]
        } else {
            t = rows.decodedInPlace(row)
        }
        apply(rows, row, to: &t)
        return t
    }

    /// Sets on `t` (row `row` as the journal has it) what categorisation settled.
    func apply(_ rows: LedgerRows, _ row: Int, to t: inout Transaction) {
        t.category = rows.categoryPath(row)
        t.categorySource = rows.categorySource(row)
        if rows.newPayee[row] >= 0 { t.payee = rows.texts[Int(rows.newPayee[row])] }
        let number = rows.decision[row]
        if number >= 0 {
            let decision = decisions[Int(number)]
            for tag in decision.tags where !t.tags.contains(tag) { t.tags.append(tag) }
            if let note = decision.note { t.note = note }
        }
        if !rows.splits.isEmpty, let splits = rows.splits[row] { t.splits = splits }
        t.isTransfer = rows.isTransfer[row]
        t.isIgnored = rows.isIgnored[row]
        if rows.peer[row] >= 0 { t.transferPeer = rows.id(Int(rows.peer[row])) }
    }
}
