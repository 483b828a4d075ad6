import Crypto

/// A SHA-256 fed through a buffer of its own: many small fields are gathered and hashed a buffer
/// at a time. The digest is the one of the bytes appended, however they were cut.
///
/// Why: `MonthInputs.digest` writes about 80 bytes a row for every row of the ledger; handed to the
/// hasher row by row (in a growing array) the calls and copies cost more than the hashing.
struct DigestStream: ~Copyable {
    private var hasher = SHA256()
    private let buffer: UnsafeMutableRawBufferPointer
    private var count = 0

    init(capacity: Int = 1 << 16) {
        buffer = .allocate(byteCount: capacity, alignment: 8)
    }

    deinit { buffer.deallocate() }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if count + bytes.count > buffer.count { flush() }
        if bytes.count > buffer.count {
            hasher.update(bufferPointer: bytes)
            return
        }
        if let source = bytes.baseAddress {
            (buffer.baseAddress! + count).copyMemory(from: source, byteCount: bytes.count)
        }
        count += bytes.count
    }

    mutating func append(byte: UInt8) {
        if count == buffer.count { flush() }
        buffer[count] = byte
        count += 1
    }

    /// The text's UTF-8 bytes.
    mutating func append(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append(UnsafeRawBufferPointer($0)) }
        if done == nil { Array(text.utf8).withUnsafeBytes { append($0) } }
    }

    /// The number's eight bytes, little-endian.
    mutating func append(number: Int64) {
        withUnsafeBytes(of: number.littleEndian) { append($0) }
    }

    private mutating func flush() {
        hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        count = 0
    }

    consuming func finalize() -> [UInt8] {
        flush()
        return Array(hasher.finalize())
    }
}
