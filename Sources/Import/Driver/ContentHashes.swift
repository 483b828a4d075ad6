import Ledger

/// The content hashes of one statement's records, worked out on every available core.
///
/// Why: hashing each record's content (`ContentHasher`) is a seventh of the instructions of an
/// import of one large CSV file, and it ran on one core while the other waited. A hash depends
/// on its record alone, so pieces of `pieceRows` rows are hashed at once (`Cores.forEach`), each
/// with a hasher of its own (the day it remembers is only a shortcut), each into its own rows'
/// slots. What depends on order, numbering repeated hashes, stays in file order in
/// `ImportRun.makeEntries`; the hashes, and so the ids, are the same on one core or several.
enum ContentHashes {
    /// Rows hashed as one piece of work: large enough that starting a piece costs nothing next
    /// to it, small enough that two cores share a file of 100k rows.
    static let pieceRows = 1 << 15

    /// The content hash of every row of `table` (by row index) whose amount is in currency
    /// `wanted` (its index in the table's currencies) and which has no bank id (FITID); the other
    /// rows' slots hold 0 and are not read.
    static func of(
        _ table: RecordTable, account: AccountID, currency: Currency, wanted: UInt16, cores: Int,
        pieceRows: Int = ContentHashes.pieceRows
    ) -> [UInt64] {
        table.withRows { rows, textBytes in
            [UInt64](unsafeUninitializedCapacity: rows.count) { slots, initialized in
                let pieces = (rows.count + pieceRows - 1) / pieceRows
                Cores.forEach(pieces, cores: cores) { piece in
                    var hasher = ContentHasher(account: account)
                    for index in (piece * pieceRows)..<min(rows.count, (piece + 1) * pieceRows) {
                        let row = rows[index]
                        let texts = RecordTable.texts(of: row, in: textBytes)
                        guard row.currency == wanted, ImportRun.withBankID(texts.fitID, { $0 == nil }) else {
                            slots[index] = 0
                            continue
                        }
                        slots[index] = hasher.hash(
                            date: row.date, amount: Money(minorUnits: row.minorUnits, currency: currency),
                            payee: texts.payee, memo: texts.memo)
                    }
                }
                initialized = rows.count
            }
        }
    }
}
