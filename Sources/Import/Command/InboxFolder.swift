import Foundation

/// Lists and reads the files of a workspace's `inbox/`: every regular file (links followed),
/// sorted by name, without dot files and sub-folders. The inbox itself is never modified.
enum InboxFolder {
    struct Missing: Error {
        var path: String
    }

    static func read(_ path: String) throws(Missing) -> [InboxFile] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
            let names = try? manager.contentsOfDirectory(atPath: path)
        else { throw Missing(path: path) }
        var files: [InboxFile] = []
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !name.hasPrefix(".") {
            let filePath = (path as NSString).appendingPathComponent(name)
            var entryIsDirectory: ObjCBool = false
            guard manager.fileExists(atPath: filePath, isDirectory: &entryIsDirectory) else {
                files.append(InboxFile(name: name, bytes: [], readFailure: "cannot read the file (a broken link?)"))
                continue
            }
            if entryIsDirectory.boolValue { continue }
            if let bytes = FileBytes.read(filePath) {
                files.append(InboxFile(name: name, bytes: bytes))
            } else {
                files.append(
                    InboxFile(name: name, bytes: [], readFailure: "cannot read the file (check its permissions)"))
            }
        }
        return files
    }
}
