import Foundation
import Ledger

/// What the last run made of each distinct combination of a row's texts (payee, memo, bank type,
/// bank category): the payee's normalised key and display, and the rules its texts match. A run
/// that meets the same texts again under the same rules and the same program takes them from here
/// rather than normalising, folding, scanning and matching again.
///
/// Why: at a month end, one month of new rows joins years of old ones, and on real bank text
/// nearly every row has a payee of its own, so normalising and matching every distinct text was
/// about half of the stage though only a few thousand texts were new.
///
/// The rules are kept where the texts alone settle them (the usual case); for texts some rule also
/// reads the amount, date or account of, the entry holds the payee's normalisation only
/// (`unsettled`), and the texts are matched again. An entry is found by a hash of its
/// texts and then compared byte for byte, so a collision can only cost a lookup. The file says for
/// which rules and which program it was made (`CacheFingerprint`): any other is ignored whole, as
/// is a file that cannot be read or does not hold together. Every run leaves it holding the texts of
/// that run only: written whole, or, when the run met every text the file holds, with the new ones
/// added at its end (`TextCacheContent.append`).
///
/// The file: `CBTC`, the format's version (UInt32), the fingerprint (32 bytes), then the entries
/// to the end of the file, each seven UInt16 lengths (payee, memo, bank type, bank category,
/// key, display, matched rules), the key's and the display's numbers (UInt32 each), the six
/// texts' bytes and the matched rules' indices (Int32), all little-endian.
///
/// The numbers: entries whose payees normalise to one key carry one key number, and entries of
/// one display one display number, so that a run reading them takes the key and the display it
/// met before from an array by number (`DistinctTexts`) rather than looking their bytes up for
/// every entry: a table of tens of thousands of keys and their displays, which no core's cache
/// holds, and about half of a month end's rules step went to those lookups. Numbers are the
/// file's own (`CacheNumbering`): a writer gives a text met in the cache it read that entry's
/// number, and any other one above every number of its kind that cache holds. Two numbers may
/// name one text (a run that did not meet the cached one); one number never names two.
///
/// A class: it owns the file's mapping and the lookup table, freed with it; lookups go through
/// `Reader`, a value of pointers into both that retains nothing.
final class TextCache {
    /// One entry's place in `bytes`.
    struct Entry {
        /// Where it starts in the file.
        var offset: Int
    }

