import Foundation

extension FileOutput {
    /// Makes `path` and its parents, as `write` does for a file's folder.
    public static func makeFolder(_ path: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: path, reason: "cannot make the folder (\(error.localizedDescription))")
        }
    }

    /// Writes `bytes` to `path` atomically (a temporary file beside it, renamed into place) but
    /// without waiting for the disk: for files every run derives again from the inputs (a month's
    /// analysis, a page of the site), where a crash costs one more run, not data. `write` asks the
    /// disk to flush each file first, about a millisecond apiece, which 120 months of analysis
    /// files and a site of a thousand pages feel. The folder must exist.
    public static func writeDerived(_ bytes: [UInt8], to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = (folder as NSString).appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        func failure() -> Failure {
            Failure(path: path, reason: "cannot write the file (\(String(cString: strerror(errno))))")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure() }
        var written = 0
        let complete = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        let error = complete ? nil : failure()
        if close(descriptor) != 0 || error != nil {
            let reported = error ?? failure()
            unlink(temporary)
            throw reported
        }
        guard rename(temporary, path) == 0 else {
            let reported = failure()
            unlink(temporary)
            throw reported
        }
    }
}
