import Foundation
import Ledger

/// What reading a journal came to (`LedgerRows`: its columns, its texts numbered, and what the
/// reading carries from row to row at checkpoints), kept in a file so that the next run reads
/// only what follows the part of its journal that is the same bytes.
///
/// Why: at a month end the journal is the last one with a month more (its rows are in canonical
/// order, date first), yet reading it in place (finding a million rows' fields, numbering their
/// texts) was the largest part of the stage, about 0.65 s at 1M rows. Taking the rows from here
/// costs a copy of the columns, a string per text and a hash of the journal's bytes.
///
/// How it is trusted: every `checkpointStep` rows (and after the last) the reading's state is
/// recorded with the hash (`BulkHash`) of the journal's bytes since the checkpoint before. A run
/// hashes its journal at the same places and takes the rows up to the last checkpoint before the
/// first chunk that differs; it reads the rest as if it had read every row before. A row that is
/// not in the encoder's form, or rows that do not follow one another line by line, end the
/// checkpoints (what comes after is read every time). The file names the program that wrote it
/// (`CacheFingerprint.program`), as its columns are written as the program lays them out in
/// memory; any other program, a file cut short or changed anywhere (a hash of its every section)
/// is not read.
///
/// Layout: `magic`; sections, each its byte count (8 bytes) and bytes, in `Section` order; the hash
/// of the sections (16 bytes); `endMagic`. Every number is little-endian.
final class LedgerRowsCache: @unchecked Sendable {
    static let magic = Array("CBROWS01".utf8)
    static let endMagic = Array("CBROWEND".utf8)
    /// Rows between two checkpoints: a run whose journal differs reads at most this many rows
    /// before the first difference again.
    static let checkpointStep = 1 << 16

    /// The last row read before a checkpoint, as the order check compares the next row with it.
    struct LastRow: Equatable {
        var date: CivilDate
        var account: Int32
        /// Where its id's bytes are in the journal.
        var id: Range<Int>
        var isASCII: Bool
    }

    /// What the reading carries from one row to the next, before row `row` (at byte `offset`).
    struct Checkpoint: Equatable {
        var row: Int
        var offset: Int
        /// Of the journal's bytes from the checkpoint before (the file's start for the first).
        var hash: BulkHash.Value?
        var textCount: Int
        var accountCount: Int
        var currencyCount: Int
        var payees: ByteTextNumbers.Mark
        var others: ByteTextNumbers.Mark
        var accountBytes: ByteTextNumbers.Mark
        var lastMemo: LedgerRows.LastText
        var lastBankType: LedgerRows.LastText
        var lastBankCategory: LedgerRows.LastText
        var lastAccount: LedgerRows.LastText
        var lastCurrency: Int16
        var outOfOrder: Bool
        var unsure: Bool
        var accountChanges: Int
        var lastRow: LastRow?
    }

    /// What a reading recorded beside its rows (`LedgerRowsReader.record`).
    struct Record {
        /// The rows taken from a cache rather than read, if any.
        var resumedRows: Int?
        var rowsStart: Int
        var checkpointStep: Int
        var checkpoints: [Checkpoint]
        var accountChanges: [Int]
        var payees: (bytes: [UInt8], ends: [Int], numbers: [Int32])
        var others: (bytes: [UInt8], ends: [Int], numbers: [Int32])
        var accountBytes: (bytes: [UInt8], ends: [Int], numbers: [Int32])

        /// Whether a cache of this reading is worth writing over the one it resumed from: when it
        /// read at least `checkpointStep` rows itself. Writing the cache (about 100 MB at 1M rows)
        /// costs as much as reading some 400,000 rows, and at a month end only a month's rows
        /// are read; kept as it is, the cache still holds everything before them, and the next
        /// month end reads two months, until the rows read are a step's worth.
        var needsWriting: Bool {
            guard let resumedRows, let last = checkpoints.last else { return true }
            return last.row - resumedRows >= checkpointStep
        }
    }

    /// The sections, in file order.
    enum Section: Int, CaseIterable {
        case program, counts, layout, payee, memo, bankType, bankCategory, account, date, minorUnits, currency
        case textLengths, textBytes, accounts, currencies, payeeKeys, otherKeys, accountKeys, accountChanges
        case checkpoints
    }

    private let file: JournalBytes
    /// By section: where its bytes are in `file`.
    private let sections: [Range<Int>]
    let rowsStart: Int
    let checkpointStep: Int
    let rowCount: Int
    let textCount: Int
    let checkpoints: [Checkpoint]
    let accounts: [AccountID]
    let currencies: [Currency]

