import Foundation
import Ledger

/// Lists and reads the files of a workspace's `inbox/`, sorted by name. The inbox itself is
/// never modified.
///
/// Only regular files are read: a FIFO would block the import for ever and a device such as
/// `/dev/zero` never ends, so both are refused, checked again on the open file (with
/// `O_NONBLOCK`, so that opening a FIFO cannot block either). A symbolic link is followed only
/// to a file inside the workspace, unless `closebook.toml` sets `allow_links_outside_workspace`:
/// a link to `/etc/passwd` dropped into an inbox must not be read. Hidden files and sub-folders
/// are not read; they are listed as ignored, so that a user sees why a file did not count. A file
/// over 64 MB is read only when its head is an export (`FileBytes.sniffedAbove`).
enum InboxFolder {
    struct Missing: Error {
        var path: String
    }

    struct Listing {
        var files: [InboxFile] = []
        var ignored: [ImportReport.IgnoredEntry] = []
    }

    /// `accepts` says whether the head of a large file looks like an export (see `FileBytes`).
    /// `known` gives the digest of a file's bytes when its name and stamp are those a run that read
    /// them recorded (`ReadCache.knownFiles`): such a file is listed unread (`InboxFile.loadBytes`).
    static func read(
        _ path: String, workspace: String, allowsLinksOutside: Bool, accepts: ([UInt8]) -> Bool = { _ in true },
        known: (_ name: String, _ stamp: FileStamp) -> String? = { _, _ in nil }
    ) throws(Missing) -> Listing {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
            let names = try? manager.contentsOfDirectory(atPath: path)
        else { throw Missing(path: path) }
        let root = realPath(workspace) ?? workspace
        var listing = Listing()
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let inboxPath = "inbox/" + name
            if name.hasPrefix(".") {
                listing.ignored.append(
                    .init(path: inboxPath, reason: "a hidden file; Closebook reads only visible files"))
                continue
            }
            let filePath = (path as NSString).appendingPathComponent(name)
            func refuse(_ reason: String) {
                listing.files.append(InboxFile(name: name, bytes: [], readFailure: reason))
            }
            var status = stat()
            guard lstat(filePath, &status) == 0 else {
                refuse("cannot read the file (\(String(cString: strerror(errno))))")
                continue
            }
            if status.st_mode & S_IFMT == S_IFLNK {
                guard let target = realPath(filePath), stat(target, &status) == 0 else {
                    refuse("a link to nothing (its target is missing); Closebook reads only files that exist")
                    continue
                }
                if !allowsLinksOutside && !(target == root || target.hasPrefix(root + "/")) {
                    refuse(
                        "a link to \(target), outside the workspace; Closebook does not follow it unless closebook.toml says allow_links_outside_workspace = true"
                    )
                    continue
                }
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR:
                listing.ignored.append(
                    .init(path: inboxPath, reason: "a folder; Closebook reads only the files directly in inbox/"))
                continue
            default:
                refuse("not a regular file (\(kind(of: status.st_mode))); Closebook reads only regular files")
                continue
            }
            // Taken before the bytes are read: a write while they are read changes it after.
            let stamp = FileStamp(path: filePath)
            if let stamp, let digest = known(name, stamp) {
                listing.files.append(InboxFile(name: name, source: filePath, stamp: stamp, knownDigest: digest))
                continue
            }
            switch FileBytes.readRegularFile(filePath, accepts: accepts) {
            case .success(let bytes):
                var file = InboxFile(name: name, bytes: bytes)
                file.stamp = stamp
                file.source = filePath
                listing.files.append(file)
            case .failure(let failure): refuse(failure.reason)
            }
        }
        return listing
    }

    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "a special file"
        }
    }

    /// The absolute path without links, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
