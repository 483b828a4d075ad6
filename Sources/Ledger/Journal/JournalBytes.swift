import Foundation

/// The bytes of a journal file, mapped into memory when it is a regular file.
///
/// Why a mapping: a journal is hundreds of megabytes, and reading it into an array first zeroes
/// and then copies that much fresh memory. A read-only mapping shares the file's cached pages.
/// Anything that is not a plain, non-empty, mappable file is read with `FileOutput.read`, which
/// also words the errors (no such file, a folder...).
public final class JournalBytes: @unchecked Sendable {
    /// Valid for the lifetime of this object; never written.
    public let buffer: UnsafeBufferPointer<UInt8>
    private let mapped: Bool

    /// Reads (maps) the file at `path`.
    public init(contentsOf path: String) throws(FileOutput.Failure) {
        if let region = JournalBytes.map(path) {
            buffer = region
            mapped = true
            return
        }
        buffer = JournalBytes.copy(try FileOutput.read(path))
        mapped = false
    }

    /// Holds `bytes` (tests, and files already in memory).
    public init(_ bytes: [UInt8]) {
        buffer = JournalBytes.copy(bytes)
        mapped = false
    }

    private static func copy(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        bytes.withUnsafeBufferPointer { source in
            if let start = source.baseAddress { base.initialize(from: start, count: source.count) }
        }
        return UnsafeBufferPointer(start: base, count: bytes.count)
    }

    deinit {
        guard let base = buffer.baseAddress else { return }
        if mapped {
            munmap(UnsafeMutableRawPointer(mutating: base), buffer.count)
        } else {
            UnsafeMutablePointer(mutating: base).deallocate()
        }
    }

    private static func map(_ path: String) -> UnsafeBufferPointer<UInt8>? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        // MAP_POPULATE: the whole file is read anyway, so fault it in at once rather than a page at a time.
        guard let region = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0),
            region != MAP_FAILED
        else { return nil }
        return UnsafeBufferPointer(start: region.assumingMemoryBound(to: UInt8.self), count: size)
    }
}
