import Foundation

extension FigureFile {
    /// The rows of the figure file at `path` when it was made from the ledger whose stamp is
    /// `ledger`, read in up to `parts` runs at once; nil when there is no such file, when it was
    /// made from another file, or when any part of it is malformed.
    ///
    /// The file is mapped, not read into memory: read, its 60 MB at 1M rows were copied into fresh
    /// pages that had to be zeroed first.
    public static func read(path: String, ledger: FileStamp, parts: Int = Cores.available) -> Contents? {
        guard let file = try? JournalBytes(contentsOf: path) else { return nil }
        return withExtendedLifetime(file) { decode(UnsafeRawBufferPointer(file.buffer), ledger: ledger, parts: parts) }
    }

    /// The rows of a figure file, and each row's `FigureRow.contentHash`, made from the bytes as
    /// they are read.
    public struct Contents: Sendable {
        public var rows: [FigureRow]
        public var contentHashes: [BulkHash.Value]
    }

    /// The rows of a figure file's `bytes`, as `read`.
    static func decode(_ raw: UnsafeRawBufferPointer, ledger: FileStamp, parts: Int) -> Contents? {
        guard let base = raw.baseAddress else { return nil }
        // Read from the end: the ledger's stamp, where the tables start, the checkpoints.
        let stampStart = raw.count - endMagic.count - 7 * 8
        guard stampStart - 16 >= magic.count, raw.starts(with: magic),
            raw.suffix(endMagic.count).elementsEqual(endMagic)
        else { return nil }
        var end = ByteCursor(base: base, position: stampStart, end: raw.count - endMagic.count)
        var fields: [UInt64] = []
        for _ in 0..<7 {
            guard let field = end.read(UInt64.self) else { return nil }
            fields.append(field)
        }
        guard FileStamp(fields: fields) == ledger else { return nil }
        let countsStart = stampStart - 16
        var counts = ByteCursor(base: base, position: countsStart, end: stampStart)
        guard let step = counts.read(UInt32.self).map(Int.init), step > 0,
            let checkpointCount = counts.read(UInt32.self).map(Int.init),
            let tablesOffset = counts.read(UInt64.self).flatMap({ Int(exactly: $0) }),
            tablesOffset >= magic.count, countsStart - tablesOffset >= checkpointCount * 8
        else { return nil }
        let checkpointsStart = countsStart - checkpointCount * 8
        var offsets = ByteCursor(base: base, position: checkpointsStart, end: countsStart)
        var checkpoints: [Int] = []
        for _ in 0..<checkpointCount {
            guard let offset = offsets.read(UInt64.self), offset <= UInt64(tablesOffset - magic.count)
            else { return nil }
            checkpoints.append(Int(offset))
        }
        var cursor = ByteCursor(base: base, position: tablesOffset, end: checkpointsStart)
        // A row takes at least `smallestRow` bytes: a count beyond what the bytes hold is malformed.
        guard let tables = Tables(&cursor), let rowCount = cursor.read(UInt64.self).flatMap({ Int(exactly: $0) }),
            rowCount <= (tablesOffset - magic.count) / smallestRow, cursor.position == checkpointsStart,
            checkpoints.count == (rowCount + step - 1) / step, checkpoints.first ?? 0 == 0
        else { return nil }
        return Tables.rows(
            base: base, rowsStart: magic.count, rowsEnd: tablesOffset, count: rowCount, checkpoints: checkpoints,
            step: step, tables: tables, parts: parts)
    }

    /// The tables the rows index: texts, categories, currencies and accounts.
    struct Tables: @unchecked Sendable {
        var texts: [String] = []
        var categories: [CategoryPath] = []
        var currencies: [Currency] = []
        var accounts: [AccountID] = []
        /// The hashes of the small tables' entries (`FigureRow.contentHash`'s parts). A payee's
        /// bytes are read from its string by each row that names it: the row holds that string
        /// anyway, and a table of the texts' places or hashes was one more cache miss a row.
        var categoryHashes: [BulkHash.Value] = []
        var currencyHashes: [BulkHash.Value] = []
        var accountHashes: [BulkHash.Value] = []

