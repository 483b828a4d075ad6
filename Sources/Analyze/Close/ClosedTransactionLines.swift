import Ledger

/// The transactions of a closed month as JSON Lines (`closed/YYYY-MM.vN.jsonl`), written straight
/// from the rows: one object a line with the keys of `ClosedTransaction` in sorted order, the
/// bytes `JSONEncoder` gives with sorted keys and unescaped slashes for ordinary text.
///
/// Why not `JSONEncoder`: the first close of a ten-year, million-row ledger writes every row
/// once, and `JSONEncoder` (a `ClosedTransaction` and six strings a row, then the encoder's boxing)
/// took about 3 s of it; `JSONWriter` with the amounts and dates appended as bytes takes a tenth.
/// `decode` reads them back with `JSONScanner`: a change to many closed months (a rule edited, a
/// new release's categories) reads each one's last version, and `JSONDecoder` took about 3 µs a row.
enum ClosedTransactionLines {
    static func encode(_ rows: ArraySlice<FigureRow>) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: rows.count * estimatedLineSize)
        var value: [UInt8] = []
        var categories = CategoryTexts()
        let keys = Keys()
        // Fields read in place, through a pointer: a row copied out (`for row in rows`) retains
        // each of its texts and arrays, and the category arrays are shared by thousands of rows
        // that both cores read.
        rows.withUnsafeBufferPointer { rows in
            guard let first = rows.baseAddress else { return }
            for row in first..<first + rows.count {
                writer.beginObject()
                writer.string(keys.account, row.pointee.account.rawValue)
                value.removeAll(keepingCapacity: true)
                value.append(UInt8(ascii: "\""))
                row.pointee.amount.appendDecimalString(to: &value)
                value.append(UInt8(ascii: "\""))
                writer.raw(keys.amount, value)
                writer.string(keys.category, categories.text(row))
                writer.string(keys.currency, row.pointee.amount.currency.code)
                value.removeAll(keepingCapacity: true)
                value.append(UInt8(ascii: "\""))
                row.pointee.date.appendISOString(to: &value)
                value.append(UInt8(ascii: "\""))
                writer.raw(keys.date, value)
                writer.string(keys.id, row.pointee.id.rawValue)
                writer.string(keys.payee, row.pointee.payee)
                writer.endObject()
                writer.newline()
            }
        }
        return writer.bytes
    }

    /// The keys of a line, in the sorted order `JSONEncoder` gives them: made for each call, as
    /// every append of a key retains it, and keys shared by both cores would make each retain wait
    /// on the other core.
    private struct Keys {
        let account = JSONWriter.Key("account")
        let amount = JSONWriter.Key("amount")
        let category = JSONWriter.Key("category")
        let currency = JSONWriter.Key("currency")
        let date = JSONWriter.Key("date")
        let id = JSONWriter.Key("id")
        let payee = JSONWriter.Key("payee")
    }

    /// Bytes a line takes, about: keys and punctuation 80, an id, a payee and a category.
    static let estimatedLineSize = 160

    /// The transactions of `bytes`, one JSON object a line (blank lines skipped), as `JSONDecoder`
    /// reads `ClosedTransaction`: members in any order, unknown ones skipped, `source` absent or
    /// null; a line that is not such an object (a missing or mistyped member, bytes after it) is
    /// left out, as the store always left out a line `JSONDecoder` could not read.
    static func decode(_ bytes: [UInt8]) -> [ClosedTransaction] {
        var transactions: [ClosedTransaction] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            defer { start = end + 1 }
            var scanner = JSONScanner(bytes: bytes, start: start, end: end)
            scanner.skipWhitespace()
            if scanner.isAtEnd { continue }
            if let transaction = try? line(&scanner) { transactions.append(transaction) }
        }
        return transactions
    }

    private static func line(_ scanner: inout JSONScanner) throws(JSONScanner.Failure) -> ClosedTransaction? {
        var id: String?
        var account: String?
        var amount: String?
        var currency: String?
        var category: String?
        var date: String?
        var payee: String?
        var source: String?
        try scanner.readObject { (scanner, key) throws(JSONScanner.Failure) in
            switch key {
            case "id": id = try scanner.readString()
            case "account": account = try scanner.readString()
            case "amount": amount = try scanner.readString()
            case "currency": currency = try scanner.readString()
            case "category": category = try scanner.readString()
            case "date": date = try scanner.readString()
            case "payee": payee = try scanner.readString()
            case "source":
                scanner.skipWhitespace()
                if scanner.peek() == UInt8(ascii: "n") {
                    try scanner.skipValue()
                    source = nil
                } else {
                    source = try scanner.readString()
                }
            default: try scanner.skipValue()
            }
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd, let id, let account, let amount, let currency, let category, let date, let payee
        else { return nil }
        return ClosedTransaction(
            id: id, account: account, amount: amount, currency: currency, category: category, date: date, payee: payee,
            source: source)
    }
}
