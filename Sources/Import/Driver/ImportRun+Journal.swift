import Ledger

extension ImportRun {
    /// Bytes of journal rows gathered before they are handed on: small enough to stay in the
    /// processor's cache while the kernel copies them into the file, large enough that the writes
    /// are few.
    static let journalPieceSize = 256 * 1024

    /// Entries whose rows are made together: made in the order of the entries in memory, they
    /// are then copied out in canonical order.
    static let journalStretch = 4096

    /// Encodes the journal rows of the imported entries at `order` (indices into `entries`), in
    /// that order, handing them to `sink` in pieces of about `journalPieceSize` bytes (a longer
    /// row is handed on alone).
    ///
    /// Each row is written from its entry and record (`JournalRowEncoder.writeImported`), with no
    /// `Transaction` made: a million transactions are a million 300-byte values whose strings are
    /// each retained and released again as they are built and encoded. The id is written from what
    /// the entry keeps (`EntryIDs`), the account and file once spelled as bytes. Rows are the bytes
    /// `JournalCodec.encode` writes for the transactions `makeTransactions` makes.
    ///
    /// In canonical order the entries of a day come at random, and each one read (and its record)
    /// would miss the processor's caches; so a stretch of `journalStretch` entries is written in
    /// the order they lie in memory (`entryOrder`) and then copied out in canonical order.
    mutating func writeJournal(
        _ order: [Int], warnings: inout [[ImportDiagnostic]], to sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let output = JournalBuffer(capacity: ImportRun.journalPieceSize)
        let staging = JournalBuffer(capacity: ImportRun.journalPieceSize)
        var spans: [(start: Int, end: Int)] = []
        let paths = files.map { Array($0.file.path.utf8) }
        let accountBytes = accounts.map { Array($0.rawValue.utf8) }
        var idBytes: [UInt8] = []
        var start = 0
        while start < order.count {
            let end = min(start + ImportRun.journalStretch, order.count)
            spans.removeAll(keepingCapacity: true)
            spans.append(contentsOf: repeatElement((start: 0, end: 0), count: end - start))
            staging.count = 0
            for visit in ImportRun.entryOrder(order[start..<end]) {
                let index = Int(visit >> 32)
                let entry = entries[index]
                let rowStart = staging.count
                writeRow(
                    entry, into: staging, idBytes: &idBytes, account: accountBytes[Int(entry.account)],
                    path: paths[Int(entry.file)], warnings: &warnings)
                spans[Int(visit & 0xFFFF_FFFF)] = (rowStart, staging.count)
            }
            for span in spans {
                let size = span.end - span.start
                if output.count > 0 && output.count + size > ImportRun.journalPieceSize {
                    sink(output.bytes)
                    output.count = 0
                }
                output.append(staging.start + span.start, count: size)
            }
            start = end
        }
        if output.count > 0 { sink(output.bytes) }
    }

    /// Appends the journal row of `entry` and a line feed to `buffer`.
    private mutating func writeRow(
        _ entry: ImportEntry, into buffer: JournalBuffer, idBytes: inout [UInt8], account: [UInt8], path: [UInt8],
        warnings: inout [[ImportDiagnostic]]
    ) {
        let (list, row, file) = (Int(entry.list), Int(entry.record), Int(entry.file))
        var splits: [Split]?
        if records[list][row].hasSplits {
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
        records[list].withUnsafeBufferPointer { rows in
            let record = rows.baseAddress! + row
            var code = record.pointee.amount.currency.code
            var textBytes =
                idBytes.count + account.count + path.count + code.utf8.count + record.pointee.payee.utf8.count
                + record.pointee.memo.utf8.count
            textBytes +=
                (record.pointee.checkNumber?.utf8.count ?? 0) + (record.pointee.bankType?.utf8.count ?? 0)
                + (record.pointee.bankCategory?.utf8.count ?? 0)
            if let splits {
                for split in splits { textBytes += split.category.components.reduce(1) { $0 + $1.utf8.count + 1 } }
            }
            let at = buffer.room(
                for: JournalRowEncoder.importedRowBound(textBytes: textBytes, splits: splits?.count ?? 0) + 1)
            let end = code.withUTF8 { code in
                idBytes.withUnsafeBufferPointer { id in
                    account.withUnsafeBufferPointer { account in
                        path.withUnsafeBufferPointer { path in
                            JournalRowEncoder.writeImported(
                                at: at, id: id, account: account, date: record.pointee.date,
                                minorUnits: record.pointee.amount.minorUnits, currency: record.pointee.amount.currency,
                                currencyCode: code, payee: record.pointee.payee, memo: record.pointee.memo,
                                status: record.pointee.status, checkNumber: record.pointee.checkNumber,
                                bankType: record.pointee.bankType, bankCategory: record.pointee.bankCategory,
                                splits: splits, file: path, line: record.pointee.line)
                        }
                    }
                }
            }
            end.pointee = 0x0A
            buffer.count = end + 1 - buffer.start
        }
    }
}