    /// The cache in the file at `path`, written by this program; nil when there is none or it is
    /// not one.
    init?(path: String) {
        guard let file = try? JournalBytes(contentsOf: path), let program = CacheFingerprint.program() else {
            return nil
        }
        let raw = UnsafeRawBufferPointer(file.buffer)
        guard let base = raw.baseAddress, raw.count >= Self.magic.count + Self.endMagic.count + 16,
            raw.starts(with: Self.magic), raw.suffix(Self.endMagic.count).elementsEqual(Self.endMagic)
        else { return nil }
        // The sections, each hashed.
        var cursor = ByteCursor(base: base, position: Self.magic.count, end: raw.count - Self.endMagic.count - 16)
        var sections: [Range<Int>] = []
        for _ in Section.allCases {
            guard let length = cursor.read(UInt64.self).flatMap({ Int(exactly: $0) }), cursor.bytes(length) != nil
            else { return nil }
            sections.append(cursor.position - length..<cursor.position)
        }
        guard cursor.position == cursor.end else { return nil }
        let hashes = Slots<BulkHash.Value>(count: sections.count)
        Cores.forEach(sections.count) { index in
            hashes.set(index, BulkHash.hash(UnsafeRawBufferPointer(rebasing: raw[sections[index]])))
        }
        var trailer = ByteCursor(base: base, position: cursor.end, end: cursor.end + 16)
        guard let high = trailer.read(UInt64.self), let low = trailer.read(UInt64.self),
            BulkHash.combine(sections.indices.map { hashes[$0]! }) == BulkHash.Value(high: high, low: low)
        else { return nil }
        self.file = file
        self.sections = sections
        func section(_ name: Section) -> ByteCursor {
            ByteCursor(
                base: base, position: sections[name.rawValue].lowerBound, end: sections[name.rawValue].upperBound)
        }
        var programText = section(.program)
        guard programText.bytes(programText.end - programText.position).map({ Array($0) }) == Array(program.utf8)
        else { return nil }
        var counts = section(.counts)
        guard let rowsStart = counts.int(), let step = counts.int(), let rowCount = counts.int(),
            let textCount = counts.int(), step > 0
        else { return nil }
        self.rowsStart = rowsStart
        self.checkpointStep = step
        self.rowCount = rowCount
        self.textCount = textCount
        // Each column holds a value a row.
        let widths: [(Section, Int)] = [
            (.layout, MemoryLayout<LedgerRows.Layout>.stride), (.payee, 4), (.memo, 4), (.bankType, 4),
            (.bankCategory, 4), (.account, 4), (.date, MemoryLayout<CivilDate>.stride), (.minorUnits, 8),
            (.currency, 2),
        ]
        for (name, width) in widths where sections[name.rawValue].count != rowCount * width { return nil }
        guard sections[Section.textLengths.rawValue].count == textCount * 4 else { return nil }
        var accountCursor = section(.accounts)
        guard let accounts = accountCursor.list({ cursor -> AccountID? in cursor.text().map { AccountID($0) } }) else {
            return nil
        }
        self.accounts = accounts
        var currencyCursor = section(.currencies)
        guard
            let currencies = currencyCursor.list({ cursor -> Currency? in
                guard let code = cursor.text(), let exponent = cursor.int(), exponent <= 18 else { return nil }
                return Currency(code: code, exponent: exponent)
            })
        else { return nil }
        self.currencies = currencies
        var checkpointCursor = section(.checkpoints)
        guard let checkpoints = checkpointCursor.list({ $0.checkpoint() }) else { return nil }
        self.checkpoints = checkpoints
    }

    // MARK: Taking the rows

    /// A reader holding the rows of `journal` up to the last checkpoint whose bytes it begins with,
    /// ready to read on from there; nil when no checkpoint holds.
    func reader(for journal: JournalBytes, rowsStart: Int) -> LedgerRowsReader? {
        guard rowsStart == self.rowsStart else { return nil }
        // Each chunk hashed (half of them on each core), then the run of equal ones from the first.
        // The pages stay mapped: the ledger's writers go through them next (given back and mapped
        // again, the writing took about 70 ms longer at 1M rows; kept, they count in the stage's
        // peak resident memory, though they are the file's own cached pages, not memory of its own).
        let hashes = Self.chunkHashes(journal.buffer, offsets: checkpoints.map(\.offset))
        var matched = -1
        while matched + 1 < checkpoints.count, let hash = hashes[matched + 1], hash == checkpoints[matched + 1].hash {
            matched += 1
        }
        // The last checkpoint that can be returned to (a table that stopped storing keeps no keys
        // of the points before it stopped).
        while matched >= 0 {
            if let reader = reader(at: checkpoints[matched], journal: journal) {
                return reader
            }
            matched -= 1
        }
        return nil
    }