    /// The file, mapped (`JournalBytes`), and its bytes: read through a pointer, so that looking
    /// an entry up retains nothing. The run looks entries up on two cores at once (`prepare` and
    /// the rules step), and each retain of a shared array was an atomic write to a cache line both
    /// cores wrote.
    private let file: JournalBytes
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Open addressing over the entries: the hash of a slot's texts, and its entry's offset + 1 (0
    /// for an empty slot). Owned here, read through `reader`.
    private let slotHashes: UnsafeMutableBufferPointer<UInt64>
    private let slotOffsets: UnsafeMutableBufferPointer<Int32>
    /// What looks entries up: pointers into the above, valid while this cache lives.
    let reader: Reader
    /// How many entries the file holds.
    let count: Int
    /// One above the highest key number the entries carry (0 for none): a writer numbers a key the
    /// file does not hold from here.
    let keyCount: Int
    /// The same of display numbers.
    let displayCount: Int
    /// Where each entry starts, in file order.
    private let starts: [Int32]
    /// The file read, as it was when read; nil when it changed while being read.
    let identity: FileIdentity?

    /// A file as the system names it (device and inode) and its size: a later writer appends to
    /// the file only while it is still this one.
    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int(status.st_size)
        }

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            self.init(status)
        }
    }

    /// Which entries of the file (by their order in it) the entries found at `offsets` are, each
    /// marked true; nil when some offset is not where an entry starts. Offsets mostly in file order
    /// cost one comparison each.
    func entriesFound(at offsets: some Sequence<Int32>) -> [Bool]? {
        var found = [Bool](repeating: false, count: count)
        var next = 0
        for offset in offsets {
            let number: Int
            if next < starts.count, starts[next] == offset {
                number = next
            } else {
                var low = 0
                var high = starts.count
                while low < high {
                    let middle = (low + high) / 2
                    if starts[middle] < offset { low = middle + 1 } else { high = middle }
                }
                guard low < starts.count, starts[low] == offset else { return nil }
                number = low
            }
            found[number] = true
            next = number + 1
        }
        return found
    }

    static let magic: [UInt8] = Array("CBTC".utf8)
    static let version: UInt32 = 2
    static let headerSize = 4 + 4 + 32
    /// The seven lengths and the two numbers an entry starts with.
    static let lengthsSize = 7 * 2 + 2 * 4
    /// The key or display numbers a file may use, against its count of entries: a file numbering
    /// beyond them (damaged, or left by a run whose exports were taken out) is not read, and the
    /// next file is numbered afresh. The run keeps arrays by number.
    static func numbersAreFew(_ count: Int, entries: Int) -> Bool { count <= 4 * entries + 1024 }
    /// The count of matched rules of an entry whose texts some rule reads more than texts of.
    static let unsettled = UInt16.max

    /// The cache at `path` when it exists, holds together and was made under `fingerprint`, every
    /// entry's rules in order and below `ruleCount` (a file damaged after it was written must not
    /// name a rule that is not there); else nil.
    init?(path: String, fingerprint: [UInt8], ruleCount: Int) {
        let before = FileIdentity(path: path)
        guard let file = try? JournalBytes(contentsOf: path) else { return nil }
        let bytes = file.buffer
        guard bytes.count >= Self.headerSize, bytes.count < Int(Int32.max),
            Array(bytes[0..<4]) == Self.magic, Self.uint32(bytes, at: 4) == Self.version,
            Array(bytes[8..<40]) == fingerprint
        else { return nil }
        // Every entry checked first, before anything is looked up in it.
        var starts: [Int32] = []
        var offset = Self.headerSize
        var keyCount = 0
        var displayCount = 0
        while offset < bytes.count {
            guard let size = Self.entrySize(bytes, at: offset),
                Self.rulesAreValid(bytes, at: offset, below: ruleCount)
            else { return nil }
            let lengths = Lengths(bytes, at: offset)
            keyCount = max(keyCount, lengths.keyNumber + 1)
            displayCount = max(displayCount, lengths.displayNumber + 1)
            starts.append(Int32(offset))
            offset += size
        }
        guard Self.numbersAreFew(keyCount, entries: starts.count),
            Self.numbersAreFew(displayCount, entries: starts.count)
        else { return nil }
        var capacity = 16
        while capacity < 2 * starts.count { capacity <<= 1 }
        let hashes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: capacity)
        hashes.initialize(repeating: 0)
        let offsets = UnsafeMutableBufferPointer<Int32>.allocate(capacity: capacity)
        offsets.initialize(repeating: 0)
        let mask = capacity - 1
        Self.fill(hashes, offsets, mask: mask, entries: starts, of: bytes)
        let count = starts.count
        let after = FileIdentity(path: path)
        self.identity = before == after && after?.size == bytes.count ? after : nil
        self.starts = starts
        self.file = file
        self.bytes = bytes
        self.slotHashes = hashes
        self.slotOffsets = offsets
        self.reader = Reader(
            bytes: bytes, slotHashes: UnsafeBufferPointer(hashes), slotOffsets: UnsafeBufferPointer(offsets),
            mask: mask)
        self.count = count
        self.keyCount = keyCount
        self.displayCount = displayCount
    }

    /// Slots of the table's regions that are filled together: 8,192 slots of 12 bytes fit in a
    /// core's L2 cache.
    static let regionBits = 13

    /// Puts every entry (at `starts`, in file order) in its slot of the table, by linear probing
    /// from the slot its texts' hash names.
    ///
    /// The hashes are worked out in file order, then the entries are put in region by region of
    /// the table (a counting sort by home slot, which keeps file order within a region). Put in
    /// file order, each entry's slot was a miss of every cache (a table of a million entries is
    /// some 24 MB), more than half of loading the cache. Entries of one home slot keep their file
    /// order, so a lookup finds what it found with the entries put in file order.
    static func fill(
        _ hashes: UnsafeMutableBufferPointer<UInt64>, _ offsets: UnsafeMutableBufferPointer<Int32>, mask: Int,
        entries starts: [Int32], of bytes: UnsafeBufferPointer<UInt8>
    ) {
        let shift = Self.regionBits
        let regions = (mask >> shift) + 1
        let found = [UInt64](unsafeUninitializedCapacity: starts.count) { hashes, initialized in
            for (index, start) in starts.enumerated() {
                let texts = Self.texts(bytes, at: Int(start))
                hashes[index] = Self.hash(texts.0, texts.1, texts.2, texts.3)
            }
            initialized = starts.count
        }
        var firsts = [Int](repeating: 0, count: regions + 1)
        for hash in found { firsts[((Int(truncatingIfNeeded: hash) & mask) >> shift) + 1] += 1 }
        for region in 0..<regions { firsts[region + 1] += firsts[region] }
        // Each entry's hash and start, region after region: the filling then reads them in order.
        var sortedHashes = [UInt64](repeating: 0, count: starts.count)
        var sortedStarts = [Int32](repeating: 0, count: starts.count)
        for (index, hash) in found.enumerated() {
            let region = (Int(truncatingIfNeeded: hash) & mask) >> shift
            sortedHashes[firsts[region]] = hash
            sortedStarts[firsts[region]] = starts[index]
            firsts[region] += 1
        }
        for (hash, start) in zip(sortedHashes, sortedStarts) {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while offsets[slot] != 0 { slot = (slot + 1) & mask }
            hashes[slot] = hash
            offsets[slot] = start + 1
        }
    }

    deinit {
        slotHashes.deallocate()
        slotOffsets.deallocate()
    }

    /// The entry for these texts, if the cache has one (`Reader.entry`).
    func entry(payee: String, memo: String, bankType: String, bankCategory: String, next: inout Int) -> Entry? {
        reader.entry(payee: payee, memo: memo, bankType: bankType, bankCategory: bankCategory, next: &next)
    }

    /// The bytes of the payee's normalised key and display, handed to `body` (`Reader.withClean`).
    func withClean<T>(_ entry: Entry, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> T) -> T {
        reader.withClean(entry, body)
    }

    /// The rules the texts match (`Reader.matched`).
    func matched(_ entry: Entry, into matched: inout [Int]) -> Bool {
        reader.matched(entry, into: &matched)
    }

    /// The file's bytes and the size of the entry at an offset, for a writer to copy entries as
    /// they are.
    func withEntries<T>(_ body: (UnsafeBufferPointer<UInt8>, _ size: (Int) -> Int) -> T) -> T {
        body(bytes) { [bytes] in Lengths(bytes, at: $0).size }
    }

    // MARK: The format

    /// Spreads texts over the table: each text's `ByteKeyedCache.hash` (which counts its length, so
    /// bytes moved from one text to the next change it), mixed in turn. Any hash would do (entries
    /// are compared byte for byte).
    static func hash(
        _ payee: UnsafeBufferPointer<UInt8>, _ memo: UnsafeBufferPointer<UInt8>,
        _ bankType: UnsafeBufferPointer<UInt8>, _ bankCategory: UnsafeBufferPointer<UInt8>
    ) -> UInt64 {
        @inline(__always) func mix(_ hash: UInt64, _ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
            let mixed = (hash ^ ByteKeyedCache<Int32>.hash(text)) &* 0x9E37_79B9_7F4A_7C15
            return mixed ^ (mixed >> 29)
        }
        return mix(mix(mix(ByteKeyedCache<Int32>.hash(payee), memo), bankType), bankCategory)
    }

    static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    static func uint16(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    static func uint32(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    /// The seven lengths and the two numbers an entry starts with.
    struct Lengths {
        var texts = 0
        var key = 0
        var display = 0
        var matched = 0
        /// The file's numbers of the entry's key and display (`TextCache`).
        var keyNumber = 0
        var displayNumber = 0
        /// False for an entry whose texts are matched again (`unsettled`): it has no rules.
        var isSettled = true

        /// The lengths at `offset`, which must leave `lengthsSize` bytes to read (as every entry
        /// the cache holds does: each is checked when the file is read): read as whole words, as
        /// every lookup reads them.
        init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
            precondition(offset >= 0 && offset + TextCache.lengthsSize <= bytes.count)
            let start = UnsafeRawPointer(bytes.baseAddress! + offset)
            func length(_ index: Int) -> Int {
                Int(UInt16(littleEndian: start.loadUnaligned(fromByteOffset: 2 * index, as: UInt16.self)))
            }
            texts = length(0) + length(1) + length(2) + length(3)
            key = length(4)
            display = length(5)
            matched = length(6)
            isSettled = matched != Int(TextCache.unsettled)
            if !isSettled { matched = 0 }
            keyNumber = Int(UInt32(littleEndian: start.loadUnaligned(fromByteOffset: 14, as: UInt32.self)))
            displayNumber = Int(UInt32(littleEndian: start.loadUnaligned(fromByteOffset: 18, as: UInt32.self)))
        }

        var size: Int { TextCache.lengthsSize + texts + key + display + 4 * matched }
    }

    /// Whether the rules of the entry at `offset` (which fits in `bytes`) are ascending and below
    /// `count`.
    private static func rulesAreValid(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, below count: Int) -> Bool {
        let lengths = Lengths(bytes, at: offset)
        var start = offset + lengthsSize + lengths.texts + lengths.key + lengths.display
        var last = -1
        for _ in 0..<lengths.matched {
            let rule = Int(Int32(bitPattern: uint32(bytes, at: start)))
            guard rule > last, rule < count else { return false }
            last = rule
            start += 4
        }
        return true
    }

    /// The size of the entry at `offset`, or nil when it runs past the end.
    private static func entrySize(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        guard offset + lengthsSize <= bytes.count else { return nil }
        let size = Lengths(bytes, at: offset).size
        return offset + size <= bytes.count ? size : nil
    }

    /// The entry's payee, memo, bank type and bank category.
    static func texts(
        _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int
    ) -> (
        UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>,
        UnsafeBufferPointer<UInt8>
    ) {
        var start = offset + lengthsSize
        func next(_ length: Int) -> UnsafeBufferPointer<UInt8> {
            defer { start += length }
            return UnsafeBufferPointer(rebasing: bytes[start..<start + length])
        }
        let payee = next(uint16(bytes, at: offset))
        let memo = next(uint16(bytes, at: offset + 2))
        let bankType = next(uint16(bytes, at: offset + 4))
        let bankCategory = next(uint16(bytes, at: offset + 6))
        return (payee, memo, bankType, bankCategory)
    }
}
