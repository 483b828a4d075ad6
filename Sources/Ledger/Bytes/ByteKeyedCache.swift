/// A table from byte strings to values, looked up without making a `String` of the key: the one
/// interning table of the stages.
///
/// Why it exists: a journal repeats the same few texts on every row (account, currency, file, bank
/// type, category), real payees repeat merchants, and a bank export repeats its account cells.
/// Decoding each one afresh costs an allocation and a UTF-8 validation per field; hashing the bytes
/// in place and comparing them to the stored key costs far less, and rows then share one string
/// storage (less memory, cheaper equality). Texts are handed out by `text(_:)`
/// (`ByteKeyedCache+Text`); other values by `value(for:make:)`.
///
/// Public and inlinable so that a stage's per-row loop gets a copy specialised for its value type,
/// as the journal's own reader in this module does.
///
/// Open addressing with linear probing; keys' bytes are kept end to end in one array (comparing
/// with a stored key reads that array, not a string object elsewhere on the heap). Only keys that
/// decode to exactly their own bytes (valid UTF-8) are stored, so a lookup can never return the
/// value of a different key.
public struct ByteKeyedCache<Value> {
    @usableFromInline var keyBytes: [UInt8] = []
    /// Key `i` is `keyBytes[keyEnds[i]..<keyEnds[i + 1]]`.
    @usableFromInline var keyEnds: [Int] = [0]
    @usableFromInline var values: [Value] = []
    /// Per slot: the high 32 bits of the key's hash, and its index into the keys plus one in the low
    /// 32 bits (0 is an empty slot). Keeping both in one word makes a probe one memory access.
    @usableFromInline var slots: [UInt64]
    @usableFromInline var mask: Int

    /// Lookups so far, and whether the cache stopped storing (see `value(for:make:)`).
    @usableFromInline var lookups = 0
    @usableFromInline var bypassed = false

