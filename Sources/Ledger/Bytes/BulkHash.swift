/// A 128-bit hash of long runs of bytes (tens of megabytes), four 64-bit lanes at once: for telling
/// whether a file's bytes are the ones a cache was made from, not for tables or secrets.
///
/// Why not `ByteKeyedCache.hash`: it is made for short keys, one lane, each step waiting for the
/// last; over a 250 MB journal that is about a tenth of a second, and four lanes take a quarter
/// of it. Why not SHA-256: it takes longer still, and nothing here is chosen by an adversary (a
/// changed byte must change the value; accidental equality of 128 bits does not happen).
public enum BulkHash {
    public struct Value: Hashable, Sendable {
        public var high: UInt64
        public var low: UInt64

        public init(high: UInt64, low: UInt64) {
            self.high = high
            self.low = low
        }
    }

    /// The hash of `bytes`, their count included.
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> Value {
        let count = bytes.count
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var c: UInt64 = 0x1656_67B1_9E37_79F9
        var d: UInt64 = 0x27D4_EB2F_1656_67C5 ^ UInt64(truncatingIfNeeded: count)
        var tail: UInt64 = 0
        if let raw = bytes.baseAddress {
            var offset = 0
            while offset + 32 <= count {
                a = mix(a, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                b = mix(b, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                c = mix(c, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
                d = mix(d, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
                offset += 32
            }
            while offset + 8 <= count {
                a = mix(a, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) << shift
                shift += 8
                offset += 1
            }
        }
        b = mix(b, tail)
        // Each lane into both halves, so that every byte reaches every bit of the value.
        let high = finish(mix(mix(mix(a, b), c), d))
        let low = finish(mix(mix(mix(d ^ 0x6A09_E667_F3BC_C909, c), b), a))
        return Value(high: high, low: low)
    }

    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Value { hash(UnsafeRawBufferPointer(bytes)) }

    /// `values` folded into one, in order.
    public static func combine(_ values: [Value]) -> Value {
        var fold = Fold()
        for value in values { fold.add(value) }
        return fold.value
    }

    /// Values and numbers folded into one, one at a time and in order (`combine` for a list).
    ///
    /// Each step is a bijection of each lane for a given input, so two sequences of the same
    /// length that differ in one item always fold to different values; the count of items is
    /// folded in at the end.
    public struct Fold: Sendable {
        private var high: UInt64 = 0x243F_6A88_85A3_08D3
        private var low: UInt64 = 0x1319_8A2E_0370_7344
        private var count: UInt64 = 0

        public init() {}

        @inline(__always)
        public mutating func add(_ value: Value) {
            high = mix(mix(high, value.high), value.low)
            low = mix(mix(low, value.low), value.high)
            count &+= 1
        }

        @inline(__always)
        public mutating func add(_ number: UInt64) {
            high = mix(high, number)
            low = mix(low, ~number)
            count &+= 1
        }

        public var value: Value { Value(high: finish(high), low: finish(low ^ count)) }
    }

    @inline(__always)
    private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return mixed ^ (mixed >> 32)
    }

    @inline(__always)
    private static func finish(_ state: UInt64) -> UInt64 {
        var state = state ^ (state >> 29)
        state = state &* 0xBF58_476D_1CE4_E5B9
        return state ^ (state >> 32)
    }
}