        init?(_ cursor: inout ByteCursor) {
            // Each text takes at least its 4-byte length.
            guard let textCount = cursor.read(UInt32.self), Int(textCount) <= (cursor.end - cursor.position) / 4
            else { return nil }
            texts.reserveCapacity(Int(textCount))
            for _ in 0..<textCount {
                guard let length = cursor.read(UInt32.self), let bytes = cursor.bytes(Int(length)) else { return nil }
                texts.append(String(decoding: bytes, as: UTF8.self))
            }
            guard let categoryCount = cursor.read(UInt32.self) else { return nil }
            for _ in 0..<categoryCount {
                guard let componentCount = cursor.read(UInt32.self), componentCount > 0 else { return nil }
                var components: [String] = []
                var hashes: [BulkHash.Value] = []
                for _ in 0..<componentCount {
                    guard let number = textNumber(&cursor) else { return nil }
                    components.append(texts[number])
                    hashes.append(FigureRow.textHash(texts[number]))
                }
                categories.append(CategoryPath(components: components))
                categoryHashes.append(FigureRow.categoryHash(components: hashes))
            }
            guard let currencyCount = cursor.read(UInt32.self) else { return nil }
            for _ in 0..<currencyCount {
                guard let code = textNumber(&cursor), let exponent = cursor.read(UInt8.self) else { return nil }
                currencies.append(Currency(code: texts[code], exponent: Int(exponent)))
                currencyHashes.append(
                    FigureRow.currencyHash(code: FigureRow.textHash(texts[code]), exponent: Int(exponent)))
            }
            guard let accountCount = cursor.read(UInt32.self) else { return nil }
            for _ in 0..<accountCount {
                guard let id = textNumber(&cursor) else { return nil }
                accounts.append(AccountID(texts[id]))
                accountHashes.append(FigureRow.textHash(texts[id]))
            }
        }

        private func textNumber(_ cursor: inout ByteCursor) -> Int? {
            guard let number = cursor.read(UInt32.self), Int(number) < texts.count else { return nil }
            return Int(number)
        }

        /// The `count` rows in `rowsStart..<rowsEnd`, in up to `parts` runs that start at
        /// checkpoints; nil when a row is malformed or a run does not end where the next begins.
        static func rows(
            base: UnsafeRawPointer, rowsStart: Int, rowsEnd: Int, count: Int, checkpoints: [Int], step: Int,
            tables: Tables, parts: Int
        ) -> Contents? {
            let runs = max(1, min(parts, checkpoints.count))
            // Run `r` starts at checkpoint `r * checkpoints.count / runs`.
            let firsts = (0...runs).map { $0 * checkpoints.count / runs }
            let failed = Slots<Bool>(count: runs)
            let shared = Shared(base: base, tables: tables)
            var rows: [FigureRow] = []
            // Plain values, each written by the run that reads its row (and never read when a run
            // fails: then the rows are nil).
            let hashes = [BulkHash.Value](unsafeUninitializedCapacity: count) { hashStorage, hashCount in
                rows = [FigureRow](unsafeUninitializedCapacity: count) { storage, initialized in
                    guard let destination = storage.baseAddress, let hashBase = hashStorage.baseAddress else { return }
                    let target = Shared.Destination(pointer: destination, hashes: hashBase)
                    DispatchQueue.concurrentPerform(iterations: runs) { run in
                        let firstRow = firsts[run] * step
                        let endRow = run + 1 == runs ? count : firsts[run + 1] * step
                        let start = rowsStart + (checkpoints.isEmpty ? 0 : checkpoints[firsts[run]])
                        let end = run + 1 == runs ? rowsEnd : rowsStart + checkpoints[firsts[run + 1]]
                        var cursor = ByteCursor(base: shared.base, position: start, end: end)
                        var made = 0
                        let tables = runs > 1 ? shared.tables.unshared() : shared.tables
                        var record = FigureRow.ContentRecord()
                        while firstRow + made < endRow,
                            let row = tables.row(&cursor, record: &record, hash: &target.hashes[firstRow + made])
                        {
                            (target.pointer + firstRow + made).initialize(to: row)
                            made += 1
                        }
                        let whole = firstRow + made == endRow && cursor.position == end
                        if !whole { (target.pointer + firstRow).deinitialize(count: made) }
                        failed.set(run, !whole)
                    }
                    if failed.values.contains(where: { $0 != false }) {
                        // Each run that ended whole still holds its rows.
                        for run in 0..<runs where failed[run] == false {
                            let firstRow = firsts[run] * step
                            let endRow = run + 1 == runs ? count : firsts[run + 1] * step
                            (destination + firstRow).deinitialize(count: endRow - firstRow)
                        }
                        initialized = 0
                        return
                    }
                    initialized = count
                }
                hashCount = rows.count
            }
            return rows.count == count ? Contents(rows: rows, contentHashes: hashes) : nil
        }

