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
    /// A pooled text and its hash, in the table itself: a probe reads the slot, and only a slot
    /// whose hash and length match reads the text (from the `String`'s own storage, which returning
    /// it touches anyway). The slot count is a power of two.
    private struct Slot {
        var hash: UInt64 = 0
        var text: String?
    }

    private var slots: [Slot]
    private var count = 0
    private let limit: Int

    init(limit: Int = 1 << 16) {
        self.limit = limit
        slots = Array(repeating: Slot(), count: 1024)
    }

    /// The text of `bytes` (UTF-8; ill-formed sequences become U+FFFD, as `String(decoding:as:)` does).
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 15, let base = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        let hash = TextInterner.hash(UnsafeRawPointer(base), count: bytes.count)
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash >> 7) & mask
        while slots[position].text != nil {
            if slots[position].hash == hash, let candidate = slots[position].text,
                candidate.utf8.count == bytes.count,
                candidate.utf8.withContiguousStorageIfAvailable({ TextInterner.equal($0, bytes) }) == true
            {
                return candidate
            }
            position = (position + 1) & mask
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard count < limit else { return text }
        slots[position] = Slot(hash: hash, text: text)
        count += 1
        if count * 2 > slots.count { grow() }
        return text
    }

    private mutating func grow() {
        var larger = [Slot](repeating: Slot(), count: slots.count * 2)
        let mask = larger.count - 1
        for slot in slots where slot.text != nil {
            var position = Int(truncatingIfNeeded: slot.hash >> 7) & mask
            while larger[position].text != nil { position = (position + 1) & mask }
            larger[position] = slot
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
