#if canImport(Glibc)
    import Glibc
#endif

/// Asks the kernel to back a large buffer with 2 MB pages rather than 4 kB ones.
///
/// A million-row import writes some 300 MB of fresh memory (the file, its records, the entries),
/// and each 4 kB page of it costs a page fault the first time it is written: tens of thousands of
/// faults, a sixth of the run. With transparent huge pages set to `madvise` (the usual setting)
/// a buffer that asks for them takes one fault per 2 MB, and fewer misses of the processor's
/// address cache after. Only the advice is given: where the kernel has no huge pages to spare,
/// or elsewhere than on Linux, nothing changes.
enum HugePages {
    /// Buffers smaller than this are left alone: they would not fill a huge page or two.
    static let minimumBytes = 4 << 20

    /// Advises for the storage of `array`, its whole capacity (before it is written).
    static func advise<Element>(_ array: inout [Element]) {
        let bytes = array.capacity * MemoryLayout<Element>.stride
        guard bytes >= minimumBytes else { return }
        array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            advise(UnsafeMutableRawPointer(base), count: bytes)
        }
    }

    /// Advises for the `count` bytes at `start` (the whole pages among them).
    static func advise(_ start: UnsafeMutableRawPointer, count: Int) {
        #if os(Linux)
            let page = 4096
            let first = (Int(bitPattern: start) + page - 1) & ~(page - 1)
            let end = (Int(bitPattern: start) + count) & ~(page - 1)
            guard end - first >= minimumBytes, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
            _ = madvise(aligned, end - first, MADV_HUGEPAGE)
        #endif
    }
}
