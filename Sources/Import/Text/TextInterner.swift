/// Hands out one `String` per distinct text, so the rows of a large export share string storage.
///
/// A million-row export names a few thousand payees. Making a fresh `String` per row allocates a
/// million heap buffers (payees are longer than the 15 bytes `String` keeps inline), fills pages
/// with copies of the same few thousand texts, and frees them all again at exit; handing out the
/// first `String` made for each text costs one hash and one compare per row instead.
///
/// Texts of up to 15 UTF-8 bytes live inside the `String` value itself and are never pooled. Only
/// the first `limit` distinct texts are pooled, so a file whose every description is unique (a
/// reference number in each) costs a bounded table, not a second copy of the file.
struct TextInterner {
    /// Per slot, the index in `strings` plus one; 0 marks an empty slot. The count is a power of two.
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    private var strings: [String] = []
    /// The bytes of every pooled text, back to back; `ends[i]` is where text `i` ends.
    private var arena: [UInt8] = []
    private var ends: [Int] = []
    private let limit: Int

    init(limit: Int = 1 << 16) {
        self.limit = limit
        slots = Array(repeating: 0, count: 1024)
    }

    /// The text of `bytes` (UTF-8; ill-formed sequences become U+FFFD, as `String(decoding:as:)` does).
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 15, let base = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        let hash = TextInterner.hash(UnsafeRawPointer(base), count: bytes.count)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 7) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { break }
            if hashes[stored - 1] == hash, equals(stored - 1, bytes) { return strings[stored - 1] }
            slot = (slot + 1) & mask
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard strings.count < limit else { return text }
        strings.append(text)
        hashes.append(hash)
        arena.append(contentsOf: bytes)
        ends.append(arena.count)
        slots[slot] = Int32(strings.count)
        if strings.count * 2 > slots.count { grow() }
        return text
    }

    private func equals(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index == 0 ? 0 : ends[index - 1]
        return arena.withUnsafeBufferPointer { stored in
            TextInterner.equal(UnsafeBufferPointer(rebasing: stored[start..<ends[index]]), bytes)
        }
    }

    private mutating func grow() {
        var larger = [Int32](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash >> 7) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = Int32(index + 1)
        }
        slots = larger
    }

    /// A fast non-cryptographic hash of at least 8 bytes, eight at a time (the last word may overlap).
    static func hash(_ base: UnsafeRawPointer, count: Int) -> UInt64 {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        var offset = 0
        while offset + 8 < count {
            state = (state ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 32
            offset += 8
        }
        state = (state ^ base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* 0xC4CE_B9FE_1A85_EC53
        return state ^ (state >> 29)
    }

    /// True when `a` and `b` hold the same bytes, compared eight at a time.
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        let count = a.count
        var offset = 0
        while offset + 8 <= count {
            let left = UnsafeRawPointer(x + offset).loadUnaligned(as: UInt64.self)
            let right = UnsafeRawPointer(y + offset).loadUnaligned(as: UInt64.self)
            if left != right { return false }
            offset += 8
        }
        while offset < count {
            if x[offset] != y[offset] { return false }
            offset += 1
        }
        return true
    }
}
