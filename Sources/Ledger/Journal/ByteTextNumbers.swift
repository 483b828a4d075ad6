/// Numbers byte strings by their text without making a `String` of texts already numbered: a
/// `ByteKeyedCache` of numbers, for stages that intern a journal's texts as they read it in place.
public struct ByteTextNumbers {
    private var cache: ByteKeyedCache<Int32>

    public init(capacity: Int = 64) { cache = ByteKeyedCache(capacity: capacity) }

    /// The number of `bytes`' text, or the one `new` gives it the first time it is met. When texts
    /// hardly repeat, `new` may be asked again for a text met before (see `ByteKeyedCache`).
    public mutating func number(_ bytes: UnsafeBufferPointer<UInt8>, new: (String) -> Int32) -> Int32 {
        cache.value(for: bytes, make: new)
    }

    /// How far the table is at one point of a run: how many keys it holds, how many lookups it
    /// answered, and whether it stopped storing. With the keys it held (`keys`), enough to return
    /// to that point (`init(keys:ends:numbers:at:)`) and number what follows as it did.
    public struct Mark: Equatable, Sendable {
        public var keys: Int
        public var lookups: Int
        public var bypassed: Bool

        public init(keys: Int, lookups: Int, bypassed: Bool) {
            self.keys = keys
            self.lookups = lookups
            self.bypassed = bypassed
        }
    }

    public var mark: Mark { Mark(keys: cache.values.count, lookups: cache.lookups, bypassed: cache.bypassed) }

    /// The keys held, in the order they were stored: key `i` is `bytes[ends[i]..<ends[i + 1]]`,
    /// numbered `numbers[i]`. None once the table stopped storing.
    public var keys: (bytes: [UInt8], ends: [Int], numbers: [Int32]) {
        (cache.keyBytes, cache.keyEnds, cache.values)
    }

    /// The table as it was at `mark`, from the keys it then held or more (`keys`, in the order they
    /// were stored): the first `mark.keys` of them are stored again. Nil when fewer are given.
    public init?(
        capacity: Int, keys bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>,
        numbers: UnsafeBufferPointer<Int32>, at mark: Mark
    ) {
        cache = ByteKeyedCache(capacity: capacity)
        if mark.bypassed {
            cache.bypassed = true
        } else {
            guard mark.keys >= 0, numbers.count >= mark.keys, ends.count > mark.keys else { return nil }
            guard let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1) else { return nil }
            for index in 0..<mark.keys {
                let start = ends[index]
                let end = ends[index + 1]
                guard start >= 0, start <= end, end <= bytes.count else { return nil }
                let key = UnsafeBufferPointer(start: base + start, count: end - start)
                guard cache.stored(key) == nil else { return nil }
                cache.store(numbers[index], forValidUTF8: key)
            }
        }
        cache.lookups = mark.lookups
    }
}
