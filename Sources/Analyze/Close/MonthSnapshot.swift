import AnalysisFile
import Crypto
import Ledger

/// A month as it reads now: the figures its report shows, its transactions, and their digest:
/// what a close records and what a closed month is checked against on every later run.
///
/// The digest is taken straight from the rows' bytes (no text per row), since every closed month
/// is checked on every run; the transactions as text are made only when a close or a restatement
/// writes them.
struct MonthSnapshot {
    var month: YearMonth
    var figures: CloseFigures
    var rows: ArraySlice<FigureRow>
    var digest: String

    init(month: YearMonth, analysis: MonthAnalysis, rows: ArraySlice<FigureRow>) {
        self.month = month
        var categories: [String: String] = [:]
        for figure in analysis.categories + analysis.incomeCategories { categories[figure.category] = figure.amount }
        var balances: [String: String] = [:]
        for account in analysis.accounts {
            if let closing = account.closingBalance { balances[account.id] = closing }
        }
        figures = CloseFigures(
            currency: analysis.currency, income: analysis.summary.income, expenses: analysis.summary.expenses,
            net: analysis.summary.net, categories: categories, balances: balances)
        self.rows = rows
        digest = MonthSnapshot.digest(rows)
    }

    /// The month's transactions in the rows' (canonical) order.
    var transactions: [ClosedTransaction] {
        rows.map { row in
            ClosedTransaction(
                id: row.id.rawValue, account: row.account.rawValue, amount: row.amount.decimalString,
                currency: row.amount.currency.code, category: MonthSnapshot.category(row), date: row.date.isoString,
                payee: row.payee)
        }
    }

    /// The category a close records: `Uncategorized` when none, `(transfer)`, `(ignored)` or
    /// `(pending)` for rows that do not count.
    static func category(_ row: FigureRow) -> String {
        row.isTransfer
            ? "(transfer)"
            : row.isIgnored
                ? "(ignored)"
                : row.status != .posted
                    ? "(pending)"
                    : row.category?.description ?? "Uncategorized"
    }

    /// SHA-256 over each row's id, account, amount (minor units), currency and recorded category,
    /// each part ended by a separator byte, so that no two lists of rows share a digest.
    static func digest(_ rows: ArraySlice<FigureRow>) -> String {
        var hasher = SHA256()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(256)
        for row in rows {
            buffer.removeAll(keepingCapacity: true)
            buffer += row.id.rawValue.utf8
            buffer.append(0x1F)
            buffer += row.account.rawValue.utf8
            buffer.append(0x1F)
            withUnsafeBytes(of: row.amount.minorUnits.littleEndian) { buffer += $0 }
            buffer += row.amount.currency.code.utf8
            buffer.append(0x1F)
            buffer += category(row).utf8
            buffer.append(0x1E)
            hasher.update(data: buffer)
        }
        return InputFiles.hex(hasher.finalize())
    }
}
