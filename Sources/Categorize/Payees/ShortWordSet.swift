/// A fixed set of short words (the normaliser's word lists), looked up by a word's bytes.
///
/// Why not `Set<ArraySlice<UInt8>>`: every payee asks these lists about several of its words, and
/// hashing a slice through `Hasher` (and retaining the array it slices) cost more than the rest of
/// the lookup. A word of up to 15 bytes packs into one `UInt128` with its length, and a sorted
/// array of those is searched in a few comparisons; a longer word is in no list.
struct ShortWordSet: Sendable {
    private let keys: [UInt128]

    /// Words of at most 15 bytes (longer ones could never be found, so they are refused).
    init(_ words: [String]) {
        keys = words.map { word in
            let bytes = Array(word.utf8)
            precondition(bytes.count <= ShortWordSet.longest, "'\(word)' is too long for a ShortWordSet")
            return bytes.withUnsafeBufferPointer { ShortWordSet.pack($0) }
        }.sorted()
    }

    /// The longest word a set holds.
    static let longest = 15

    /// `word`'s bytes and length in one number; 0 for a word longer than `longest` (no word packs to 0).
    @inline(__always)
    static func pack(_ word: UnsafeBufferPointer<UInt8>) -> UInt128 {
        guard word.count <= longest else { return 0 }
        // Byte `i` at bits 8i, the length in the top byte; built in two 64-bit halves, which is
        // far fewer instructions than shifting a 128-bit value per byte.
        var low: UInt64 = 0
        var high = UInt64(word.count) << 56
        for (index, byte) in word.enumerated() {
            if index < 8 {
                low |= UInt64(byte) << (8 * index)
            } else {
                high |= UInt64(byte) << (8 * (index - 8))
            }
        }
        return UInt128(high) << 64 | UInt128(low)
    }

    @inline(__always)
    func contains(_ word: UnsafeBufferPointer<UInt8>) -> Bool { contains(packed: ShortWordSet.pack(word)) }

    /// Whether the word `ShortWordSet.pack` made `packed` from is in the set.
    func contains(packed: UInt128) -> Bool {
        guard packed != 0 else { return false }
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < packed { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == packed
    }
}
