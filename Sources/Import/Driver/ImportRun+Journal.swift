import Ledger

extension ImportRun {
    /// Bytes of journal rows gathered before they are handed on: small enough to stay in the
    /// processor's cache while the kernel copies them into the file, large enough that the writes
    /// are few.
    static let journalPieceSize = 256 * 1024

    /// Encodes the journal rows of the imported entries at `order` (indices into `entries`), in
    /// that order, handing them to `sink` a piece of at most `journalPieceSize` bytes at a time
    /// (a longer row is handed on alone).
    ///
    /// Each row is written from its entry and record (`JournalRowEncoder.writeImported`), with no
    /// `Transaction` made: a million transactions are a million 300-byte values whose strings are
    /// each retained and released again as they are built and encoded. The id is written from what
    /// the entry keeps (`EntryIDs`), the account and file once spelled as bytes. Rows are the bytes
    /// `JournalCodec.encode` writes for the transactions `makeTransactions` makes.
    mutating func writeJournal(
        _ order: [Int], warnings: inout [[ImportDiagnostic]], to sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let paths = files.map { Array($0.file.path.utf8) }
        let accountBytes = accounts.map { Array($0.rawValue.utf8) }
        var pieceSize = ImportRun.journalPieceSize
        var piece = UnsafeMutablePointer<UInt8>.allocate(capacity: pieceSize)
        defer { piece.deallocate() }
        var cursor = piece
        func flush() {
            if cursor > piece { sink(UnsafeBufferPointer(start: piece, count: cursor - piece)) }
            cursor = piece
        }
        var idBytes: [UInt8] = []
        for index in order {
            let entry = entries[index]
            let (list, row, file) = (Int(entry.list), Int(entry.record), Int(entry.file))
            var splits: [Split] = []
            if !records[list][row].splits.isEmpty {
                switch ImportRun.splits(of: records[list][row]) {
                case .success(let made): splits = made
                case .failure(let problem):
                    warnings[file].append(
                        ImportDiagnostic(
                            severity: .warning, path: files[file].file.path, line: records[list][row].line,
                            message: "\(problem.message); the transaction is kept without its splits"))
                }
            }
            ids.write(entry, into: &idBytes)
            let account = accountBytes[Int(entry.account)]
            records[list].withUnsafeBufferPointer { rows in
                let record = rows.baseAddress! + row
                let code = record.pointee.amount.currency.code
                var textBytes =
                    idBytes.count + account.count + paths[file].count + code.utf8.count
                    + record.pointee.payee.utf8.count + record.pointee.memo.utf8.count
                textBytes +=
                    (record.pointee.checkNumber?.utf8.count ?? 0) + (record.pointee.bankType?.utf8.count ?? 0)
                    + (record.pointee.bankCategory?.utf8.count ?? 0)
                for split in splits { textBytes += split.category.components.reduce(1) { $0 + $1.utf8.count + 1 } }
                let bound = JournalRowEncoder.importedRowBound(textBytes: textBytes, splits: splits.count) + 1
                if cursor - piece + bound > pieceSize {
                    flush()
                    if bound > pieceSize {
                        piece.deallocate()
                        pieceSize = bound
                        piece = .allocate(capacity: pieceSize)
                        cursor = piece
                    }
                }
                var codeCopy = code
                codeCopy.withUTF8 { code in
                    idBytes.withUnsafeBufferPointer { id in
                        account.withUnsafeBufferPointer { account in
                            paths[file].withUnsafeBufferPointer { path in
                                cursor = JournalRowEncoder.writeImported(
                                    at: cursor, id: id, account: account, date: record.pointee.date,
                                    minorUnits: record.pointee.amount.minorUnits,
                                    currency: record.pointee.amount.currency, currencyCode: code,
                                    payee: record.pointee.payee, memo: record.pointee.memo,
                                    status: record.pointee.status, checkNumber: record.pointee.checkNumber,
                                    bankType: record.pointee.bankType, bankCategory: record.pointee.bankCategory,
                                    splits: splits, file: path, line: record.pointee.line)
                            }
                        }
                    }
                }
            }
            cursor.pointee = 0x0A
            cursor += 1
        }
        flush()
    }
}
