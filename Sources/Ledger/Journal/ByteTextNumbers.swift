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
}
