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

    /// A hash taken piece by piece: what `hash` does to the bytes of all the pieces end to end, when
    /// the total count is known at the start and every piece but the last is a multiple of
    /// `block` bytes long.
    public struct State {
        public static let block = 32
        private var a: UInt64 = 0x9E37_79B9_7F4A_7C15
        private var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        private var c: UInt64 = 0x1656_67B1_9E37_79F9
        private var d: UInt64

        /// For `count` bytes in all.
        public init(count: Int) { d = 0x27D4_EB2F_1656_67C5 ^ UInt64(truncatingIfNeeded: count) }

        /// Takes in whole blocks; `bytes.count` must be a multiple of `block`.
        public mutating func absorb(_ bytes: UnsafeRawBufferPointer) {
            guard let raw = bytes.baseAddress else { return }
            var offset = 0
            while offset + 32 <= bytes.count {
                a = mix(a, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                b = mix(b, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                c = mix(c, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
                d = mix(d, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
                offset += 32
            }
        }

        /// The hash, after the last piece (`bytes`, of any length).
        public mutating func finish(_ bytes: UnsafeRawBufferPointer) -> Value {
            let count = bytes.count
            let whole = count / 32 * 32
            absorb(UnsafeRawBufferPointer(rebasing: bytes[..<whole]))
            if let raw = bytes.baseAddress {
                var offset = whole
                while offset + 8 <= count {
                    a = mix(a, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    offset += 8
                }
                var tail: UInt64 = 0
                var shift: UInt64 = 0
                while offset < count {
                    tail |= UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) << shift
                    shift += 8
                    offset += 1
                }
                b = mix(b, tail)
            } else {
                b = mix(b, 0)
            }
            // Each lane into both halves, so that every byte reaches every bit of the value.
            let high = BulkHash.finish(mix(mix(mix(a, b), c), d))
            let low = BulkHash.finish(mix(mix(mix(d ^ 0x6A09_E667_F3BC_C909, c), b), a))
            return Value(high: high, low: low)
        }
    }

    /// The hash of `bytes`, their count included.
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> Value {
        var state = State(count: bytes.count)
        return state.finish(bytes)
    }

    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Value { hash(UnsafeRawBufferPointer(bytes)) }

    /// `values` folded into one, in order.
    public static func combine(_ values: [Value]) -> Value {
        var high: UInt64 = 0x243F_6A88_85A3_08D3
        var low: UInt64 = 0x1319_8A2E_0370_7344
        for value in values {
            high = mix(mix(high, value.high), value.low)
            low = mix(mix(low, value.low), value.high)
        }
        return Value(high: finish(high), low: finish(low ^ UInt64(truncatingIfNeeded: values.count)))
    }

    @inline(__always)
    fileprivate static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return mixed ^ (mixed >> 32)
    }

    @inline(__always)
    fileprivate static func finish(_ state: UInt64) -> UInt64 {
        var state = state ^ (state >> 29)
        state = state &* 0xBF58_476D_1CE4_E5B9
        return state ^ (state >> 32)
    }
}
