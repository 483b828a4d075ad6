import Ledger

/// Writes the categorised ledger as one CSV table for spreadsheets (`closebook.csv`): one line per
/// ledger row, in the ledger's order, under a header whose columns only ever grow at the end.
///
/// Columns: `id`, `date` (YYYY-MM-DD), `account` (the account's id), `amount` (plain decimal, the
/// currency's decimals, money out negative), `currency`, `payee`, `memo`, `category` (empty when
/// uncategorised or split), `splits` (`Food:Dining -20.00; Entertainment:Cinema -10.00`),
/// `category_source` (`rule rules/20-food.rules:12`, `override overrides.csv:7`, `learned 0.93`, `transfer`,
/// `none`), `status` (`posted` or `pending`), `transfer` and `ignored` (`yes` or empty),
/// `transfer_peer` (the other leg's id), `note`, `source` (inbox file:line). Text cells are written
/// through `CSVCell`: quoted when needed, and a cell a spreadsheet would run as a formula starts
/// with `'`. Lines end with a line feed; the file is UTF-8 without a byte order mark.
enum LedgerCSVWriter {
    static let header =
        "id,date,account,amount,currency,payee,memo,category,splits,category_source,status,transfer,ignored,"
        + "transfer_peer,note,source\n"

    static func write(_ book: ExportBook, to output: inout ExportOutput) {
        output.append(header)
        var categoryCells: [CategoryPath: [UInt8]] = [:]
        func categoryCell(_ path: CategoryPath) -> [UInt8] {
            if let known = categoryCells[path] { return known }
            var cell: [UInt8] = []
            CSVCell.append(path.description, to: &cell)
            categoryCells[path] = cell
            return cell
        }
        var sourceCells: [CategorySource: [UInt8]] = [:]
        func sourceCell(_ source: CategorySource) -> [UInt8] {
            if let known = sourceCells[source] { return known }
            var cell: [UInt8] = []
            CSVCell.append(source.description, to: &cell)
            sourceCells[source] = cell
            return cell
        }
        let comma = UInt8(ascii: ",")
        book.journal.transactions.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                writeRow(rows.baseAddress! + index)
            }
        }
        /// One line; the row is read in place (copying it out would retain each of its strings).
        func writeRow(_ row: UnsafePointer<Transaction>) {
            CSVCell.append(row.pointee.id.rawValue, to: &output.bytes)
            output.append(byte: comma)
            output.append(row.pointee.date)
            output.append(byte: comma)
            CSVCell.append(row.pointee.account.rawValue, to: &output.bytes)
            output.append(byte: comma)
            output.appendDecimal(row.pointee.amount)
            output.append(byte: comma)
            output.append(row.pointee.amount.currency.code)
            output.append(byte: comma)
            CSVCell.append(row.pointee.payee, to: &output.bytes)
            output.append(byte: comma)
            CSVCell.append(row.pointee.memo, to: &output.bytes)
            output.append(byte: comma)
            if let category = row.pointee.category, row.pointee.splits.isEmpty {
                output.bytes += categoryCell(category)
            }
            output.append(byte: comma)
            if !row.pointee.splits.isEmpty {
                let parts = row.pointee.splits.map { "\($0.category) \($0.amount.decimalString)" }
                CSVCell.append(parts.joined(separator: "; "), to: &output.bytes)
            }
            output.append(byte: comma)
            output.bytes += sourceCell(row.pointee.categorySource)
            output.append(byte: comma)
            output.append(row.pointee.status == .pending ? "pending" : "posted")
            output.append(byte: comma)
            if row.pointee.isTransfer { output.append("yes") }
            output.append(byte: comma)
            if row.pointee.isIgnored { output.append("yes") }
            output.append(byte: comma)
            if let peer = row.pointee.transferPeer { CSVCell.append(peer.rawValue, to: &output.bytes) }
            output.append(byte: comma)
            if let note = row.pointee.note { CSVCell.append(note, to: &output.bytes) }
            output.append(byte: comma)
            appendSource(row.pointee.source, to: &output)
            output.append(byte: 0x0A)
            output.flushIfFull()
        }
    }

    /// `inbox/bank.csv:14` as one cell; without making a `String` when the path needs no quotes.
    static func appendSource(_ source: SourceLocation, to output: inout ExportOutput) {
        var file = source.file
        let plain = file.withUTF8 { !$0.isEmpty && !CSVCell.needsQuotes($0) }
        guard plain else {
            CSVCell.append(source.description, to: &output.bytes)
            return
        }
        output.append(source.file)
        output.append(byte: UInt8(ascii: ":"))
        output.appendNumber(source.line)
    }
}
