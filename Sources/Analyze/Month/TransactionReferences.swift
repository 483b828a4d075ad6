import AnalysisFile
import Ledger

/// Turns the ids a month's cards and advice name into references the page can label
/// (`TransactionReference`): the card that means a transaction says which it is, and the report
/// no longer reconstructs it from other sections, nor shows a bare id.
///
/// A card names a few transactions of the month or of the months just before it (a recurring
/// series' last payment), so the ledger is read backwards from the month's end and the search
/// stops once every id is found: no table of every transaction, which a million-row ledger
/// analysed month by month would pay for 120 times. Every id of every card and piece of advice
/// is looked for in one scan that compares each row's id hash (`LedgerHistory.rows(withIDs:before:)`):
/// a card may name rows years back (a recurring series' history), and a scan per card comparing
/// each row's id text with each id still wanted was nearly half of the analysis of a 1M-row ledger.
struct TransactionReferences {
    private var found: [String: TransactionReference] = [:]

    /// Finds the transactions every list in `idLists` names, in the month's rows and before.
    init(history: LedgerHistory, month: YearMonth, naming idLists: [[String]?]) {
        var wanted = Set<String>()
        for ids in idLists { wanted.formUnion(ids ?? []) }
        guard !wanted.isEmpty else { return }
        for (id, index) in history.rows(withIDs: wanted, before: history.range(of: month).upperBound) {
            found[id] = history.reference(toRow: index)
        }
    }

    /// The references of `ids`, in their order; nil when none is found.
    func references(_ ids: [String]?) -> [TransactionReference]? {
        guard let ids, !ids.isEmpty else { return nil }
        let references = ids.compactMap { found[$0] }
        return references.isEmpty ? nil : references
    }
}
