import Glibc
import Ledger

/// The ledger's rows as the analysis reads them (`FigureFile`), made row by row as `LedgerWriter`
/// writes them, in the same order: each row the figure row that decoding the ledger's line gives.
///
/// Rows read in place are taken from the columns, their status from the row's bytes (such a row is
/// in the encoder's exact form, `CanonicalRow`: the status, written only when `pending`, follows
/// the payee and the memo); other rows are finished as transactions, as `LedgerWriter` encodes
/// them. Made in the ledger writer's pass, while the journal's bytes of each row are still mapped.
struct LedgerFigures {
    private let writer: FigureFile.Writer
    private let kinds: [CategorySource.Kind]
    /// Texts are numbered as first used: the rows' own by their index, others by their value.
    private var textNumbers: [UInt32]
    private var otherTexts: [String: UInt32] = [:]
    private var accountNumbers: [AccountID: UInt32] = [:]
    private var currencyNumbers: [Currency: UInt16] = [:]
    private var categoryNumbers: [CategoryPath: Int32] = [:]
    /// The file's numbers of the rows' accounts, currencies and categories, by their index in
    /// `LedgerRows.accounts`, `currencies` and `categories`.
    private var accountOf: [UInt32] = []
    private var currencyOf: [UInt16] = []
    private var categoryOf: [Int32] = []
    private static let pending = Array(",\"status\":\"pending\"".utf8)
    private static let memoKey = ",\"memo\":\"".utf8.count

    /// Figures of `rows` written to `output`.
    init(_ rows: LedgerRows, to output: AtomicFileWriter) {
        writer = FigureFile.Writer(output: output)
        kinds = rows.sources.map(\.kind)
        textNumbers = [UInt32](repeating: .max, count: rows.texts.count)
        for account in rows.accounts { accountOf.append(self.account(account)) }
        for currency in rows.currencies { currencyOf.append(self.currency(currency)) }
        for category in rows.categories { categoryOf.append(self.category(category)) }
    }

    /// Adds row `row` of `rows`, which `result` categorised.
    mutating func append(_ rows: LedgerRows, _ result: Categorization, row: Int) {
        let place = rows.layout[row]
        guard place.decoded < 0, let base = rows.file?.buffer.baseAddress else {
            let t = FigureRow(result.finished(rows, row))
            let account = account(t.account)
            let currency = currency(t.amount.currency)
            let payee = text(t.payee)
            let category = category(t.category)
            let splits = splits(t.splits)
            var id = t.id.rawValue
            let writer = writer
            id.withUTF8 { id in
                writer.appendRow(
                    id: id, account: account, date: t.date, minorUnits: t.amount.minorUnits, currency: currency,
                    payee: payee, category: category, isPending: t.status == .pending, isTransfer: t.isTransfer,
                    isIgnored: t.isIgnored, kind: t.categorySourceKind, splits: splits)
            }
            return
        }
        // The status follows the payee's closing quote and the memo, when there is one.
        var status = Int(place.payeeEnd) + 1
        if rows.memo[row] != 0 { status += Self.memoKey + rows.texts[Int(rows.memo[row])].utf8.count + 1 }
        let isPending =
            status + Self.pending.count <= Int(place.tail)
            && Self.pending.withUnsafeBufferPointer {
                memcmp(base + place.start + status, $0.baseAddress!, $0.count) == 0
            }
        let newPayee = rows.newPayee[row]
        let payee = text(newPayee >= 0 ? newPayee : rows.payee[row], rows)
        var splits: [FigureFile.SplitNumbers] = []
        if !rows.splits.isEmpty, let rowSplits = rows.splits[row] { splits = self.splits(rowSplits) }
        let writer = writer
        let kind = kinds[Int(rows.source[row])]
        let account = accountOf[Int(rows.account[row])]
        let currency = currencyOf[Int(rows.currency[row])]
        let category = rows.category[row] >= 0 ? categoryOf[Int(rows.category[row])] : -1
        rows.withID(row) { id in
            writer.appendRow(
                id: id, account: account, date: rows.date[row], minorUnits: rows.minorUnits[row], currency: currency,
                payee: payee, category: category, isPending: isPending, isTransfer: rows.isTransfer[row],
                isIgnored: rows.isIgnored[row], kind: kind, splits: splits)
        }
    }

    /// Writes the tables after the rows; the trailer is written once the ledger is in place.
    func finish() { writer.finishBody() }

    private mutating func text(_ index: Int32, _ rows: LedgerRows) -> UInt32 {
        let index = Int(index)
        if textNumbers[index] == .max { textNumbers[index] = writer.addText(rows.texts[index]) }
        return textNumbers[index]
    }

    private mutating func text(_ value: String) -> UInt32 {
        if let known = otherTexts[value] { return known }
        let number = writer.addText(value)
        otherTexts[value] = number
        return number
    }

    private mutating func account(_ id: AccountID) -> UInt32 {
        if let known = accountNumbers[id] { return known }
        let number = writer.addAccount(id: text(id.rawValue))
        accountNumbers[id] = number
        return number
    }

    private mutating func currency(_ value: Currency) -> UInt16 {
        if let known = currencyNumbers[value] { return known }
        let number = writer.addCurrency(code: text(value.code), exponent: value.exponent)
        currencyNumbers[value] = number
        return number
    }

    private mutating func category(_ path: CategoryPath?) -> Int32 {
        guard let path else { return -1 }
        if let known = categoryNumbers[path] { return known }
        var components: [UInt32] = []
        for component in path.components { components.append(text(component)) }
        let number = writer.addCategory(components: components)
        categoryNumbers[path] = number
        return number
    }

    private mutating func splits(_ splits: [Split]) -> [FigureFile.SplitNumbers] {
        var numbers: [FigureFile.SplitNumbers] = []
        for split in splits {
            numbers.append(
                FigureFile.SplitNumbers(
                    category: category(split.category), minorUnits: split.amount.minorUnits,
                    currency: currency(split.amount.currency)))
        }
        return numbers
    }
}
