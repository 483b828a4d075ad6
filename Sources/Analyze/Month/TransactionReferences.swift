import AnalysisFile
import Ledger

/// Turns the ids a month's cards and advice name into references the page can label
/// (`TransactionReference`): the card that means a transaction says which it is, and the report
/// no longer reconstructs it from other sections, nor shows a bare id.
///
/// A card names a few transactions of the month or of the months just before it (a recurring
/// series' last payment), so the ledger is read backwards from the month's end and the search
/// stops once every id is found: no table of every transaction, which a million-row ledger
/// analysed month by month would pay for 120 times.
struct TransactionReferences {
    let history: LedgerHistory
    let month: YearMonth

    func references(_ ids: [String]?) -> [TransactionReference]? {
        guard let ids, !ids.isEmpty else { return nil }
        var wanted: [String] = []
        for id in ids where !wanted.contains(id) { wanted.append(id) }
        var found: [String: TransactionReference] = [:]
        let rows = history.transactions
        var index = history.range(of: month).upperBound
        while index > 0, !wanted.isEmpty {
            index -= 1
            let id = rows[index].id.rawValue
            guard let position = wanted.firstIndex(of: id) else { continue }
            wanted.remove(at: position)
            let row = rows[index]
            found[id] = TransactionReference(
                id: id, date: row.date.isoString, payee: row.payee, amount: row.amount.decimalString,
                currency: row.amount.currency.code)
        }
        let references = ids.compactMap { found[$0] }
        return references.isEmpty ? nil : references
    }
}
