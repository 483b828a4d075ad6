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
    /// row is handed on alone). The sink may take a piece's array and leave another in its place
    /// (`WriteBehind`): whatever it leaves is emptied and filled with the next piece.
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
    ///
    /// Each row's length (its line feed counted) is appended to `lengths`, in order.
    mutating func writeJournal(
        _ order: [Int], warnings: inout [[ImportDiagnostic]], lengths: inout [UInt32],
        to sink: (inout [UInt8]) -> Void
    ) {
        var output: [UInt8] = []
        output.reserveCapacity(ImportRun.journalPieceSize)
        var staging = ByteBuffer(capacity: ImportRun.journalPieceSize)
        var id = ByteBuffer(capacity: 256)
        var spans: [(start: Int, end: Int)] = []
        // The texts every row repeats, spelled and escaped once: each account's id and currency
        // code (its entries are all in its currency, see `makeEntries`) and each file's path.
        var texts = RowTexts()
        let accountTexts = accounts.map { texts.add($0.rawValue) }
        let currencies = accounts.map { currency(of: $0) }
        let codeTexts = currencies.map { texts.add($0.code) }
        let pathTexts = files.map { texts.add($0.file.path) }
        let tables = records
        // Taken out of the run once: read through `self` inside these closures, the entries and
        // the ids were retained and released for every row (50 ms at 1M rows).
        let entries = self.entries
        let ids = self.ids
        tables.withUnsafeBufferPointer { tables in
            texts.bytes.withUnsafeBufferPointer { textBytes in
                var start = 0
                while start < order.count {
                    let end = min(start + ImportRun.journalStretch, order.count)
                    spans.removeAll(keepingCapacity: true)
                    spans.append(contentsOf: repeatElement((start: 0, end: 0), count: end - start))
                    staging.removeAll()
                    let visits = ImportRun.entryOrder(order[start..<end])
                    // Entries lie list after list, so a stretch in entry order visits each list's
                    // records in one run: its table is opened once per run, not once per row.
                    var runStart = 0
                    while runStart < visits.count {
                        let list = Int(entries[Int(visits[runStart] >> 32)].list)
                        var runEnd = runStart + 1
                        while runEnd < visits.count, Int(entries[Int(visits[runEnd] >> 32)].list) == list {
                            runEnd += 1
                        }
                        let prefix = ids.escapedPrefixes[list]
                        prefix.withUnsafeBufferPointer { prefix in
                            tables[list].withRows { rows, recordTexts in
                                for visit in visits[runStart..<runEnd] {
                                    let entry = entries[Int(visit >> 32)]
                                    let (account, row, file) = (Int(entry.account), Int(entry.record), Int(entry.file))
                                    let rowStart = staging.count
                                    ids.writeEscaped(entry, escapedPrefix: prefix, into: &id)
                                    var splits: [Split]?
                                    if rows[row].hasSplits {
                                        switch ImportRun.splits(of: tables[list][row]) {
                                        case .success(let made): splits = made
                                        case .failure(let problem):
                                            warnings[file].append(
                                                ImportDiagnostic(
                                                    severity: .warning, path: files[file].file.path,
                                                    line: rows[row].line,
                                                    message:
                                                        "\(problem.message); the transaction is kept without its splits"
                                                ))
                                        }
                                    }
                                    ImportRun.writeRow(
                                        rows[row], texts: recordTexts, id: id.bytes,
                                        account: RowTexts.slice(textBytes, accountTexts[account]),
                                        exponent: currencies[account].exponent,
                                        currencyCode: RowTexts.slice(textBytes, codeTexts[account]),
                                        path: RowTexts.slice(textBytes, pathTexts[file]), splits: splits, into: &staging
                                    )
                                    spans[Int(visit & 0xFFFF_FFFF)] = (rowStart, staging.count)
                                }
                            }
                        }
                        runStart = runEnd
                    }
                    for span in spans { lengths.append(UInt32(truncatingIfNeeded: span.end - span.start)) }
                    for span in spans {
                        let size = span.end - span.start
                        if output.count > 0 && output.count + size > ImportRun.journalPieceSize {
                            sink(&output)
                            output.removeAll(keepingCapacity: true)
                        }
                        output.append(contentsOf: UnsafeBufferPointer(start: staging.start + span.start, count: size))
                    }
                    start = end
                }
            }
        }
        if output.count > 0 { sink(&output) }
    }

    /// Appends the journal row of `record` (a row of a `RecordTable` whose texts are
    /// `recordTexts`) and a line feed to `buffer`.
    ///
    /// Static, so that the loop calling it for a million rows does not copy the run for each.
    private static func writeRow(
        _ record: RecordTable.Row, texts recordTexts: UnsafeBufferPointer<UInt8>, id: UnsafeBufferPointer<UInt8>,
        account: UnsafeBufferPointer<UInt8>, exponent: Int, currencyCode: UnsafeBufferPointer<UInt8>,
        path: UnsafeBufferPointer<UInt8>, splits: [Split]?, into buffer: inout ByteBuffer
    ) {
        let texts = RecordTable.texts(of: record, in: recordTexts)
        var textBytes = id.count + account.count + path.count + currencyCode.count + record.lengths.total
        if let splits {
            for split in splits { textBytes += split.category.components.reduce(1) { $0 + $1.utf8.count + 1 } }
        }
        let at = buffer.room(
            for: JournalRowEncoder.importedRowBound(textBytes: textBytes, splits: splits?.count ?? 0) + 1)
        let end = JournalRowEncoder.writeImported(
            at: at, id: id, account: account, date: record.date, minorUnits: record.minorUnits, exponent: exponent,
            currencyCode: currencyCode, payee: texts.payee, memo: texts.memo, status: record.status,
            checkNumber: texts.checkNumber, bankType: texts.bankType, bankCategory: texts.bankCategory, splits: splits,
            file: path, line: record.line)
        end.pointee = 0x0A
        buffer.didWrite(upTo: end + 1)
    }
}

/// Texts spelled out once as escaped UTF-8 in one array, each found by its range.
struct RowTexts {
    private(set) var bytes: [UInt8] = []

    /// Adds `text` as it is written in a journal row (escaped); returns where its bytes are.
    mutating func add(_ text: String) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: JournalRowEncoder.escapedBytes(text))
        return start..<bytes.count
    }

    static func slice(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }
}
