import Foundation
import Ledger

/// Reads whole files into byte arrays.
///
/// `FileManager.contents(atPath:)` reads into `Data`, which then has to be copied into the
/// `[UInt8]` readers take: for a large export, twice its size in memory and one more pass over it.
/// This reads into the array's own storage, without zero-filling it first.
enum FileBytes {
    struct Failure: Error {
        var reason: String
    }

    /// Above this size a file is read only when its first `headSize` bytes look like a bank export
    /// (`accepts`): a 2 GB video dropped into the inbox is refused without being read into memory.
    static let sniffedAbove = 64 << 20
    static let headSize = 1 << 16

    /// The bytes of a regular file, else why not. Opened without blocking (a FIFO put in place
    /// of the file cannot stall the import) and checked to be a regular file once open. A file
    /// over `sniffedAbove` bytes is read only when `accepts` takes its head.
    static func readRegularFile(
        _ path: String, accepts: ([UInt8]) -> Bool = { _ in true }, cores: Int = Cores.available
    ) -> Result<[UInt8], Failure> {
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
        if Int(status.st_size) > sniffedAbove {
            var head = [UInt8](repeating: 0, count: headSize)
            let count = head.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { readSome(descriptor, into: $0, count: headSize) } ?? 0
            }
            guard count >= 0, accepts(Array(head[..<count])) else {
                return .failure(
                    Failure(
                        reason:
                            "not a bank export Closebook can read (expected CSV, OFX, QFX or QIF): its first \(headSize >> 10) KB are none of them, and at \(megabytes(Int(status.st_size))) MB (over \(sniffedAbove >> 20) MB) it is not read further"
                    ))
            }
            guard lseek(descriptor, 0, SEEK_SET) == 0 else {
                return .failure(Failure(reason: "cannot read the file (check its permissions)"))
            }
        }
        guard let bytes = read(descriptor, size: Int(status.st_size), cores: cores) else {
            return .failure(Failure(reason: "cannot read the file (check its permissions)"))
        }
        return .success(bytes)
    }

    /// A size in whole megabytes (2^20 bytes), rounded down.
    static func megabytes(_ size: Int) -> Int { size >> 20 }

    /// Files of at least this many bytes are read in two halves at once (`readInHalves`).
    static let halvesFrom = 8 << 20

    /// The bytes of an open file whose size was `size` when it was opened, read from its start
    /// (its offset is 0); a large one in two halves when `cores` is more than one.
    private static func read(_ descriptor: Int32, size statedSize: Int, cores: Int) -> [UInt8]? {
        let size = max(statedSize, 0)
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            if size >= halvesFrom, cores > 1 {
                if readInHalves(descriptor, into: base, count: size) {
                    initialized = size
                    return
                }
                // Read in one pass from the start instead.
                guard lseek(descriptor, 0, SEEK_SET) == 0 else {
                    failed = true
                    return
                }
            }
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

    /// Reads `count` bytes from the file's start into `base`, the two halves on two cores at once,
    /// and leaves the file's offset after them; false when either half comes short (the file
    /// shrank) or fails: then it is read in one pass.
    ///
    /// Why: a large export is hundreds of megabytes, and the kernel copies them into the array
    /// (faulting its pages in as it goes) on the core that asks, while the other core idles.
    private static func readInHalves(_ descriptor: Int32, into base: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        let half = count / 2
        var firstRead = false
        var secondRead = false
        Cores.both {
            firstRead = readFully(descriptor, into: base, count: half, at: 0)
        } _: {
            secondRead = readFully(descriptor, into: base + half, count: count - half, at: half)
        }
        // `pread` leaves the offset where it was: at the start, unless it is moved past both halves.
        return firstRead && secondRead && lseek(descriptor, off_t(count), SEEK_SET) == off_t(count)
    }

    /// `pread(2)` until `count` bytes are read from `offset` on; false when the file ends sooner
    /// or a read fails.
    private static func readFully(
        _ descriptor: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int
    ) -> Bool {
        var done = 0
        while done < count {
            let result = pread(descriptor, buffer + done, count - done, off_t(offset + done))
            if result < 0 && errno == EINTR { continue }
            if result <= 0 { return false }
            done += result
        }
        return true
    }

    /// `read(2)`, retried when a signal interrupts it: the count read, 0 at the end, -1 on error.
    private static func readSome(_ descriptor: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        while true {
            let result = Foundation.read(descriptor, buffer, count)
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
