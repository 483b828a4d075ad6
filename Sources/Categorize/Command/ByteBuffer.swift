/// Bytes written through a pointer, for outputs of many megabytes made of short pieces, where
/// `Array.append` (a uniqueness check and a call for each piece) costs more than the copying.
///
/// Not copyable: the buffer owns its memory and frees it when it goes away.
struct ByteBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Bytes `range` of what was written.
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    mutating func removeAll() { count = 0 }

    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var size = capacity * 2
        while size < needed { size *= 2 }
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        fresh.initialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = size
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append($0) } }

    /// Decimal digits of `value`, zero-padded to at least `width`.
    @inline(__always)
    mutating func appendDigits(_ value: UInt64, width: Int) {
        var length = 1
        var power: UInt64 = 10
        while length < 20, value >= power {
            length += 1
            power = power &* 10
        }
        let total = max(length, width)
        reserve(total)
        var remaining = value
        var position = count + total
        for _ in 0..<total {
            position -= 1
            base[position] = UInt8(truncatingIfNeeded: remaining % 10) &+ 0x30
            remaining /= 10
        }
        count += total
    }
}
