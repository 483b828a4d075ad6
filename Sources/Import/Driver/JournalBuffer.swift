/// Raw memory that journal rows are written into, grown only when a row does not fit.
///
/// Rows are written with no check per byte (`JournalRowEncoder.writeImported`), so the writer
/// asks for room for a row's worst case first.
final class JournalBuffer {
    private(set) var start: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// The bytes written so far, from `start`.
    var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// Where `size` more bytes go, after what the buffer holds, growing it if need be.
    func room(for size: Int) -> UnsafeMutablePointer<UInt8> {
        if count + size > capacity {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count + size, capacity * 2))
            larger.update(from: start, count: count)
            start.deallocate()
            start = larger
            capacity = max(count + size, capacity * 2)
        }
        return start + count
    }

    func append(_ source: UnsafePointer<UInt8>, count size: Int) {
        room(for: size).update(from: source, count: size)
        count += size
    }
}
