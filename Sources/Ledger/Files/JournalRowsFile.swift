import Foundation

/// What each row of a journal was written from and how long it is (`JournalRows`), kept beside
/// it with the journal's stamp: `.journal.jsonl.rows` for the journal, `.journal.jsonl.spare.rows`
/// for the file the last import replaced, kept as the next one's spare (`AtomicFileWriter`), so
/// that the next import finds the rows it would write the same in one of them (`EarlierJournal`).
/// A ledger (a journal with categories) has the same files, for the next categorisation's ledger
/// (`.ledger.jsonl.rows`, `EarlierLedger`).
///
/// A rows file is trusted only while its journal has the stamp it was written with
/// (`describes`), so a journal edited, replaced or written by another program is not copied from;
/// one that cannot be read, or whose checksum fails, is no file.
public struct JournalRowsFile: Sendable {
    public static let magic = Array("closebook journal rows 1\n".utf8)

    public let stamp: FileStamp
    public let rows: JournalRows

    /// `.journal.jsonl.rows` beside `journal.jsonl`.
    public static func path(ofJournal journal: String) -> String {
        let url = URL(fileURLWithPath: journal)
        return url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".rows").path
    }

    /// `.journal.jsonl.spare.rows` beside `journal.jsonl`.
    public static func path(ofSpare spare: String) -> String { spare + ".rows" }

    /// The rows file at `path`.
    ///
    /// The file: `magic`, then little-endian 64-bit words: the journal's stamp (`FileStamp.fields`),
    /// the number of rows, the header's length, each row's identity; then each row's length in
    /// 32 bits (and four zero bytes when the rows are odd in number); then a checksum of all
    /// that (`ByteKeyedCache.hash`).
    ///
    /// Read from the mapped file straight into the two columns (a 1M-row journal's rows file is
    /// 12 MB, read at every import, twice).
    public init?(path: String) {
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

    /// The rows file beside the journal at `journal`, when it describes that journal.
    public init?(describing journal: String) {
        guard let file = JournalRowsFile(path: JournalRowsFile.path(ofJournal: journal)), file.describes(journal)
        else { return nil }
        self = file
    }

    /// The rows file of the spare `writer` writes over, when it does and the file describes it.
    public init?(spareOf writer: AtomicFileWriter) {
        guard writer.isRecycled, let sparePath = writer.sparePath,
            let file = JournalRowsFile(path: JournalRowsFile.path(ofSpare: sparePath)),
            file.describes(sparePath, renamedSince: true)
        else { return nil }
        self = file
    }

    /// True when the file at `path` is the journal this describes: the same stamp, or, for a file
    /// renamed or linked since (a journal kept as the spare), the same inode, device, size and
    /// modification time, which only writing it changes.
    public func describes(_ path: String, renamedSince: Bool = false) -> Bool {
        guard let current = FileStamp(path: path) else { return false }
        return renamedSince ? current.isSameWrite(as: stamp) : current == stamp
    }

    /// A rows file's bytes but for the journal's stamp and the checksum, which `save` adds once the
    /// journal is in place: made beforehand (a 1M-row file is 12 MB), off the path that waits.
    public struct Prepared: Sendable {
        fileprivate var bytes: [UInt8]

        public init(_ rows: JournalRows) {
            let count = rows.identities.count
            var bytes = JournalRowsFile.magic
            bytes.reserveCapacity(JournalRowsFile.magic.count + (count + 12) * 8 + count * 4)
            func append(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
            // The stamp's seven words, filled in by `save`.
            for _ in 0..<7 { append(0) }
            append(UInt64(count))
            append(UInt64(rows.headerLength))
            // As bytes in one copy each (a raw buffer appended as a sequence goes a byte at a time).
            rows.identities.map { $0.littleEndian }.withUnsafeBytes {
                bytes.append(contentsOf: $0.bindMemory(to: UInt8.self))
            }
            rows.lengths.map { $0.littleEndian }.withUnsafeBytes {
                bytes.append(contentsOf: $0.bindMemory(to: UInt8.self))
            }
            if count % 2 == 1 { bytes.append(contentsOf: [0, 0, 0, 0]) }
            self.bytes = rows.identities.count == rows.lengths.count ? bytes : []
        }
    }

    /// Writes the rows file of the journal now at `journal` from its prepared bytes; a file that
    /// cannot be written is only work the next import does again.
    public static func save(_ prepared: Prepared, journal: String) {
        let path = JournalRowsFile.path(ofJournal: journal)
        guard let stamp = FileStamp(path: journal), !prepared.bytes.isEmpty else {
            unlink(path)
            return
        }
        var bytes = prepared.bytes
        bytes.withUnsafeMutableBytes { raw in
            for (index, field) in stamp.fields.enumerated() {
                raw.storeBytes(of: field.littleEndian, toByteOffset: magic.count + index * 8, as: UInt64.self)
            }
        }
        let checksum = bytes.withUnsafeBufferPointer { ByteKeyedCache<Int>.hash($0) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
        // Not flushed to disk: derived, and no use without the journal's stamp.
        guard let file = try? AtomicFileWriter(path: path) else {
            unlink(path)
            return
        }
        file.write(bytes)
        if (try? file.commit()) == nil { unlink(path) }
    }

    /// How many leading identities of `new` equal those of `old`, none of them unknown.
    public static func commonRows(_ new: [UInt64], _ old: [UInt64]) -> Int {
        let limit = min(new.count, old.count)
        var count = 0
        while count < limit, new[count] == old[count], new[count] != RowIdentity.unknown { count += 1 }
        return count
    }

    /// Leaves the first `count` rows of the spare `writer` writes over where they are, as if written
    /// (`AtomicFileWriter.keep`), this being that spare's rows file: when `count` is not zero, the
    /// spare's header is as long as `header` and its bytes are `header`'s, and a row ends where the
    /// rows kept do. False, and nothing done, otherwise: then every row is to be written.
    ///
    /// The import's journal (`EarlierJournal`) and the categoriser's ledger (`EarlierLedger`) keep
    /// their spares' leading rows alike; only how they count the rows that are the same differs.
    public func keepLeadingRows(_ count: Int, header: [UInt8], in writer: AtomicFileWriter) -> Bool {
        guard count > 0, count <= rows.lengths.count, rows.headerLength == header.count,
            let sparePath = writer.sparePath
        else { return false }
        let end = rows.lengths[..<count].reduce(header.count) { $0 + Int($1) }
        return JournalRowsFile.holds(sparePath, header: header, rowsEnd: end) && writer.keep(end)
    }

    /// True when the file at `path` begins with `header` and has a line feed as its byte before `rowsEnd`.
    static func holds(_ path: String, header: [UInt8], rowsEnd: Int) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: header.count)
        var last: UInt8 = 0
        let read = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return read == header.count && start == header && pread(descriptor, &last, 1, off_t(rowsEnd - 1)) == 1
            && last == 0x0A
    }

    /// Once the new journal (or ledger) is in place: the rows file of the one it replaced goes with
    /// that file to the spare's name, when it is the spare now, and the new one's rows (nil: not
    /// worked out) are written beside it.
    public static func commit(
        journal journalPath: String, replaced: JournalRowsFile?, sparePath: String?, rows: Prepared?
    ) {
        let journalRows = JournalRowsFile.path(ofJournal: journalPath)
        if let sparePath {
            let spareRows = JournalRowsFile.path(ofSpare: sparePath)
            if rows != nil, let replaced, replaced.describes(sparePath, renamedSince: true) {
                // Removed first: a rename over a file makes the file system write the renamed
                // one's blocks out first (ext4's `auto_da_alloc`), some 20 ms for 12 MB.
                unlink(spareRows)
                rename(journalRows, spareRows)
            } else {
                unlink(spareRows)
            }
        }
        if let rows {
            JournalRowsFile.save(rows, journal: journalPath)
        } else {
            unlink(journalRows)
        }
    }
}

