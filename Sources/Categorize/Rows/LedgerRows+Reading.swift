import Foundation
import Ledger

extension LedgerRows {
    /// Rows of the journal file in `file`, read in place where they are in the encoder's form.
    ///
    /// With `cache` (what reading an earlier journal came to, `LedgerRowsCache`), the rows up to the
    /// last of its checkpoints whose bytes this journal begins with are taken from it, and only the
    /// rest is read: at a month end, all but the new month. The rows, their texts and their
    /// numbers are the same either way (a checkpoint holds everything the reading carries from
    /// one row to the next).
    init(
        file: JournalBytes, path: String, cache: LedgerRowsCache? = nil,
        checkpointStep: Int = LedgerRowsCache.checkpointStep
    ) throws(JournalError) {
        let (rowsStart, headerLine) = try JournalCodec.rowsStart(file, path: path)
        var reader: LedgerRowsReader
        let header: Journal
        var resumedRows: Int?
        // Taken out of the optional, not copied: the rows' arrays must have one owner, or the
        // first row appended copies every column.
        var resumed = cache?.reader(for: file, rowsStart: rowsStart)
        if resumed != nil {
            reader = resumed.take()!
            resumedRows = reader.rows.layout.count
            let linesBefore = headerLine + reader.rows.layout.count
            let offset = reader.nextStart ?? rowsStart
            header = try reader.read(file, path: path, from: offset, linesBefore: linesBefore)
        } else {
            var empty = LedgerRows(journal: Journal(stage: "", baseCurrency: .eur, accounts: [], transactions: []))
            empty.file = file
            empty.reserve(file.buffer.count / 180 + 16)
            reader = LedgerRowsReader(
                rows: empty, base: file.buffer.baseAddress, rowsStart: rowsStart, checkpointStep: checkpointStep)
            header = try reader.read(file, path: path)
        }
        reader.finish(fileSize: file.buffer.count)
        self = reader.rows
        padStatus(to: layout.count)
        scannedOrder = reader.order
        reading = reader.record
        reading?.resumedRows = resumedRows
        self.header = header
    }
}

/// What reading a journal file in place keeps from one row to the next, and the checkpoints it
/// takes on the way (`LedgerRowsCache`).
///
/// Why a value with a method rather than locals of the initialiser: locals that the scan's
/// closure changes (through the functions nested in it) were checked for exclusive access at run
/// time on every use, about an eighth of the reading; a method's own fields are checked when it
/// is compiled.
struct LedgerRowsReader {
    var rows: LedgerRows
    let base: UnsafePointer<UInt8>?
    var numbers = LedgerRows.TextNumbers()
    var payees = ByteTextNumbers(capacity: LedgerRowsReader.payeeCapacity)
    var others = ByteTextNumbers(capacity: LedgerRowsReader.otherCapacity)
    var accountBytes = ByteTextNumbers(capacity: LedgerRowsReader.accountCapacity)
    var currencyNumbers: [Currency: Int16] = [:]
    var lastCurrency: (Currency, Int16)?
    var lastMemo = LedgerRows.LastText()
    var lastBankType = LedgerRows.LastText()
    var lastBankCategory = LedgerRows.LastText()
    var lastAccount = LedgerRows.LastText()
    var order = LedgerRows.ScannedOrder()
    var lastRow: LedgerRowsCache.LastRow?
    var released = 0
    /// Where the next row starts while the rows so far lie one after another from the header's
    /// line on, each in the encoder's form; nil once one does not (a decoded row, an empty line):
    /// no checkpoint is taken after that, as the rows before it could not be told by their bytes.
    var nextStart: Int?
    let rowsStart: Int
    let checkpointStep: Int
    var checkpoints: [LedgerRowsCache.Checkpoint] = []

    static let payeeCapacity = 1 << 14
    static let otherCapacity = 1024
    static let accountCapacity = 64

    init(rows: LedgerRows, base: UnsafePointer<UInt8>?, rowsStart: Int, checkpointStep: Int) {
        self.rows = rows
        self.base = base
        self.rowsStart = rowsStart
        self.checkpointStep = max(1, checkpointStep)
        nextStart = base == nil ? nil : rowsStart
    }

    mutating func read(_ file: JournalBytes, path: String) throws(JournalError) -> Journal {
        try JournalCodec.scanInTwoParts(file, path: path) { visit($0) }
    }

    mutating func read(
        _ file: JournalBytes, path: String, from offset: Int, linesBefore: Int
    ) throws(JournalError) -> Journal {
        try JournalCodec.scan(file, path: path, from: offset, linesBefore: linesBefore) { visit($0) }
    }

    /// Takes the checkpoint after the last row, when the rows lie one after another to a line feed.
    mutating func finish(fileSize: Int) {
        guard let end = nextStart, end <= fileSize, !rows.layout.isEmpty,
            checkpoints.last?.row != rows.layout.count
        else { return }
        checkpoints.append(checkpoint(offset: end))
    }

    /// What a cache of this reading needs beside the rows (`LedgerRowsCache.write`).
    var record: LedgerRowsCache.Record? {
        guard !checkpoints.isEmpty else { return nil }
        return LedgerRowsCache.Record(
            rowsStart: rowsStart, checkpointStep: checkpointStep, checkpoints: checkpoints,
            accountChanges: order.accountChanges, payees: payees.keys, others: others.keys,
            accountBytes: accountBytes.keys)
    }

