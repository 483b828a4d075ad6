/// Hands out one shared `String` for text that repeats, such as payee names and memos.
///
/// A statement names the same few thousand merchants over and over; making a new string for each
/// transaction allocated, copied and later freed a million of them for a million transactions.
/// This is a direct-mapped cache: a value's hash picks one slot, and when the slot holds the same
/// bytes its string is returned (retained), otherwise a new string replaces it. Its size is fixed,
/// so a file of all-different values costs one lookup each and nothing more.
///
/// Only values longer than 15 bytes go through it: shorter ones fit in a `String` without an
/// allocation, which is cheaper than a lookup.
struct OFXTextInterner {
    private var hashes: [UInt64]
    private var texts: [String]
    private let mask: Int

    /// Values this long or shorter are stored inline in a `String` and not worth sharing.
    static let inlineLength = 15

    init(slots: Int = 1 << 14) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "slots must be a power of two")
        hashes = Array(repeating: 0, count: slots)
        texts = Array(repeating: "", count: slots)
        mask = slots - 1
    }

    /// The string of `bytes` (valid UTF-8), shared with earlier calls for the same bytes.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > OFXTextInterner.inlineLength else { return String(decoding: bytes, as: UTF8.self) }
        let hash = OFXTextInterner.hash(bytes)
        let slot = Int(truncatingIfNeeded: hash) & mask
        if hashes[slot] == hash {
            var text = texts[slot]
            let same = text.withUTF8 { OFXTextInterner.equal($0, bytes) }
            if same { return text }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        hashes[slot] = hash
        texts[slot] = text
        return text
    }

    /// A 64-bit hash of the bytes, eight at a time (at least 16 bytes: see `text`).
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        let count = bytes.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= count {
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < count {
            // The last eight bytes, overlapping ones already mixed in: no byte-by-byte tail.
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        return hash
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* 0xBF58_476D_1CE4_E5B9
        return product ^ (product >> 31)
    }

    @inline(__always)
    private static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        let count = left.count
        let a = UnsafeRawPointer(left.baseAddress!)
        let b = UnsafeRawPointer(right.baseAddress!)
        var offset = 0
        while offset + 8 <= count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        return offset == count
            || a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
}
