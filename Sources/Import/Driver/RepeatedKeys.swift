/// Which 64-bit keys of a list may occur in it more than once, found in cache-friendly passes.
///
/// Counting a million keys in a hash table costs a cache (and TLB) miss per key, since the table
/// is far larger than the caches. Almost every key of an import occurs once (each record's content
/// hash, each id), so a bit per position in a table of 16 bits per key (2 MB for a million keys,
/// which the caches hold) first tells which keys were seen before: a key whose bit was clear is
/// new. The few keys that found their bit set (repeats, and about one in thirty by chance) are the
/// candidates, and a second pass flags every key that is one. Callers then count or compare
/// exactly only the flagged keys. The passes are tight loops, so the processor overlaps their
/// cache misses, which a lookup inside a record's longer work could not.
enum RepeatedKeys {
    /// For each key, true when it may occur more than once in `keys`; false when it occurs once.
    static func flags(_ keys: [UInt64]) -> [Bool] {
        var logBits: UInt64 = 6
        while (1 << logBits) < max(keys.count, 1) * 16 { logBits += 1 }
        let shift = 64 - logBits
        var bits = [UInt64](repeating: 0, count: 1 << (logBits - 6))
        var candidates = Set<UInt64>()
        for key in keys {
            let (word, mask) = position(of: key, shift: shift)
            if bits[word] & mask != 0 {
                candidates.insert(key)
            } else {
                bits[word] |= mask
            }
        }
        guard !candidates.isEmpty else { return [Bool](repeating: false, count: keys.count) }
        // Only the candidates' bits, so most keys are ruled out without looking in the set.
        for index in bits.indices { bits[index] = 0 }
        for key in candidates {
            let (word, mask) = position(of: key, shift: shift)
            bits[word] |= mask
        }
        return keys.map { key in
            let (word, mask) = position(of: key, shift: shift)
            return bits[word] & mask != 0 && candidates.contains(key)
        }
    }

    @inline(__always)
    private static func position(of key: UInt64, shift: UInt64) -> (word: Int, mask: UInt64) {
        let bit = (key &* 0x9E37_79B9_7F4A_7C15) >> shift
        return (Int(truncatingIfNeeded: bit >> 6), 1 << (bit & 63))
    }
}
