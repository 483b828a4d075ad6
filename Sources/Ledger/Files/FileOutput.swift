import Foundation

/// Reads and writes whole files so that a reader never sees half a file.
///
/// Every output goes to a temporary file beside its destination and is renamed into place, so a
/// crash or a full disk leaves the previous file, never a truncated one.
public enum FileOutput {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): error: \(reason)" }
    }

    /// Writes `bytes` to `path` atomically, creating parent folders, and asks the disk to keep
    /// them before the rename. It goes through `AtomicFileWriter`, whose temporary names
    /// (`.NAME.PID-N.tmp`) the next run recognises and removes once their process is gone:
    /// Foundation's `Data.write(options: .atomic)` names its files `.dat.nosync…`, which nothing
    /// could tell from a user's file, so a killed run's copies stayed in `build/` and `site/`.
    public static func write(_ bytes: some Sequence<UInt8>, to path: String) throws(Failure) {
        let writer: AtomicFileWriter
        do {
            writer = try AtomicFileWriter(path: path)
        } catch {
            throw Failure(path: path, reason: error.reason)
        }
        let written: Void? = bytes.withContiguousStorageIfAvailable { writer.write($0) }
        if written == nil { writer.write(Array(bytes)) }
        do {
            try writer.commit(flush: true)
        } catch {
            throw Failure(path: path, reason: error.reason)
        }
    }

    public static func write(_ text: String, to path: String) throws(Failure) {
        try write(Array(text.utf8), to: path)
    }

    /// Reads a whole file as bytes.
    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        if let bytes = readRegularFile(path) { return bytes }
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                throw Failure(path: path, reason: "no such file")
            }
            throw Failure(
                path: path, reason: isDirectory.boolValue ? "is a folder, not a file" : "cannot read the file")
        }
        return Array(data)
    }

    /// The start of a file, read a block at a time up to the first `byte` that follows any other
    /// (the end of its first non-empty line, for a line feed), or the whole file when there is
    /// none; nil when it cannot be read. For a reader that needs only a large file's first line.
    public static func readStart(_ path: String, through byte: UInt8) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        var sawOther = false
        while true {
            let count = block.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            for value in block[..<count] {
                if value != byte {
                    sawOther = true
                } else if sawOther {
                    return bytes + block[..<count]
                }
            }
            bytes += block[..<count]
        }
    }

    /// Reads a regular file straight into an array of its size: a journal can be hundreds of
    /// megabytes, and going through `Data` would copy it once more. Nil when the file is not a
    /// plain file or changes while read; `read` then takes the general path (and its messages).
    private static func readRegularFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            while count < size {
                let got = Foundation.read(descriptor, base + count, size - count)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return }
                count += got
            }
            var probe: UInt8 = 0
            complete = Foundation.read(descriptor, &probe, 1) == 0
        }
        return complete ? bytes : nil
    }
}
