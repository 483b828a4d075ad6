import Foundation

/// Writes a file in pieces so that a reader never sees half of it: everything goes to a
/// temporary file beside the destination, renamed into place by `commit`, removed by `discard`.
///
/// `FileOutput` gives this for a file written from one buffer; a journal of a million rows is
/// written as it is encoded, a piece at a time, so its bytes are never all in memory at once.
/// Like `FileOutput`, it creates the destination's folders and leaves the file readable as the
/// process's umask allows.
public final class AtomicFileWriter {
    /// Why the file could not be written, as `FileOutput` words it: `path: error: reason`.
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): error: \(reason)" }
    }

    public let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    /// The first error, after which writes are ignored.
    public private(set) var failure: Failure?

    public init(path: String) throws(Failure) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw Failure(path: path, reason: "cannot write the file (\(error.localizedDescription))")
        }
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        AtomicFileWriter.removeAbandoned(name: name, in: folder)
        var attempt = 0
        while true {
            let candidate = (folder as NSString).appendingPathComponent(".\(name).\(getpid())-\(attempt).tmp")
            let opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if opened >= 0 {
                temporaryPath = candidate
                descriptor = opened
                return
            }
            guard errno == EEXIST, attempt < 100 else {
                throw Failure(path: path, reason: "cannot write the file (\(String(cString: strerror(errno))))")
            }
            attempt += 1
        }
    }

    deinit {
        discard()
    }

    /// Appends `bytes`; after a failure, does nothing (see `failure`).
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, descriptor >= 0, var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = Foundation.write(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                fail()
                return
            }
            next += written
            left -= written
        }
    }

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// Closes the file and renames it into place; throws the first failure instead, if any.
    /// `flush` first asks the disk to keep the bytes (`fsync`), for files that are not derived
    /// again on the next run.
    public func commit(flush: Bool = false) throws(Failure) {
        guard descriptor >= 0 else { return }
        if failure == nil, flush, fsync(descriptor) != 0 { fail() }
        if close(descriptor) != 0, failure == nil { fail() }
        descriptor = -1
        if failure == nil, rename(temporaryPath, path) != 0 { fail() }
        if let failure {
            unlink(temporaryPath)
            throw failure
        }
    }

    /// Removes the temporary file unless it was committed (nothing is left behind after a failure).
    public func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
    }

    /// Removes the temporary files a killed run left for `name` in `folder`
    /// (`.NAME.PID-N.tmp`, up to hundreds of megabytes each), but only those whose process is
    /// gone: another run writing the same output at this moment keeps its file.
    static func removeAbandoned(name: String, in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let head = ".\(name)."
        for candidate in names where candidate.hasPrefix(head) && candidate.hasSuffix(".tmp") {
            let middle = candidate.dropFirst(head.count).dropLast(4)
            guard let dash = middle.lastIndex(of: "-"), let pid = pid_t(middle[..<dash]), pid > 0,
                Int(middle[middle.index(after: dash)...]) != nil
            else { continue }
            // `kill(pid, 0)` sends nothing; ESRCH means no such process (EPERM: it exists).
            guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink((folder as NSString).appendingPathComponent(candidate))
        }
    }

    private func fail() {
        failure = Failure(path: path, reason: "cannot write the file (\(String(cString: strerror(errno))))")
    }
}
