import Foundation

extension FileOutput {
    /// Asks the disk to keep what was written to `path` (`fsync`): a file `writeDerived` wrote, or
    /// a folder, whose entries (the names files were renamed to) are kept only once the folder is
    /// flushed too. For a set of files that must be durable together, written without a flush
    /// each and flushed once at the end (closing a ten-year ledger's 120 months).
    public static func flush(_ path: String, isFolder: Bool = false) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (isFolder ? O_DIRECTORY : 0))
        guard descriptor >= 0 else {
            throw Failure(path: path, reason: "cannot flush to disk (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw Failure(path: path, reason: "cannot flush to disk (\(String(cString: strerror(errno))))")
        }
    }
}
