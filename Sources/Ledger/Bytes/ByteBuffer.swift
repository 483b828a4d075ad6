/// Bytes written through a pointer, for outputs of many megabytes made of short pieces, where
/// `Array.append` (a uniqueness check and a call for each piece) costs more than the copying.
///
/// One buffer serves every stage: categorisation's ledger and `uncategorized.csv` lines, the
/// import's journal rows (written in place through `room(for:)` by `JournalRowEncoder`) and the
/// OFX 2 reader's leaf text. Its members are inlinable because those loops run once per byte or
/// per piece of a million rows, in other modules than this one.
///
/// Not copyable: the buffer owns its memory and frees it when it goes away.
public struct ByteBuffer: ~Copyable {
    @usableFromInline var storage: UnsafeMutablePointer<UInt8>
    @usableFromInline var written = 0
    @usableFromInline var capacity: Int

    /// The least memory a buffer holds, so the first short pieces do not each grow it.
    @usableFromInline static let smallestCapacity = 64

    public init(capacity: Int) {
        self.capacity = max(capacity, ByteBuffer.smallestCapacity)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Where the bytes start; it moves when the buffer grows.
    @inlinable public var start: UnsafeMutablePointer<UInt8> { storage }

    /// The bytes written so far.
    @inlinable public var count: Int { written }

    @inlinable public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: written) }

    /// Bytes `range` of what was written.
    @inlinable
    public func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage + range.lowerBound, count: range.count)
    }

    @inlinable
    public mutating func removeAll() { written = 0 }

    @inline(__always) @inlinable
    public mutating func reserve(_ extra: Int) {
        if written + extra > capacity { grow(to: written + extra) }
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        var size = capacity * 2
        while size < needed { size *= 2 }
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        fresh.initialize(from: storage, count: written)
        storage.deallocate()
        storage = fresh
        capacity = size
    }

    /// Where `size` more bytes go, after what the buffer holds, growing it if need be; say where
    /// the writing ended with `didWrite(upTo:)`. For writers that check no bounds per byte
    /// (`JournalRowEncoder.writeImported`): they ask for room for their worst case first.
    @inline(__always) @inlinable
    public mutating func room(for size: Int) -> UnsafeMutablePointer<UInt8> {
        reserve(size)
        return storage + written
    }

    /// Takes the bytes written through `room(for:)` up to `end` as written.
    @inline(__always) @inlinable
    public mutating func didWrite(upTo end: UnsafeMutablePointer<UInt8>) {
        written = end - storage
    }

    /// Drops the bytes after the first `count` (no more than are written).
    @inlinable
    public mutating func removeLast(from count: Int) {
        precondition(count >= 0 && count <= written)
        written = count
    }

    @inline(__always) @inlinable
    public mutating func append(_ byte: UInt8) {
        reserve(1)
        storage[written] = byte
        written += 1
    }

    @inline(__always) @inlinable
    public mutating func append(_ source: UnsafePointer<UInt8>, count size: Int) {
        reserve(size)
        (storage + written).initialize(from: source, count: size)
        written += size
    }

    @inline(__always) @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        append(source, count: bytes.count)
    }

    @inlinable
    public mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append($0) } }

    /// Decimal digits of `value`, zero-padded to at least `width`.
    @inline(__always) @inlinable
    public mutating func appendDigits(_ value: UInt64, width: Int) {
        var length = 1
        var power: UInt64 = 10
        while length < 20, value >= power {
            length += 1
            power = power &* 10
        }
        let total = max(length, width)
        reserve(total)
        var remaining = value
        var position = written + total
        for _ in 0..<total {
            position -= 1
            storage[position] = UInt8(truncatingIfNeeded: remaining % 10) &+ 0x30
            remaining /= 10
        }
        written += total
    }
}