    /// Everything carried from one row to the next, before the row at `offset`.
    func checkpoint(offset: Int) -> LedgerRowsCache.Checkpoint {
        LedgerRowsCache.Checkpoint(
            row: rows.layout.count, offset: offset, hash: nil, textCount: rows.texts.count,
            accountCount: rows.accounts.count, currencyCount: rows.currencies.count, payees: payees.mark,
            others: others.mark, accountBytes: accountBytes.mark, lastMemo: lastMemo, lastBankType: lastBankType,
            lastBankCategory: lastBankCategory, lastAccount: lastAccount, lastCurrency: lastCurrency?.1 ?? -1,
            outOfOrder: order.outOfOrder, unsure: order.unsure, accountChanges: order.accountChanges.count,
            lastRow: lastRow)
    }

    private func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base! + range.lowerBound, count: range.count)
    }

    private mutating func intern(_ range: Range<Int>, payee: Bool) -> Int32 {
        if range.isEmpty { return 0 }
        let text = bytes(range)
        func append(_ text: String, to rows: inout LedgerRows) -> Int32 {
            rows.texts.append(text)
            return Int32(rows.texts.count - 1)
        }
        return payee
            ? payees.number(text) { append($0, to: &rows) } : others.number(text) { append($0, to: &rows) }
    }

    /// A field that rarely changes from one row to the next (`last` is where it was on the row
    /// before): compared with the last row's bytes before anything is hashed.
    private mutating func interned(_ range: Range<Int>, after last: LedgerRows.LastText) -> LedgerRows.LastText {
        if range.count == last.count, memcmp(base! + range.lowerBound, base! + last.start, range.count) == 0 {
            return last
        }
        return LedgerRows.LastText(start: range.lowerBound, count: range.count, number: intern(range, payee: false))
    }

    private mutating func visit(_ scanned: ScannedRow) {
        rows.releasePages(before: rows.layout.count - 1, released: &released)
        switch scanned {
        case .decoded(let transaction, let start, let end):
            nextStart = nil
            rows.appendDecoded(transaction, start: start, end: end, numbers: &numbers)
            order.unsure = true
        case .canonical(let row):
            guard let base else { return }
            if let expected = nextStart {
                if row.start != expected {
                    nextStart = nil
                } else if !rows.layout.isEmpty, rows.layout.count % checkpointStep == 0 {
                    checkpoints.append(checkpoint(offset: row.start))
                }
            }
            rows.layout.append(
                LedgerRows.Layout(
                    start: row.start, idEnd: Int32(row.id.upperBound - row.start),
                    payeeStart: Int32(row.payee.lowerBound - row.start),
                    payeeEnd: Int32(row.payee.upperBound - row.start), tail: Int32(row.tail - row.start),
                    end: Int32(row.end - row.start), decoded: -1))
            rows.payee.append(intern(row.payee, payee: true))
            lastMemo = interned(row.memo, after: lastMemo)
            rows.memo.append(lastMemo.number)
            if let range = row.bankType {
                lastBankType = interned(range, after: lastBankType)
                rows.bankType.append(lastBankType.number)
            } else {
                rows.bankType.append(-1)
            }
            if let range = row.bankCategory {
                lastBankCategory = interned(range, after: lastBankCategory)
                rows.bankCategory.append(lastBankCategory.number)
            } else {
                rows.bankCategory.append(-1)
            }
            let account = row.account
            if account.count == lastAccount.count,
                memcmp(base + account.lowerBound, base + lastAccount.start, account.count) == 0
            {
                rows.account.append(lastAccount.number)
            } else {
                let number = accountBytes.number(bytes(account)) { text in
                    rows.accountNumber(AccountID(text), numbers: &numbers)
                }
                lastAccount = LedgerRows.LastText(start: account.lowerBound, count: account.count, number: number)
                rows.account.append(number)
            }
            rows.date.append(row.date)
            // The order against the row before, while both rows' bytes are in memory (see
            // `canonicalOrder`): as `idPrecedes` compares ids, byte for byte when both are ASCII.
            let id = row.start + 7..<row.id.upperBound
            let idIsASCII = LedgerRows.isASCII(bytes(id))
            let accountNumber = rows.account[rows.account.count - 1]
            if let last = lastRow, row.date <= last.date {
                if row.date < last.date {
                    order.outOfOrder = true
                } else if accountNumber != last.account {
                    order.accountChanges.append(rows.layout.count - 1)
                } else if !idIsASCII || !last.isASCII {
                    order.unsure = true
                } else if LedgerRows.compare(bytes(id), bytes(last.id)) < 0 {
                    order.outOfOrder = true
                }
            }
            lastRow = LedgerRowsCache.LastRow(date: row.date, account: accountNumber, id: id, isASCII: idIsASCII)
            rows.minorUnits.append(row.amount.minorUnits)
            let currency = row.amount.currency
            if let lastCurrency, lastCurrency.0 == currency {
                rows.currency.append(lastCurrency.1)
            } else {
                let number: Int16
                if let known = currencyNumbers[currency] {
                    number = known
                } else {
                    rows.currencies.append(currency)
                    number = Int16(rows.currencies.count - 1)
                    currencyNumbers[currency] = number
                }
                lastCurrency = (currency, number)
                rows.currency.append(number)
            }
            if nextStart != nil { nextStart = row.end + 1 }
        // Its category, source, flags, peer and decision start empty: added in runs by
        // `padStatus`, not one append per column per row.
        }
    }
}