    @inlinable
    public init(capacity: Int = 64) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
    }

    @inlinable
    public var count: Int { values.count }

    /// The value stored for `bytes`, or the one `make` gives for their text (then stored).
    ///
    /// Texts that hardly ever repeat (a journal whose every payee carries a reference) would only
    /// fill the table: once more than half of many lookups were new keys, it stops caching.
    @inlinable @inline(__always)
    public mutating func value(for bytes: UnsafeBufferPointer<UInt8>, make: (String) -> Value) -> Value {
        lookups += 1
        if lookups & 0x3FFF == 0, values.count * 2 > lookups {
            bypassed = true
            keyBytes = []
            keyEnds = [0]
            values = []
        }
        if bypassed { return make(String(decoding: bytes, as: UTF8.self)) }
        let found = probe(bytes)
        if let entry = found.entry { return values[entry] }
        let text = String(decoding: bytes, as: UTF8.self)
        let value = make(text)
        insert(value, for: bytes, text: text, slot: found.slot, tag: found.tag)
        return value
    }

    /// The value stored for `bytes`, if any; nothing is stored. With `store(_:for:text:)`, for a
    /// caller whose value for a new key is made by work that cannot run inside `value(for:make:)`.
    @inlinable @inline(__always)
    public func stored(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        probe(bytes).entry.map { values[$0] }
    }

    /// Stores `value` for `bytes`, which `stored` did not find; `text` is their decoding.
    @inlinable
    public mutating func store(_ value: Value, for bytes: UnsafeBufferPointer<UInt8>, text: String) {
        let found = probe(bytes)
        insert(value, for: bytes, text: text, slot: found.slot, tag: found.tag)
    }

    /// `store(_:for:text:)` for bytes known to be valid UTF-8 (ASCII, say) that `stored` did not
    /// find: no text is made.
    @inlinable
    public mutating func store(_ value: Value, forValidUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        let found = probe(bytes)
        insert(value, forValidUTF8: bytes, slot: found.slot, tag: found.tag)
    }

    /// Where `bytes` are in the table: the index of their value, or nil and the empty slot a new
    /// key of their hash goes in; and the hash's tag.
    @inlinable @inline(__always)
    func probe(_ bytes: UnsafeBufferPointer<UInt8>) -> (entry: Int?, slot: Int, tag: UInt64) {
        let hash = ByteKeyedCache.hash(bytes)
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let word = slots[slot]
            if word == 0 { return (nil, slot, tag) }
            let entry = Int(truncatingIfNeeded: word & 0xFFFF_FFFF)
            if word & 0xFFFF_FFFF_0000_0000 == tag, storedKeyEquals(entry - 1, bytes) { return (entry - 1, slot, tag) }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `value` for `bytes` (whose decoding is `text`) in the empty `slot` `probe` found.
    /// Invalid UTF-8 is repaired by the decoding, so such a text is not its bytes: it is left out.
    @inlinable @inline(__always)
    mutating func insert(_ value: Value, for bytes: UnsafeBufferPointer<UInt8>, text: String, slot: Int, tag: UInt64) {
        guard text.utf8.count == bytes.count else { return }
        insert(value, forValidUTF8: bytes, slot: slot, tag: tag)
    }

    /// `insert(_:for:text:slot:tag:)` for bytes known to be valid UTF-8.
    @inlinable @inline(__always)
    mutating func insert(_ value: Value, forValidUTF8 bytes: UnsafeBufferPointer<UInt8>, slot: Int, tag: UInt64) {
        guard values.count < Int(Int32.max) - 1 else { return }
        keyBytes.append(contentsOf: bytes)
        keyEnds.append(keyBytes.count)
        values.append(value)
        slots[slot] = tag | UInt64(values.count)
        if values.count * 2 > slots.count { grow() }
    }

    @inlinable @inline(__always)
    func storedKeyEquals(_ entry: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = keyEnds[entry]
        guard keyEnds[entry + 1] - start == bytes.count else { return false }
        return keyBytes.withUnsafeBufferPointer { stored in
            ByteKeyedCache.equal(UnsafeBufferPointer(rebasing: stored[start..<start + bytes.count]), bytes)
        }
    }

    @inlinable
    mutating func grow() {
        let size = slots.count * 2
        var fresh = [UInt64](repeating: 0, count: size)
        let newMask = size - 1
        for index in values.indices {
            let hash = keyBytes.withUnsafeBufferPointer { stored in
                ByteKeyedCache.hash(UnsafeBufferPointer(rebasing: stored[keyEnds[index]..<keyEnds[index + 1]]))
            }
            var slot = Int(truncatingIfNeeded: hash) & newMask
            while fresh[slot] != 0 { slot = (slot + 1) & newMask }
            fresh[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(index + 1)
        }
        slots = fresh
        mask = newMask
    }

    @inlinable @inline(__always)
    public static func equal(_ key: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let stored = key.utf8
        guard stored.count == bytes.count else { return false }
        return stored.withContiguousStorageIfAvailable { ByteKeyedCache.equal($0, bytes) }
            ?? stored.elementsEqual(bytes)
    }

    @inlinable @inline(__always)
    public static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let a = left.baseAddress, let b = right.baseAddress else { return true }
        let count = left.count
        var offset = 0
        while offset + 8 <= count {
            let x = UnsafeRawPointer(a).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let y = UnsafeRawPointer(b).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if x != y { return false }
            offset += 8
        }
        while offset < count {
            if a[offset] != b[offset] { return false }
            offset += 1
        }
        return true
    }

    /// A fast 64-bit hash of a byte string, eight bytes at a time (not `Hasher`: that is seeded per
    /// process and slower for short keys; nothing here needs protection from chosen keys).
    @inlinable @inline(__always)
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        guard let base = bytes.baseAddress else { return state }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= count {
            state = (state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 32
            offset += 8
        }
        if offset < count, count >= 8 {
            // The last eight bytes, some of them hashed already: one load instead of a byte loop.
            let last = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            state = (state ^ last) &* 0xC4CE_B9FE_1A85_EC53
        } else if offset < count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(base[offset]) << shift
                shift += 8
                offset += 1
            }
            state = (state ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        }
        state ^= state >> 29
        state = state &* 0xBF58_476D_1CE4_E5B9
        return state ^ (state >> 32)
    }
}
