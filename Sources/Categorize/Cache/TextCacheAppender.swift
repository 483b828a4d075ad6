import Foundation

/// Adds entries at the end of a text cache file in place, while the file is still the one a run
/// read: what `TextCacheContent.append(rows:path:)` writes a month end's new texts with.
///
/// An append that fails part way is cut back to where the file ended (or the file removed when
/// even that fails), and `finish()` says so: the caller then writes the whole cache afresh. A file
/// cut short by a crash is never taken for a cache: `TextCache` ignores a file whose last entry
/// runs past its end.
final class TextCacheAppender {
    private let path: String
    private let descriptor: Int32
    private let size: Int
    private var failed = false

    /// Opens `path` for appending when it is still the file `identity` describes; nil otherwise.
    init?(path: String, identity: TextCache.FileIdentity) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, TextCache.FileIdentity(status) == identity else {
            close(descriptor)
            return nil
        }
        self.path = path
        self.descriptor = descriptor
        self.size = identity.size
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !failed, var start = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = Foundation.write(descriptor, start, left)
            if written < 0 {
                if errno == EINTR { continue }
                failed = true
                return
            }
            start += written
            left -= written
        }
    }

    /// Closes the file; false when some write failed (the file is then as it was, or gone).
    func finish() -> Bool {
        if failed, ftruncate(descriptor, off_t(size)) != 0 { unlink(path) }
        close(descriptor)
        return !failed
    }
}
