import Foundation

/// Reads whole files into byte arrays.
///
/// `FileManager.contents(atPath:)` reads into `Data`, which then has to be copied into the
/// `[UInt8]` readers take: for a large export, twice its size in memory and one more pass over it.
/// This reads into the array's own storage, without zero-filling it first.
enum FileBytes {
    struct Failure: Error {
        var reason: String
    }

    /// The bytes of a regular file, else why not. Opened without blocking (a FIFO put in place
    /// of the file cannot stall the import) and checked to be a regular file once open.
    static func readRegularFile(_ path: String) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return .failure(Failure(reason: "cannot read the file (check its permissions)"))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            return .failure(Failure(reason: "cannot read the file (check its permissions)"))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .failure(
                Failure(
                    reason:
                        "not a regular file (\(InboxFolder.kind(of: status.st_mode))); Closebook reads only regular files"
                ))
        }
        guard let bytes = read(descriptor, size: Int(status.st_size)) else {
            return .failure(Failure(reason: "cannot read the file (check its permissions)"))
        }
        return .success(bytes)
    }

    /// The bytes of an open file whose size was `size` when it was opened.
    private static func read(_ descriptor: Int32, size statedSize: Int) -> [UInt8]? {
        let size = max(statedSize, 0)
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while initialized < size {
                let count = readSome(descriptor, into: base + initialized, count: size - initialized)
                if count < 0 { failed = true }
                if count <= 0 { return }
                initialized += count
            }
        }
        // The file grew since `fstat`, or does not say its size (a pipe): read on to its end.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while !failed {
            let count = chunk.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { readSome(descriptor, into: $0, count: buffer.count) } ?? 0
            }
            if count < 0 { failed = true }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return failed ? nil : bytes
    }

    /// `read(2)`, retried when a signal interrupts it: the count read, 0 at the end, -1 on error.
    private static func readSome(_ descriptor: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        while true {
            let result = Foundation.read(descriptor, buffer, count)
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
