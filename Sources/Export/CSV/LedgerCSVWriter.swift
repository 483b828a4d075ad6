import Ledger

/// Writes the categorised ledger as one CSV table for spreadsheets (`closebook.csv`): one line per
/// ledger row, in the ledger's order, under a header whose columns only ever grow at the end.
///
/// Columns: `id`, `date` (YYYY-MM-DD), `account` (the account's id), `amount` (plain decimal, the
/// currency's decimals, money out negative), `currency`, `payee`, `memo`, `category` (empty when
/// uncategorised or split), `splits` (`Food:Dining -20.00; Entertainment:Cinema -10.00`),
/// `category_source` (`rule rules/20-food.rules:12`, `override`, `learned 0.93`, `transfer`,
/// `none`), `status` (`posted` or `pending`), `transfer` and `ignored` (`yes` or empty),
/// `transfer_peer` (the other leg's id), `note`, `source` (inbox file:line). Text cells are written
/// through `CSVCell`: quoted when needed, and a cell a spreadsheet would run as a formula starts
/// with `'`. Lines end with a line feed; the file is UTF-8 without a byte order mark.
enum LedgerCSVWriter {
    static let header =
        "id,date,account,amount,currency,payee,memo,category,splits,category_source,status,transfer,ignored,"
        + "transfer_peer,note,source\n"

    static func write(_ book: ExportBook, to output: ExportOutput) {
        output.append(header)
        var categoryCells: [CategoryPath: [UInt8]] = [:]
        func categoryCell(_ path: CategoryPath) -> [UInt8] {
            if let known = categoryCells[path] { return known }
            var cell: [UInt8] = []
            CSVCell.append(path.description, to: &cell)
            categoryCells[path] = cell
            return cell
        }
        let comma = UInt8(ascii: ",")
        for row in book.journal.transactions {
            CSVCell.append(row.id.rawValue, to: &output.bytes)
            output.append(byte: comma)
            output.append(row.date)
            output.append(byte: comma)
            CSVCell.append(row.account.rawValue, to: &output.bytes)
            output.append(byte: comma)
            output.appendDecimal(row.amount)
            output.append(byte: comma)
            output.append(row.amount.currency.code)
            output.append(byte: comma)
            CSVCell.append(row.payee, to: &output.bytes)
            output.append(byte: comma)
            CSVCell.append(row.memo, to: &output.bytes)
            output.append(byte: comma)
            if let category = row.category, row.splits.isEmpty { output.bytes += categoryCell(category) }
            output.append(byte: comma)
            if !row.splits.isEmpty {
                let parts = row.splits.map { "\($0.category) \($0.amount.decimalString)" }
                CSVCell.append(parts.joined(separator: "; "), to: &output.bytes)
            }
            output.append(byte: comma)
            CSVCell.append(row.categorySource.description, to: &output.bytes)
            output.append(byte: comma)
            output.append(row.status == .pending ? "pending" : "posted")
            output.append(byte: comma)
            if row.isTransfer { output.append("yes") }
            output.append(byte: comma)
            if row.isIgnored { output.append("yes") }
            output.append(byte: comma)
            if let peer = row.transferPeer { CSVCell.append(peer.rawValue, to: &output.bytes) }
            output.append(byte: comma)
            if let note = row.note { CSVCell.append(note, to: &output.bytes) }
            output.append(byte: comma)
            CSVCell.append("\(row.source.file):\(row.source.line)", to: &output.bytes)
            output.append(byte: 0x0A)
            output.flushIfFull()
        }
    }
}
