import Foundation

/// What the file system says of a file's identity and last change: its size, its modification and
/// status-change times (to the nanosecond), its inode and device.
///
/// Why: a file derived from another (`FigureFile`, beside the ledger) is trusted only while the
/// other is the very file it was made from. Reading and hashing 250 MB to know that would cost
/// about what the derived file saves, so it is known the way git's index and make know it: any
/// write changes the modification time, and an editor that saves by renaming a new file into place
/// changes the inode and the status-change time too.
public struct FileStamp: Hashable, Sendable {
    public var size: UInt64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64
    public var changedSeconds: Int64
    public var changedNanoseconds: Int64
    public var inode: UInt64
    public var device: UInt64

    public init(
        size: UInt64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, changedSeconds: Int64,
        changedNanoseconds: Int64, inode: UInt64, device: UInt64
    ) {
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.changedSeconds = changedSeconds
        self.changedNanoseconds = changedNanoseconds
        self.inode = inode
        self.device = device
    }

    /// The stamp of the file at `path` (following links), or nil when it cannot be read.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(
            size: UInt64(info.st_size), modifiedSeconds: Int64(info.st_mtim.tv_sec),
            modifiedNanoseconds: Int64(info.st_mtim.tv_nsec), changedSeconds: Int64(info.st_ctim.tv_sec),
            changedNanoseconds: Int64(info.st_ctim.tv_nsec), inode: UInt64(info.st_ino), device: UInt64(info.st_dev))
    }

    /// The seven numbers in order, as `FigureFile` and the close's digest cache store them.
    public var fields: [UInt64] {
        [
            size, UInt64(bitPattern: modifiedSeconds), UInt64(bitPattern: modifiedNanoseconds),
            UInt64(bitPattern: changedSeconds), UInt64(bitPattern: changedNanoseconds), inode, device,
        ]
    }

    /// True when `other` is the stamp of the same file, not written since: the same inode,
    /// device, size and modification time. The change time is left aside, which a rename or a new
    /// link moves too (a file kept under another name, as `AtomicFileWriter`'s spare).
    public func isSameWrite(as other: FileStamp) -> Bool {
        inode == other.inode && device == other.device && size == other.size
            && modifiedSeconds == other.modifiedSeconds && modifiedNanoseconds == other.modifiedNanoseconds
    }

    /// The stamp of seven numbers in `fields`' order; `fields` must hold seven.
    public init(fields: [UInt64]) {
        precondition(fields.count == 7)
        self.init(
            size: fields[0], modifiedSeconds: Int64(bitPattern: fields[1]),
            modifiedNanoseconds: Int64(bitPattern: fields[2]), changedSeconds: Int64(bitPattern: fields[3]),
            changedNanoseconds: Int64(bitPattern: fields[4]), inode: fields[5], device: fields[6])
    }
}
