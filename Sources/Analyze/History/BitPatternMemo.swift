/// Remembers the index a value was given, by the value's bit pattern: up to three machine words
/// read in place from a row.
///
/// Why it exists: `LedgerHistory` looks up every row's account, category and payee group. Hashing
/// each row's strings, and retaining them to do so, was a large share of building the history of
/// a million rows. But rows repeat the same few values, and the decoder hands out one shared
/// storage per repeated text, so most rows carry the very same bits as an earlier row. Two values
/// with the same bits are the same value (the same storage, or the same inline short string), so a
/// hit here needs neither hashing nor a retain. A miss proves nothing (equal texts can sit in
/// different storage): the caller then does the real lookup and remembers its answer.
///
/// Sound only while every value whose bits were remembered stays alive: freed storage could be
/// reused for another text at the same address. `LedgerHistory` uses it within one pass over rows
/// that the ledger holds throughout.
///
/// Direct-mapped: a slot holds the last key that hashed to it.
struct BitPatternMemo {
    typealias Key = (UInt64, UInt64, UInt64)

    private var keys: [Key]
    /// Per slot: the remembered index, or -1 for an empty slot.
    private var values: [Int32]
    private let mask: Int
    private let enabled: Bool

    /// `slots` is rounded up to a power of two. A memo that is not `enabled` remembers nothing.
    init(slots: Int = 4096, enabled: Bool = true) {
        self.enabled = enabled
        var size = 1
        while size < slots { size <<= 1 }
        keys = [Key](repeating: (0, 0, 0), count: size)
        values = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    @inline(__always)
    func value(for key: Key) -> Int? {
        guard enabled else { return nil }
        let slot = BitPatternMemo.slot(key, mask)
        guard values[slot] >= 0, keys[slot] == key else { return nil }
        return Int(values[slot])
    }

    @inline(__always)
    mutating func remember(_ value: Int, for key: Key) {
        guard enabled, let stored = Int32(exactly: value), stored >= 0 else { return }
        let slot = BitPatternMemo.slot(key, mask)
        keys[slot] = key
        values[slot] = stored
    }

    @inline(__always)
    private static func slot(_ key: Key, _ mask: Int) -> Int {
        var mixed = key.0 &* 0x9E37_79B9_7F4A_7C15
        mixed ^= key.1 &* 0xC2B2_AE3D_27D4_EB4F
        mixed ^= key.2 &* 0x1656_67B1_9E37_79F9
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 29)) & mask
    }

    /// The words of the field at `offset` of the value at `base`, `size` bytes of it (8 or 16;
    /// the rest of the key is zero), read without copying the value (so without a retain).
    @inline(__always)
    static func words(_ base: UnsafeRawPointer, offset: Int, size: Int) -> (UInt64, UInt64) {
        let first = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        return (first, size > 8 ? base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) : 0)
    }
}
