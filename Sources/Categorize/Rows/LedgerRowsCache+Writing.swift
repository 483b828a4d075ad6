import Foundation
import Ledger

extension LedgerRowsCache {
    /// Writes what reading `rows` came to, up to its last checkpoint, to the file at `path`;
    /// nothing when the reading took no checkpoint, or when the cache it resumed from is as good
    /// (`Record.needsWriting`). A cache that cannot be written is only work the next run does again.
    static func write(_ rows: LedgerRows, to path: String) {
        guard let record = rows.reading, let last = record.checkpoints.last, let program = CacheFingerprint.program(),
            record.needsWriting,
            let journal = rows.file?.buffer, last.row <= rows.layout.count,
            last.textCount <= rows.texts.count, let output = try? AtomicFileWriter(path: path, recycling: true)
        else { return }
        // The journal's chunks not hashed yet (those read this run).
        var checkpoints = record.checkpoints
        if checkpoints.contains(where: { $0.hash == nil }) {
            // The pages are given back as they are hashed: the writers beside this have gone
            // through them and given them back already, and mapped again they would count in the
            // stage's peak memory twice over.
            let hashes = chunkHashes(journal, offsets: checkpoints.map(\.offset), releasing: rows.file)
            for index in checkpoints.indices where checkpoints[index].hash == nil {
                guard let hash = hashes[index] else {
                    output.discard()
                    return
                }
                checkpoints[index].hash = hash
            }
        }
        let rowCount = last.row
        var sectionHashes: [BulkHash.Value] = []
        output.write(magic)
        func section(_ bytes: UnsafeRawBufferPointer) {
            var length = UInt64(bytes.count).littleEndian
            withUnsafeBytes(of: &length) { output.write($0.bindMemory(to: UInt8.self)) }
            output.write(bytes.bindMemory(to: UInt8.self))
            sectionHashes.append(BulkHash.hash(bytes))
        }
        func section(_ bytes: [UInt8]) { bytes.withUnsafeBytes { section($0) } }
        func column<T>(_ values: [T], count: Int = rowCount) {
            values.withUnsafeBytes {
                section(UnsafeRawBufferPointer(rebasing: $0[..<(count * MemoryLayout<T>.stride)]))
            }
        }
        var small = SectionBytes()
        section(Array(program.utf8))
        for number in [record.rowsStart, record.checkpointStep, rowCount, last.textCount] { small.int(number) }
        section(small.take())
        column(rows.layout)
        column(rows.payee)
        column(rows.memo)
        column(rows.bankType)
        column(rows.bankCategory)
        column(rows.account)
        column(rows.date)
        column(rows.minorUnits)
        column(rows.currency)
        // The texts: their lengths, then their bytes end to end.
        var lengths = [UInt32](repeating: 0, count: last.textCount)
        var total = 0
        for index in 0..<last.textCount {
            lengths[index] = UInt32(rows.texts[index].utf8.count)
            total += Int(lengths[index])
        }
        column(lengths, count: last.textCount)
        var textBytes = [UInt8]()
        textBytes.reserveCapacity(total)
        for index in 0..<last.textCount { textBytes.append(contentsOf: rows.texts[index].utf8) }
        section(textBytes)
        small.int(last.accountCount)
        for account in rows.accounts[..<last.accountCount] { small.text(account.rawValue) }
        section(small.take())
        small.int(last.currencyCount)
        for currency in rows.currencies[..<last.currencyCount] {
            small.text(currency.code)
            small.int(currency.exponent)
        }
        section(small.take())
        for keys in [record.payees, record.others, record.accountBytes] {
            small.int(keys.numbers.count)
            for end in keys.ends { small.int(end) }
            for number in keys.numbers { small.int32(number) }
            small.bytes.append(contentsOf: keys.bytes)
            section(small.take())
        }
        small.int(record.accountChanges.count)
        for row in record.accountChanges { small.int(row) }
        section(small.take())
        small.int(checkpoints.count)
        for checkpoint in checkpoints { small.checkpoint(checkpoint) }
        section(small.take())
        let hash = BulkHash.combine(sectionHashes)
        small.int(Int(bitPattern: UInt(hash.high)))
        small.int(Int(bitPattern: UInt(hash.low)))
        small.bytes.append(contentsOf: endMagic)
        output.write(small.take())
        try? output.commit()
    }
}

/// Bytes of the cache's small sections as they are made.
private struct SectionBytes {
    var bytes: [UInt8] = []

    mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    mutating func int(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) } }

    mutating func int32(_ value: Int32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }

    mutating func text(_ value: String) {
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func mark(_ mark: ByteTextNumbers.Mark) {
        int(mark.keys)
        int(mark.lookups)
        bytes.append(mark.bypassed ? 1 : 0)
    }

    mutating func last(_ text: LedgerRows.LastText) {
        int(text.start)
        int(text.count)
        int32(text.number)
    }

    mutating func checkpoint(_ point: LedgerRowsCache.Checkpoint) {
        int(point.row)
        int(point.offset)
        int(Int(bitPattern: UInt(point.hash?.high ?? 0)))
        int(Int(bitPattern: UInt(point.hash?.low ?? 0)))
        int(point.textCount)
        int(point.accountCount)
        int(point.currencyCount)
        mark(point.payees)
        mark(point.others)
        mark(point.accountBytes)
        last(point.lastMemo)
        last(point.lastBankType)
        last(point.lastBankCategory)
        last(point.lastAccount)
        int(Int(point.lastCurrency))
        bytes.append(point.outOfOrder ? 1 : 0)
        bytes.append(point.unsure ? 1 : 0)
        int(point.accountChanges)
        if let row = point.lastRow {
            bytes.append(1)
            int(row.date.year << 16 | row.date.month << 8 | row.date.day)
            int(Int(row.account))
            int(row.id.lowerBound)
            int(row.id.upperBound)
            bytes.append(row.isASCII ? 1 : 0)
        } else {
            bytes.append(0)
        }
    }
}