/// What a journal's rows were written from, and how long each is: what the next import (or, for a
/// ledger, the next categorisation) compares its rows with (`JournalRowsFile`).
public struct JournalRows: Sendable, Equatable {
    /// The bytes of the header line, its line feed counted.
    public var headerLength: Int
    /// Per row, in the file's order: a hash of everything its bytes are written from
    /// (`RowIdentity`), so that two rows with the same number are the same bytes.
    public var identities: [UInt64]
    /// Per row: its bytes, its line feed counted.
    public var lengths: [UInt32]

    public init(headerLength: Int, identities: [UInt64], lengths: [UInt32]) {
        self.headerLength = headerLength
        self.identities = identities
        self.lengths = lengths
    }
}

/// The hashing row identities are made of (`JournalRows`: the import's `rowIdentities`, the
/// ledger writer's).
public enum RowIdentity {
    /// The number of a row that is written, never copied.
    public static let unknown: UInt64 = 0

    public static func text(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { ByteKeyedCache<Int>.hash($0) }
    }

    /// The words mixed one after another; never `unknown`.
    public static func combine(_ words: UInt64...) -> UInt64 {
        var state: UInt64 = 0x243F_6A88_85A3_08D3
        for word in words { state = mix(state, word) }
        return finish(state)
    }

    /// Six words, without an array: once per row (inlinable: the stages call it per row).
    @inlinable @inline(__always)
    public static func combine(
        _ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64, _ e: UInt64, _ f: UInt64
    ) -> UInt64 {
        finish(mix(mix(mix(mix(mix(mix(0x243F_6A88_85A3_08D3, a), b), c), d), e), f))
    }

    @usableFromInline @inline(__always)
    static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ mixed >> 29
    }

    @usableFromInline @inline(__always)
    static func finish(_ state: UInt64) -> UInt64 {
        var state = (state ^ state >> 32) &* 0xD6E8_FEB8_6659_FD93
        state ^= state >> 32
        return state == unknown ? 1 : state
    }
}
