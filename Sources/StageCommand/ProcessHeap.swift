#if canImport(Glibc)
    import CMalloc
#endif

/// How a stage's process hands freed memory back to the system.
///
/// glibc serves large blocks (every one of more than 32 MB, and smaller ones until its threshold
/// has risen) from mappings of their own and unmaps each when it is freed, so the next large
/// block is new memory again, every page of it faulted in and cleared by the kernel on first
/// touch. An import holds a whole export's bytes, then the records made
/// from them, then the entries and the journal's pieces: each large block is freed before a
/// later one is asked for. Served from the heap and kept there instead, the later blocks reuse
/// pages already mapped. A stage is a process that ends when its one run does, so what it keeps
/// is returned at its exit.
public enum ProcessHeap {
    /// Serves large blocks from the heap and never trims it. Call it first thing in a stage's
    /// executable, never in a library (the tests run the commands in one long process).
    public static func keepFreedMemory() {
        #if canImport(Glibc)
            _ = mallopt(M_MMAP_MAX, 0)
            _ = mallopt(M_TRIM_THRESHOLD, Int32.max)
        #endif
    }
}