    private func reader(at checkpoint: Checkpoint, journal: JournalBytes) -> LedgerRowsReader? {
        let rowCount = checkpoint.row
        guard rowCount > 0, rowCount <= self.rowCount, checkpoint.textCount >= 1, checkpoint.textCount <= textCount,
            checkpoint.accountCount <= accounts.count, checkpoint.currencyCount <= currencies.count,
            let base = file.buffer.baseAddress
        else { return nil }
        let raw = UnsafeRawPointer(base)
        func keys(_ name: Section, _ mark: ByteTextNumbers.Mark, capacity: Int) -> ByteTextNumbers? {
            var cursor = ByteCursor(
                base: raw, position: sections[name.rawValue].lowerBound, end: sections[name.rawValue].upperBound)
            guard let count = cursor.int(), let ends = cursor.array(Int.self, count: count + 1),
                let numbers = cursor.array(Int32.self, count: count),
                let bytes = cursor.bytes(cursor.end - cursor.position)
            else { return nil }
            return ends.withUnsafeBufferPointer { ends in
                numbers.withUnsafeBufferPointer { numbers in
                    ByteTextNumbers(capacity: capacity, keys: bytes, ends: ends, numbers: numbers, at: mark)
                }
            }
        }
        guard let payees = keys(.payeeKeys, checkpoint.payees, capacity: LedgerRowsReader.payeeCapacity),
            let others = keys(.otherKeys, checkpoint.others, capacity: LedgerRowsReader.otherCapacity),
            let accountBytes = keys(.accountKeys, checkpoint.accountBytes, capacity: LedgerRowsReader.accountCapacity)
        else { return nil }
        // The rows are made in the reader's own value, so that their arrays have one owner (a copy
        // would be copied whole by the first row appended).
        var reader = LedgerRowsReader(
            rows: LedgerRows(journal: Journal(stage: "", baseCurrency: .eur, accounts: [], transactions: [])),
            base: journal.buffer.baseAddress, rowsStart: rowsStart, checkpointStep: checkpointStep)
        reader.rows.file = journal
        let capacity = max(journal.buffer.count / 180 + 16, rowCount)
        // Copied out of the mapping, where they may not be aligned as the values need.
        reader.rows.layout = aligned(.layout, rowCount: rowCount, capacity: capacity, LedgerRows.Layout.self)
        reader.rows.payee = aligned(.payee, rowCount: rowCount, capacity: capacity, Int32.self)
        reader.rows.memo = aligned(.memo, rowCount: rowCount, capacity: capacity, Int32.self)
        reader.rows.bankType = aligned(.bankType, rowCount: rowCount, capacity: capacity, Int32.self)
        reader.rows.bankCategory = aligned(.bankCategory, rowCount: rowCount, capacity: capacity, Int32.self)
        reader.rows.account = aligned(.account, rowCount: rowCount, capacity: capacity, Int32.self)
        reader.rows.date = aligned(.date, rowCount: rowCount, capacity: capacity, CivilDate.self)
        reader.rows.minorUnits = aligned(.minorUnits, rowCount: rowCount, capacity: capacity, Int64.self)
        reader.rows.currency = aligned(.currency, rowCount: rowCount, capacity: capacity, Int16.self)
        let accounts = Array(self.accounts[..<checkpoint.accountCount])
        let currencies = Array(self.currencies[..<checkpoint.currencyCount])
        reader.rows.accounts = accounts
        reader.rows.currencies = currencies
        guard Self.holds(reader.rows, checkpoint: checkpoint, journalSize: journal.buffer.count) else { return nil }
        // The texts, a string each.
        reader.rows.texts = texts(count: checkpoint.textCount, capacity: checkpoint.textCount + capacity / 2) ?? []
        guard reader.rows.texts.first?.isEmpty == true else { return nil }
        reader.payees = payees
        reader.others = others
        reader.accountBytes = accountBytes
        for (number, account) in accounts.enumerated() { reader.numbers.accounts[account] = Int32(number) }
        for (number, currency) in currencies.enumerated() { reader.currencyNumbers[currency] = Int16(number) }
        if checkpoint.lastCurrency >= 0 {
            guard Int(checkpoint.lastCurrency) < currencies.count else { return nil }
            reader.lastCurrency = (currencies[Int(checkpoint.lastCurrency)], checkpoint.lastCurrency)
        }
        reader.lastMemo = checkpoint.lastMemo
        reader.lastBankType = checkpoint.lastBankType
        reader.lastBankCategory = checkpoint.lastBankCategory
        reader.lastAccount = checkpoint.lastAccount
        var changes = ByteCursor(
            base: raw, position: sections[Section.accountChanges.rawValue].lowerBound,
            end: sections[Section.accountChanges.rawValue].upperBound)
        guard let count = changes.int(), count >= checkpoint.accountChanges,
            let accountChanges = changes.array(Int.self, count: checkpoint.accountChanges)
        else { return nil }
        reader.order = LedgerRows.ScannedOrder(
            outOfOrder: checkpoint.outOfOrder, unsure: checkpoint.unsure, accountChanges: accountChanges)
        reader.lastRow = checkpoint.lastRow
        reader.nextStart = checkpoint.offset
        // Those before it: it is taken again as the next row is read when it falls on a step, and
        // an earlier run's last checkpoint that does not is left out, as a whole reading has none there.
        reader.checkpoints = Array(checkpoints.prefix { $0.row < rowCount })
        return reader
    }

