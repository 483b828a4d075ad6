import Ledger

/// The transactions of a closed month as JSON Lines (`closed/YYYY-MM.vN.jsonl`), written straight
/// from the rows: one object a line with the keys of `ClosedTransaction` in sorted order, the
/// bytes `JSONEncoder` gives with sorted keys and unescaped slashes for ordinary text.
///
/// Why not `JSONEncoder`: the first close of a ten-year, million-row ledger writes every row
/// once, and `JSONEncoder` (a `ClosedTransaction` and six strings a row, then the encoder's boxing)
/// took about 3 s of it; `JSONWriter` with the amounts and dates appended as bytes takes a tenth.
/// `CloseStore.transactions` still reads the lines with `JSONDecoder` (only a restated month's).
enum ClosedTransactionLines {
    static func encode(_ rows: ArraySlice<FigureRow>) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: rows.count * estimatedLineSize)
        var amount: [UInt8] = []
        var categories: [CategoryPath: String] = [:]
        for row in rows {
            writer.beginObject()
            writer.string("account", row.account.rawValue)
            amount.removeAll(keepingCapacity: true)
            amount.append(UInt8(ascii: "\""))
            row.amount.appendDecimalString(to: &amount)
            amount.append(UInt8(ascii: "\""))
            writer.raw("amount", amount)
            if let path = row.category, !row.isTransfer, !row.isIgnored, row.status == .posted {
                // One text per category, not one a row.
                if categories[path] == nil { categories[path] = path.description }
                writer.string("category", categories[path]!)
            } else {
                writer.string("category", MonthSnapshot.category(row))
            }
            writer.string("currency", row.amount.currency.code)
            writer.string("date", row.date.isoString)
            writer.string("id", row.id.rawValue)
            writer.string("payee", row.payee)
            writer.endObject()
            writer.newline()
        }
        return writer.bytes
    }

    /// Bytes a line takes, about: keys and punctuation 80, an id, a payee and a category.
    static let estimatedLineSize = 160
}
