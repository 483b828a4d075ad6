import CRename
import Foundation

/// Writes a file in pieces so that a reader never sees half of it: everything goes to a
/// temporary file beside the destination, renamed into place by `commit`, removed by `discard`.
///
/// `FileOutput` gives this for a file written from one buffer; a journal of a million rows is
/// written as it is encoded, a piece at a time, so its bytes are never all in memory at once.
/// Like `FileOutput`, it creates the destination's folders and leaves the file readable as the
/// process's umask allows.
///
/// With `recycling`, a large output (`smallestSpare` or more) keeps the file it replaced as a
/// spare beside it (`.NAME.spare`), and the next run writes over the spare rather than into a new
/// file; `commit` then swaps the two names in one step (`renameat2` with `RENAME_EXCHANGE`).
///
/// Why: a new file takes every page of the page cache and every block on disk afresh, and at a
/// month end the journal and the ledger are each some 250 MB that differ from the run before in
/// their last rows only. Writing 256 MB over a cached file of that size took 0.03 s here, plus
/// 0.05 s to flush it to disk, against 0.35-0.46 s into a new file. The cost is the disk space of
/// one more copy of each such output in `build/`.
///
/// Why flushed: a file system orders the blocks of a new file before the rename that publishes it
/// (ext4's `auto_da_alloc`), not blocks written over, so the spare's bytes are on disk
/// (`fdatasync`) before the names are swapped; a crash then leaves the old file or the new one,
/// never a mix. A spare is used only when it is a file of its own (one link: a run stopped
/// between its two steps below leaves the spare a second name of the output, which is then
/// removed) and no other run holds it (`flock`), and the lock is held until the swap.
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
    /// Where the spare is kept with `recycling`, nil without.
    public let sparePath: String?
    /// The bytes are written over the spare (`temporaryPath` is `sparePath`), not a new file.
    public let isRecycled: Bool
    private let smallestSpare: Int
    /// Bytes written so far: a recycled file is cut to this length by `commit`.
    private var written = 0
    /// Bytes of a recycled file the disk was asked to start writing (`startWriteback`).
    private var writebackStarted = 0

    /// Bytes of a recycled file written between two requests that the disk start writing them.
    public static let writebackStep = 8 << 20

    /// Outputs this large or larger keep a spare (`recycling`): 8 MB, so that small ones (an
    /// analysis, a page of the site) never leave a second copy, and a journal of some 30,000 rows
    /// does.
    public static let smallestSpare = 8 << 20

    /// A writer of `path`; with `recycling`, over the spare the last commit kept, when there is
    /// one (`isRecycled`), and keeping the file it replaces as the next spare when that file is
    /// `smallestSpare` bytes or more.
    public init(
        path: String, recycling: Bool = false, smallestSpare: Int = AtomicFileWriter.smallestSpare
    )
        throws(Failure)
    {
        self.path = path
        self.smallestSpare = smallestSpare
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
        let spare = recycling ? (folder as NSString).appendingPathComponent(".\(name).spare") : nil
        sparePath = spare
        if let spare, let opened = AtomicFileWriter.openSpare(spare) {
            temporaryPath = spare
            descriptor = opened
            isRecycled = true
            return
        }
        isRecycled = false
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
            self.written += written
        }
        if isRecycled, self.written - writebackStarted >= AtomicFileWriter.writebackStep { startWriteback() }
    }

    /// Leaves the next `count` bytes of a recycled file as the spare holds them, as if they were
    /// written: for a writer that knows the spare's bytes there are the ones it would write (the
    /// import's journal, `EarlierJournal`), so that they are neither copied nor written to disk
    /// again. False, and nothing done, when the file is not recycled or is not that long; then the
    /// bytes are to be written.
    public func keep(_ count: Int) -> Bool {
        guard isRecycled, failure == nil, descriptor >= 0, count >= 0 else { return false }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) >= written + count,
            lseek(descriptor, off_t(written + count), SEEK_SET) == off_t(written + count)
        else { return false }
        written += count
        writebackStarted = written
        return true
    }

    /// Asks the disk to start writing what was written since the last request, without waiting.
    ///
    /// Why: a recycled file is flushed before the names are swapped (`commit`), and a flush of 250
    /// MB waited for all of it at the end of the run (the month end's import 90-250 ms in "put the
    /// journal in place"); written back as it is made, most of it is on disk by then. A failure
    /// here costs nothing but that wait.
    private func startWriteback() {
        _ = closebook_start_writeback(
            descriptor, Int64(writebackStarted), Int64(written - writebackStarted))
        writebackStarted = written
    }

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// Closes the file and renames it into place; throws the first failure instead, if any.
    /// `flush` first asks the disk to keep the bytes (`fsync`), for files that are not derived
    /// again on the next run.
    public func commit(flush: Bool = false) throws(Failure) {
        guard descriptor >= 0 else { return }
        if isRecycled {
            // What is left of the spare's old bytes goes, and everything is on disk before the swap.
            if failure == nil, ftruncate(descriptor, off_t(written)) != 0 { fail() }
            if failure == nil, (flush ? fsync(descriptor) : fdatasync(descriptor)) != 0 { fail() }
            if failure == nil { swapIntoPlace() }
            // Closed after the swap: the spare's lock is held until it is the output.
            if close(descriptor) != 0, failure == nil { fail() }
            descriptor = -1
        } else {
            if failure == nil, flush, fsync(descriptor) != 0 { fail() }
            if close(descriptor) != 0, failure == nil { fail() }
            descriptor = -1
            if failure == nil { keepReplacedAsSpare() }
            if failure == nil, rename(temporaryPath, path) != 0 { fail() }
        }
        if let failure {
            unlink(temporaryPath)
            throw failure
        }
    }

    /// The recycled spare becomes the output, and the output the spare; where there is no output
    /// yet, or the file system cannot swap, the spare is renamed into place (and no spare is kept).
    private func swapIntoPlace() {
        if closebook_exchange(temporaryPath, path) == 0 {
            // The file replaced is the spare now (at `temporaryPath`): kept only when it is large.
            var info = stat()
            if stat(temporaryPath, &info) == 0, Int(info.st_size) < smallestSpare { unlink(temporaryPath) }
            return
        }
        if rename(temporaryPath, path) != 0 { fail() }
    }

    /// With `recycling`, a second name for the output this commit replaces, when it is large, so
    /// that it outlives the rename as the next run's spare. A rename over an existing file keeps
    /// the file system's ordering of a new file's blocks before it (see the type's notes).
    private func keepReplacedAsSpare() {
        guard let sparePath else { return }
        // `lstat`: an output that is a link to a file elsewhere keeps no spare (the link would be it).
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) >= smallestSpare else {
            return
        }
        // A spare that is there was not usable (another run holds it): it stays as it is.
        link(path, sparePath)
    }

    /// The spare at `path`, opened for writing over and locked, when it is one this run can use: a
    /// regular file with no other name (see the type's notes), that no other run holds.
    private static func openSpare(_ path: String) -> Int32? {
        let opened = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        guard opened >= 0 else { return nil }
        var info = stat()
        guard fstat(opened, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(opened)
            return nil
        }
        guard info.st_nlink == 1 else {
            // A second name of the output, left by a run stopped after `keepReplacedAsSpare`.
            close(opened)
            unlink(path)
            return nil
        }
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            close(opened)
            return nil
        }
        return opened
    }

    /// Removes the temporary file unless it was committed (nothing is left behind after a failure).
    /// A recycled spare goes too: after a failure (a full disk) its space is better given back.
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