    /// The first `count` texts, made half on each core, in an array of `capacity`; nil when their
    /// lengths reach beyond their bytes.
    private func texts(count: Int, capacity: Int) -> [String]? {
        let lengths = aligned(.textLengths, rowCount: textCount, capacity: textCount, UInt32.self)
        let bytes = sections[Section.textBytes.rawValue]
        var starts = [Int](repeating: 0, count: count + 1)
        starts[0] = bytes.lowerBound
        for index in 0..<count { starts[index + 1] = starts[index] + Int(lengths[index]) }
        guard let base = file.buffer.baseAddress, starts[count] <= bytes.upperBound else { return nil }
        return [String](unsafeUninitializedCapacity: max(capacity, count, 1)) { buffer, initialized in
            func make(_ indices: Range<Int>) {
                for index in indices {
                    let text = UnsafeBufferPointer(
                        start: base + starts[index], count: starts[index + 1] - starts[index])
                    (buffer.baseAddress! + index).initialize(to: String(decoding: text, as: UTF8.self))
                }
            }
            Cores.both({ make(0..<count / 2) }, { make(count / 2..<count) })
            initialized = count
        }
    }

    /// `rowCount` values of a column, copied out of the mapping into an array of `capacity`.
    private func aligned<T>(_ name: Section, rowCount: Int, capacity: Int, _: T.Type) -> [T] {
        let range = sections[name.rawValue]
        let base = file.buffer.baseAddress!
        return [T](unsafeUninitializedCapacity: max(capacity, rowCount, 1)) { buffer, initialized in
            if rowCount > 0 { memcpy(buffer.baseAddress!, base + range.lowerBound, rowCount * MemoryLayout<T>.stride) }
            initialized = rowCount
        }
    }

    /// Whether every row's numbers name a text, account and currency it has, and its bytes lie
    /// in the journal: what the rows are read by later must never reach outside them.
    private static func holds(_ rows: LedgerRows, checkpoint: Checkpoint, journalSize: Int) -> Bool {
        let texts = Int32(checkpoint.textCount)
        let accounts = Int32(checkpoint.accountCount)
        let currencies = Int16(clamping: checkpoint.currencyCount)
        for row in 0..<rows.layout.count {
            let place = rows.layout[row]
            guard place.decoded == -1, place.start >= 0, place.end >= 0, place.start + Int(place.end) < journalSize,
                place.idEnd >= 7, place.idEnd <= place.end, place.payeeStart >= 0, place.payeeStart <= place.payeeEnd,
                place.payeeEnd <= place.end, place.tail >= 0, place.tail <= place.end,
                rows.payee[row] >= 0, rows.payee[row] < texts, rows.memo[row] >= 0, rows.memo[row] < texts,
                rows.bankType[row] >= -1, rows.bankType[row] < texts, rows.bankCategory[row] >= -1,
                rows.bankCategory[row] < texts, rows.account[row] >= 0, rows.account[row] < accounts,
                rows.currency[row] >= 0, rows.currency[row] < currencies
            else { return false }
        }
        return true
    }