        /// A copy with arrays of its own and each category's components copied; the texts'
        /// strings are still shared (`map` copies the array, not the strings' storage).
        ///
        /// Why: every row retains its category's components, and threads retaining the same
        /// objects take turns at their counts' cache lines. At a million rows on two cores, copies
        /// per run took the read from 0.30-0.38 s to 0.25-0.27 s here. Copying every text's bytes
        /// too (the payees are mostly distinct) made it no faster: 287-431 ms against 267-377 ms.
        func unshared() -> Tables {
            var copy = Tables()
            copy.texts = texts.map { $0 }
            copy.categories = categories.map {
                CategoryPath(components: $0.components.map { String(decoding: Array($0.utf8), as: UTF8.self) })
            }
            copy.currencies = currencies.map { $0 }
            copy.accounts = accounts.map { $0 }
            // Plain values, read in place: shared.
            copy.categoryHashes = categoryHashes
            copy.currencyHashes = currencyHashes
            copy.accountHashes = accountHashes
            return copy
        }

        private init() {}

        /// The row at `cursor`, or nil when it is malformed; `hash` is set to its `contentHash`,
        /// made in `record`.
        func row(
            _ cursor: inout ByteCursor, record: inout FigureRow.ContentRecord, hash: inout BulkHash.Value
        ) -> FigureRow? {
            guard let idLength = cursor.read(UInt32.self), let id = cursor.bytes(Int(idLength)),
                let account = cursor.read(UInt32.self).map(Int.init), account < accounts.count,
                let day = cursor.read(UInt32.self),
                let date = CivilDate(year: Int(day >> 16), month: Int(day >> 8 & 0xFF), day: Int(day & 0xFF)),
                let minorUnits = cursor.read(UInt64.self).map({ Int64(bitPattern: $0) }),
                let currency = cursor.read(UInt16.self).map(Int.init), currency < currencies.count,
                let payee = cursor.read(UInt32.self).map(Int.init), payee < texts.count,
                let category = cursor.read(UInt32.self).map({ Int(Int32(bitPattern: $0)) }),
                category >= -1, category < categories.count,
                let flags = cursor.read(UInt8.self), flags < 8,
                let kind = cursor.read(UInt8.self).flatMap(CategorySource.Kind.init(rawValue:)),
                let splitCount = cursor.read(UInt32.self)
            else { return nil }
            var payeeText = texts[payee]
            payeeText.withUTF8 { payeeBytes in
                record.row(
                    id: UnsafeRawBufferPointer(id), account: accountHashes[account], date: date,
                    minorUnits: minorUnits, currency: currencyHashes[currency],
                    payee: UnsafeRawBufferPointer(payeeBytes),
                    flags: flags, kind: kind, category: category >= 0 ? categoryHashes[category] : nil,
                    splitCount: Int(splitCount))
            }
            var splits: [Split] = []
            if splitCount > 0 {
                // Each split takes 14 bytes: a count beyond what is left is malformed.
                guard Int(splitCount) <= (cursor.end - cursor.position) / 14 else { return nil }
                splits.reserveCapacity(Int(splitCount))
                for _ in 0..<splitCount {
                    guard let category = cursor.read(UInt32.self).map({ Int(Int32(bitPattern: $0)) }),
                        category >= 0, category < categories.count,
                        let minorUnits = cursor.read(UInt64.self).map({ Int64(bitPattern: $0) }),
                        let currency = cursor.read(UInt16.self).map(Int.init), currency < currencies.count
                    else { return nil }
                    splits.append(
                        Split(
                            category: categories[category],
                            amount: Money(minorUnits: minorUnits, currency: currencies[currency])))
                    record.split(
                        category: categoryHashes[category], minorUnits: minorUnits, currency: currencyHashes[currency])
                }
            }
            hash = record.hash
            return FigureRow(
                id: TransactionID(String(decoding: id, as: UTF8.self)), account: accounts[account], date: date,
                amount: Money(minorUnits: minorUnits, currency: currencies[currency]), payee: payeeText,
                status: flags & 1 != 0 ? .pending : .posted, category: category >= 0 ? categories[category] : nil,
                splits: splits, isTransfer: flags & 2 != 0, isIgnored: flags & 4 != 0, categorySourceKind: kind)
        }

        /// The file's bytes, tables and rows' storage, handed to the runs' threads: each reads the
        /// bytes and tables and writes only its own rows.
        private struct Shared: @unchecked Sendable {
            struct Destination: @unchecked Sendable {
                let pointer: UnsafeMutablePointer<FigureRow>
                let hashes: UnsafeMutablePointer<BulkHash.Value>
            }
            let base: UnsafeRawPointer
            let tables: Tables
        }
    }
}
