import Foundation
import Ledger

/// What each row of a journal was written from and how long it is (`JournalRows`), kept beside
/// it with the journal's stamp: `.journal.jsonl.rows` for the journal, `.journal.jsonl.spare.rows`
/// for the file the last import replaced, kept as the next one's spare (`AtomicFileWriter`), so
/// that the next import finds the rows it would write the same in one of them (`EarlierJournal`).
///
/// A rows file is trusted only while its journal has the stamp it was written with
/// (`describes`), so a journal edited, replaced or written by another program is not copied from;
/// one that cannot be read, or whose checksum fails, is no file.
struct JournalRowsFile {
    static let magic = Array("closebook journal rows 1\n".utf8)

    let stamp: FileStamp
    let rows: JournalRows

    /// `.journal.jsonl.rows` beside `journal.jsonl`.
    static func path(ofJournal journal: String) -> String {
        let url = URL(fileURLWithPath: journal)
        return url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".rows").path
    }

    /// `.journal.jsonl.spare.rows` beside `journal.jsonl`.
    static func path(ofSpare spare: String) -> String { spare + ".rows" }

    /// The rows file at `path`.
    ///
    /// The file: `magic`, then little-endian 64-bit words: the journal's stamp (`FileStamp.fields`),
    /// the number of rows, the header's length, each row's identity; then each row's length in
    /// 32 bits (and four zero bytes when the rows are odd in number); then a checksum of all
    /// that (`ByteKeyedCache.hash`).
    ///
    /// Read from the mapped file straight into the two columns (a 1M-row journal's rows file is
    /// 12 MB, read at every import, twice).
    init?(path: String) {
        guard let file = try? JournalBytes(contentsOf: path) else { return nil }
        let raw = UnsafeRawBufferPointer(file.buffer)
        let start = JournalRowsFile.magic.count
        guard raw.count >= start + 10 * 8, raw.starts(with: JournalRowsFile.magic) else { return nil }
        func word(_ index: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + index * 8, as: UInt64.self))
        }
        let count = Int(truncatingIfNeeded: word(7))
        guard count >= 0, count < Int(UInt32.max) else { return nil }
        let lengthWords = (count + 1) / 2
        let checksum = raw.count - 8
        guard raw.count == start + (9 + count + lengthWords + 1) * 8,
            word(9 + count + lengthWords)
                == ByteKeyedCache<Int>.hash(UnsafeBufferPointer(rebasing: file.buffer[..<checksum]))
        else { return nil }
        let identityStart = start + 9 * 8
        let lengthStart = identityStart + count * 8
        var identities = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: raw[identityStart..<lengthStart]))
            initialized = count
        }
        var lengths = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: raw[lengthStart..<(lengthStart + count * 4)]))
            initialized = count
        }
        #if _endian(big)
            identities = identities.map { UInt64(littleEndian: $0) }
            lengths = lengths.map { UInt32(littleEndian: $0) }
        #endif
        stamp = FileStamp(fields: (0..<7).map(word))
        rows = JournalRows(headerLength: Int(truncatingIfNeeded: word(8)), identities: identities, lengths: lengths)
    }

    /// True when the file at `path` is the journal this describes: the same stamp, or, for a file
    /// renamed or linked since (a journal kept as the spare), the same inode, device, size and
    /// modification time, which only writing it changes.
    func describes(_ path: String, renamedSince: Bool = false) -> Bool {
        guard let current = FileStamp(path: path) else { return false }
        return renamedSince ? current.isSameWrite(as: stamp) : current == stamp
    }

    /// Writes the rows file of the journal now at `journal`, whose rows are `rows`; a file that
    /// cannot be written is only work the next import does again.
    static func save(_ rows: JournalRows, journal: String) {
        let path = JournalRowsFile.path(ofJournal: journal)
        guard let stamp = FileStamp(path: journal), rows.identities.count == rows.lengths.count else {
            unlink(path)
            return
        }
        let count = rows.identities.count
        var bytes = magic
        bytes.reserveCapacity(magic.count + (count + 12) * 8 + count * 4)
        func append(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        for field in stamp.fields { append(field) }
        append(UInt64(count))
        append(UInt64(rows.headerLength))
        // As bytes in one copy each (a raw buffer appended as a sequence goes a byte at a time).
        rows.identities.map { $0.littleEndian }.withUnsafeBytes {
            bytes.append(contentsOf: $0.bindMemory(to: UInt8.self))
        }
        rows.lengths.map { $0.littleEndian }.withUnsafeBytes { bytes.append(contentsOf: $0.bindMemory(to: UInt8.self)) }
        if count % 2 == 1 { bytes.append(contentsOf: [0, 0, 0, 0]) }
        append(bytes.withUnsafeBufferPointer { ByteKeyedCache<Int>.hash($0) })
        // Not flushed to disk: derived, and no use without the journal's stamp.
        guard let file = try? AtomicFileWriter(path: path) else {
            unlink(path)
            return
        }
        file.write(bytes)
        if (try? file.commit()) == nil { unlink(path) }
    }
}