    /// The hash of each chunk of `journal` between two checkpoints' `offsets` (the first from its
    /// start), half of them on each core; nil for a chunk beyond its end. The bytes hashed are the
    /// very bytes the rows are read from (the mapping), never another file's. With `releasing`,
    /// each chunk's pages are given back once hashed (see `JournalBytes.release`).
    static func chunkHashes(
        _ journal: UnsafeBufferPointer<UInt8>, offsets: [Int], releasing file: JournalBytes? = nil
    ) -> [BulkHash.Value?] {
        var hashes = [BulkHash.Value?](repeating: nil, count: offsets.count)
        guard let base = journal.baseAddress else { return hashes }
        hashes.withUnsafeMutableBufferPointer { hashes in
            func hash(_ indices: Range<Int>) {
                for index in indices {
                    let start = index == 0 ? 0 : offsets[index - 1]
                    guard start <= offsets[index], offsets[index] <= journal.count else { continue }
                    hashes[index] = BulkHash.hash(
                        UnsafeRawBufferPointer(start: base + start, count: offsets[index] - start))
                    file?.release(from: start, upTo: offsets[index])
                }
            }
            let half = offsets.count / 2
            Cores.both({ hash(0..<half) }, { hash(half..<offsets.count) })
        }
        return hashes
    }
}

extension ByteCursor {
    fileprivate mutating func int() -> Int? { read(Int64.self).map { Int($0) } }

    fileprivate mutating func byte() -> UInt8? { read(UInt8.self) }

    fileprivate mutating func text() -> String? {
        guard let count = int(), count >= 0, let bytes = bytes(count) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    fileprivate mutating func list<Value>(_ read: (inout ByteCursor) -> Value?) -> [Value]? {
        guard let count = int(), count >= 0, count <= end - position else { return nil }
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            guard let value = read(&self) else { return nil }
            values.append(value)
        }
        return values
    }

    fileprivate mutating func array<T>(_: T.Type, count: Int) -> [T]? {
        guard count >= 0, let bytes = bytes(count * MemoryLayout<T>.stride) else { return nil }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { memcpy(buffer.baseAddress!, bytes.baseAddress!, bytes.count) }
            initialized = count
        }
    }

    fileprivate mutating func mark() -> ByteTextNumbers.Mark? {
        guard let keys = int(), let lookups = int(), let bypassed = byte(), keys >= 0, lookups >= 0, bypassed <= 1
        else { return nil }
        return ByteTextNumbers.Mark(keys: keys, lookups: lookups, bypassed: bypassed == 1)
    }

    fileprivate mutating func last() -> LedgerRows.LastText? {
        guard let start = int(), let count = int(), let number = read(Int32.self) else { return nil }
        return LedgerRows.LastText(start: start, count: count, number: number)
    }

    fileprivate mutating func checkpoint() -> LedgerRowsCache.Checkpoint? {
        guard let row = int(), let offset = int(), let high = int(), let low = int(), let textCount = int(),
            let accountCount = int(), let currencyCount = int(), let payees = mark(), let others = mark(),
            let accountBytes = mark(), let lastMemo = last(), let lastBankType = last(),
            let lastBankCategory = last(), let lastAccount = last(), let lastCurrency = int(),
            let outOfOrder = byte(), let unsure = byte(), let accountChanges = int(), let hasLastRow = byte(),
            row >= 0, offset >= 0, lastCurrency >= -1, lastCurrency <= Int(Int16.max)
        else { return nil }
        var lastRow: LedgerRowsCache.LastRow?
        if hasLastRow == 1 {
            guard let packed = int(), let account = read(Int64.self), let idStart = int(), let idEnd = int(),
                let isASCII = byte(), idStart >= 0, idStart <= idEnd,
                let date = CivilDate(year: packed >> 16, month: packed >> 8 & 0xFF, day: packed & 0xFF),
                let account32 = Int32(exactly: account)
            else { return nil }
            lastRow = LedgerRowsCache.LastRow(
                date: date, account: account32, id: idStart..<idEnd, isASCII: isASCII == 1)
        }
        return LedgerRowsCache.Checkpoint(
            row: row, offset: offset,
            hash: BulkHash.Value(high: UInt64(bitPattern: Int64(high)), low: UInt64(bitPattern: Int64(low))),
            textCount: textCount, accountCount: accountCount, currencyCount: currencyCount, payees: payees,
            others: others, accountBytes: accountBytes, lastMemo: lastMemo, lastBankType: lastBankType,
            lastBankCategory: lastBankCategory, lastAccount: lastAccount, lastCurrency: Int16(lastCurrency),
            outOfOrder: outOfOrder == 1, unsure: unsure == 1, accountChanges: accountChanges, lastRow: lastRow)
    }
}
