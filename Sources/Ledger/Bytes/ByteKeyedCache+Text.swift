/// Texts through the interning table: what a reader of a large file calls for a cell or a field
/// whose text repeats from row to row, so that the rows share one `String` per distinct text.
///
/// A million-row export names a few thousand payees and accounts. Making a fresh `String` per row
/// allocates a million heap buffers, fills pages with copies of the same few thousand texts and
/// frees them all again at exit; the table costs one hash and one compare per row instead.
extension ByteKeyedCache where Value == String {
    /// Texts of up to this many UTF-8 bytes live inside the `String` value itself: pooling them
    /// would save no allocation, only add a lookup.
    @inlinable
    static var longestInlineText: Int { 15 }

    /// The text of `bytes` (UTF-8; ill-formed sequences become U+FFFD, as `String(decoding:as:)`
    /// does): for a text longer than `longestInlineText`, the `String` first made for the same bytes.
    @inlinable
    public mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > Self.longestInlineText else { return String(decoding: bytes, as: UTF8.self) }
        return value(for: bytes) { $0 }
    }
}
