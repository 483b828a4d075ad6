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
    /// Every account's opening, transactions and closing: the balances as the analysis gives them,
    /// the transactions summed here from the month's own rows, so a close checks one against the
    /// other (`CloseVersion.checkConservation`).
    var accounts: [String: CloseAccount]
    var records: RecordCounts?
    /// The rows as `closed/YYYY-MM.vN.jsonl` holds them (`ClosedTransactionLines`), when made with
    /// the snapshot: for a month with no record yet, which a run from scratch closes by the hundred,
    /// so that they are encoded on every core rather than in the closes' month order.
    var lines: [UInt8]?

    init(
        month: YearMonth, analysis: MonthAnalysis, rows: ArraySlice<FigureRow>, accounts: [Account] = [],
        records: RecordCounts? = nil, encodingLines: Bool = false
    ) {
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
        self.accounts = MonthSnapshot.accounts(analysis.accounts, ledger: accounts, rows: rows)
        self.records = records
        lines = encodingLines ? ClosedTransactionLines.encode(rows) : nil
    }

    /// Each account's month: the analysis's opening and closing balances beside the sum of the
    /// month's posted rows from the account's opening date in the account's currency. A row in
    /// another currency is left out of the sum, so the record does not add up and is refused.
    static func accounts(
        _ figures: [AccountFigure], ledger: [Account], rows: ArraySlice<FigureRow>
    ) -> [String: CloseAccount] {
        var byID: [AccountID: Account] = [:]
        for account in ledger { byID[account.id] = account }
        var sums: [AccountID: (total: Int128, count: Int)] = [:]
        // Rows come in runs of one account: the run's sum is kept aside and added to `sums` when
        // the account changes, so that a row costs no hashing of its account's name.
        var run: (account: AccountID, ledger: Account?, total: Int128, count: Int)?
        func endRun() {
            guard let run, run.ledger != nil else { return }
            sums[run.account, default: (0, 0)].total += run.total
            sums[run.account, default: (0, 0)].count += run.count
        }
        rows.withUnsafeBufferPointer { rows in
            guard let first = rows.baseAddress else { return }
            for row in first..<first + rows.count where row.pointee.status == .posted {
                if run?.account != row.pointee.account {
                    endRun()
                    run = (row.pointee.account, byID[row.pointee.account], 0, 0)
                }
                guard let account = run?.ledger, account.openingDate.map({ row.pointee.date >= $0 }) ?? true,
                    row.pointee.amount.currency == account.currency
                else { continue }
                run?.total += Int128(row.pointee.amount.minorUnits)
                run?.count += 1
            }
        }
        endRun()
        var result: [String: CloseAccount] = [:]
        for figure in figures {
            let id = AccountID(figure.id)
            let currency = byID[id]?.currency ?? Currency(code: figure.currency, exponent: 2)
            let sum = sums[id] ?? (0, 0)
            result[figure.id] = CloseAccount(
                currency: figure.currency, opening: figure.openingBalance,
                transactions: ConservationLine.text(sum.total, currency), transactionCount: sum.count,
                closing: figure.closingBalance)
        }
        return result
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
        let label = notCounted(isTransfer: row.isTransfer, isIgnored: row.isIgnored, status: row.status)
        return label ?? row.category?.description ?? uncategorized
    }

    /// What a close records for a row that does not count, by its flags; nil for one that does.
    static func notCounted(isTransfer: Bool, isIgnored: Bool, status: TransactionStatus) -> String? {
        isTransfer ? "(transfer)" : isIgnored ? "(ignored)" : status != .posted ? "(pending)" : nil
    }

    /// What a close records for a row that counts and has no category.
    static let uncategorized = "Uncategorized"

    /// SHA-256 over each row's id, account, amount (minor units), currency and recorded category,
    /// each part ended by a separator byte, so that no two lists of rows share a digest.
    static func digest(_ rows: ArraySlice<FigureRow>) -> String {
        var hasher = SHA256()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.digestChunk + 1024)
        var categories = CategoryTexts()
        // Fields read in place (see `ClosedTransactionLines.encode`), and the hasher fed in chunks
        // of many rows: SHA-256 over the same bytes in other pieces gives the same digest.
        rows.withUnsafeBufferPointer { rows in
            guard let first = rows.baseAddress else { return }
            for row in first..<first + rows.count {
                buffer += row.pointee.id.rawValue.utf8
                buffer.append(0x1F)
                buffer += row.pointee.account.rawValue.utf8
                buffer.append(0x1F)
                withUnsafeBytes(of: row.pointee.amount.minorUnits.littleEndian) { buffer += $0 }
                buffer += row.pointee.amount.currency.code.utf8
                buffer.append(0x1F)
                buffer += categories.text(row).utf8
                buffer.append(0x1E)
                if buffer.count >= Self.digestChunk {
                    hasher.update(data: buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
        }
        hasher.update(data: buffer)
        return Hex.lowercase(hasher.finalize())
    }

    /// Bytes of rows the digest gathers before hashing them.
    private static let digestChunk = 16 * 1024
}
