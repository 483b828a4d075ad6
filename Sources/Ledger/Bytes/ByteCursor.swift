/// Reads little-endian numbers and bytes (a figure file's, a cache's), each only when whole
/// before `end`.
public struct ByteCursor {
    public let base: UnsafeRawPointer
    public var position: Int
    public let end: Int

    public init(base: UnsafeRawPointer, position: Int, end: Int) {
        self.base = base
        self.position = position
        self.end = end
    }

    @inline(__always) @inlinable
    public mutating func read<T: FixedWidthInteger>(_: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard position >= 0, end - position >= size else { return nil }
        let value = base.loadUnaligned(fromByteOffset: position, as: T.self)
        position += size
        return T(littleEndian: value)
    }

    @inline(__always) @inlinable
    public mutating func bytes(_ count: Int) -> UnsafeBufferPointer<UInt8>? {
        guard position >= 0, count >= 0, end - position >= count else { return nil }
        defer { position += count }
        return UnsafeBufferPointer(start: (base + position).assumingMemoryBound(to: UInt8.self), count: count)
    }
}
