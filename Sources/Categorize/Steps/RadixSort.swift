/// Sorts unsigned 64-bit keys by their digits, the least significant first (an LSD radix sort):
/// a few passes over the keys, each placing every key by one digit of 11 bits, rather than
/// comparing them.
///
/// Why: `uncategorized.csv`'s order comes from one packed number per row (`UncategorizedOrder`),
/// and the standard library's sort, which is stable and merges, took most of that step at 1M rows
/// (418,000 keys at a month end, 767,000 with 10 rules). The keys are distinct there, so any sort
/// gives the same order; this one is stable as well.
enum RadixSort {
    /// Bits per digit: 2,048 counters a pass, which stay in the first-level cache.
    static let digitBits = 11
    /// Fewer keys than this are sorted by the standard library.
    static let smallest = 4_096

    /// Sorts `keys` ascending; every key is below 2^`bits`.
    static func sort(_ keys: inout [UInt64], bits: Int) {
        let count = keys.count
        guard count >= smallest else {
            keys.sort()
            return
        }
        let radix = 1 << digitBits
        let mask = UInt64(radix - 1)
        let passes = max(1, (min(bits, UInt64.bitWidth) + digitBits - 1) / digitBits)
        // Every pass's counts in one read of the keys.
        var counts = [Int](repeating: 0, count: passes * radix)
        keys.withUnsafeBufferPointer { keys in
            counts.withUnsafeMutableBufferPointer { counts in
                for key in keys {
                    for pass in 0..<passes {
                        counts[pass &* radix &+ Int(truncatingIfNeeded: key >> UInt64(pass &* digitBits) & mask)] += 1
                    }
                }
            }
        }
        var other = [UInt64](repeating: 0, count: count)
        for pass in 0..<passes {
            let digits = pass * radix..<(pass + 1) * radix
            // A digit every key shares orders nothing.
            if counts[digits].contains(count) { continue }
            var start = 0
            for digit in digits {
                let keysWithDigit = counts[digit]
                counts[digit] = start
                start += keysWithDigit
            }
            let shift = UInt64(pass * digitBits)
            keys.withUnsafeBufferPointer { source in
                other.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { next in
                        for key in source {
                            let digit = pass &* radix &+ Int(truncatingIfNeeded: key >> shift & mask)
                            target[next[digit]] = key
                            next[digit] &+= 1
                        }
                    }
                }
            }
            swap(&keys, &other)
        }
    }
}
