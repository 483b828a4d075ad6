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

    /// Lets the kernel take back the mapped pages from the one holding `start` to the last one
    /// wholly before `offset`: they are read again from the file (its cached pages) if touched
    /// again. Nothing for bytes held in memory.
    ///
    /// Why: a reader that goes through the journal front to back (categorisation's scan, its
    /// ledger and `uncategorized.csv`) needs only the part it is at; keeping the whole mapping
    /// resident was a quarter of the stage's peak memory at 1M rows.
    public func release(from start: Int, upTo offset: Int) {
        guard mapped, let base = buffer.baseAddress else { return }
        let page = JournalBytes.pageSize
        let first = max(start, 0) / page * page
        let last = min(offset, buffer.count) / page * page
        guard last > first else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + first), last - first, MADV_DONTNEED)
    }

    /// How far a reader goes between two `release` calls: pages are given back in runs this long.
    public static let releaseStep = 8 << 20

    private static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 1)

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
