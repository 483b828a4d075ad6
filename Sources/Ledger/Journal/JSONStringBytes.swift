/// Finds the bytes that end or interrupt a plain JSON string: `"`, `\` and control characters.
///
/// Why eight bytes at a time: strings are most of a journal row's bytes, and both the decoder
/// (looking for the closing quote) and the encoder (looking for what needs an escape) scan every
/// one of them. Testing a whole 64-bit word per step with the usual bit tricks is several times
/// faster than a byte loop. The lowest flagged byte of a word is always a true match (borrows only
/// move upwards), so the first index returned is exact.
enum JSONStringBytes {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first `"`, `\` or byte below 0x20 in `base[start..<end]`, or `end`.
    @inline(__always)
    static func firstSpecial(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        let raw = UnsafeRawPointer(base)
        while index + 8 <= end {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let flags =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            let found = flags & highs
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 { return index }
            index += 1
        }
        return end
    }
}
