import Foundation

/// The inbox files handed to the reads that run at once (`ImportRun.read`), and what each gave.
///
/// Each read takes its own file out (so that its bytes are freed when it is done) and writes only
/// its own result; the lock makes the hand-over safe between threads, and the results come back in
/// file order whatever order the reads finished in.
final class FileReadSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [InboxFile?]
    private var reads: [FileRead?]

    init(_ files: [InboxFile]) {
        self.files = files
        self.reads = Array(repeating: nil, count: files.count)
    }

    /// The file at `index`, given out once.
    func take(_ index: Int) -> InboxFile {
        lock.lock()
        defer { lock.unlock() }
        let file = files[index] ?? InboxFile(name: "", bytes: [])
        files[index] = nil
        return file
    }

    func finish(_ index: Int, _ read: FileRead) {
        lock.lock()
        reads[index] = read
        lock.unlock()
    }

    /// Every file's result, in file order (a file never read counts as one with nothing in it).
    var results: [FileRead] {
        lock.lock()
        defer { lock.unlock() }
        return reads.map { $0 ?? FileRead() }
    }
}
