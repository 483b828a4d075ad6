import AnalysisFile
import Ledger

/// Turns the ids a month's cards and advice name into references the page can label
/// (`TransactionReference`): the card that means a transaction says which it is, and the report
/// no longer reconstructs it from other sections, nor shows a bare id.
///
/// The ids are looked up in the month first, then the year before it (a recurring series' last
/// payment), then the whole ledger: a few ids a month, never a table of every transaction.
struct TransactionReferences {
    let history: LedgerHistory
    let month: YearMonth

    func references(_ ids: [String]?) -> [TransactionReference]? {
        guard let ids, !ids.isEmpty else { return nil }
        var found: [String: TransactionReference] = [:]
        var wanted = Set(ids)
        let rows = history.transactions
        let yearBefore = history.range(of: month.adding(months: -12))
        let thisMonth = history.range(of: month)
        let spans = [thisMonth, yearBefore.lowerBound..<thisMonth.upperBound, rows.indices]
        for span in spans where !wanted.isEmpty {
            for index in span where wanted.contains(rows[index].id.rawValue) {
                let row = rows[index]
                found[row.id.rawValue] = TransactionReference(
                    id: row.id.rawValue, date: row.date.isoString, payee: row.payee,
                    amount: row.amount.decimalString, currency: row.amount.currency.code)
                wanted.remove(row.id.rawValue)
            }
        }
        let references = ids.compactMap { found[$0] }
        return references.isEmpty ? nil : references
    }
}
