import Crypto
import Foundation
import Ledger

/// The workspace files a month's figures come from, each with its SHA-256: every file under
/// `inbox/`, the rule files, `overrides.csv`, `closebook.toml`, `rates.csv` and `valuations.csv`.
/// A close records them; a restatement names the ones that are new, changed or gone since.
enum InputFiles {
    static func collect(workspace: String) -> [InputFile] {
        var digests = InputDigestCache()
        return collect(workspace: workspace, digests: &digests)
    }

    /// `collect(workspace:)`, taking the digest of each file whose stamp `digests` holds from it,
    /// and leaving in `digests` the stamp and digest of every file found (`InputDigestCache`).
    /// Files to read are read and digested on `cores` cores at once.
    static func collect(
        workspace: String, digests: inout InputDigestCache, cores: Int = Cores.available,
        now: Int64 = Int64(Date().timeIntervalSince1970)
    ) -> [InputFile] {
        let paths = paths(workspace: workspace)
        let stamps = paths.map { FileStamp(path: (workspace as NSString).appendingPathComponent($0)) }
        let known = paths.indices.map { index in stamps[index].flatMap { digests.sha256(of: paths[index], stamp: $0) } }
        let toRead = paths.indices.filter { known[$0] == nil }
        let read = Slots<(sha256: String, stamp: FileStamp?)>(count: toRead.count)
        Cores.forEach(toRead.count, cores: cores) { slot in
            let path = (workspace as NSString).appendingPathComponent(paths[toRead[slot]])
            guard let bytes = try? JournalBytes(contentsOf: path) else { return }
            var hasher = SHA256()
            hasher.update(bufferPointer: UnsafeRawBufferPointer(bytes.buffer))
            let sha256 = Hex.lowercase(hasher.finalize())
            // Kept only when the file was the same before and after it was read.
            let after = FileStamp(path: path)
            read.set(slot, (sha256, after == stamps[toRead[slot]] ? after : nil))
        }
        var kept = InputDigestCache()
        var files: [InputFile] = []
        var slot = 0
        for index in paths.indices {
            if let sha256 = known[index] {
                kept.entries[paths[index]] = digests.entries[paths[index]]
                files.append(InputFile(path: paths[index], sha256: sha256))
                continue
            }
            // A file that cannot be read is left out, as it was before the cache.
            guard let found = read[slot] else {
                slot += 1
                continue
            }
            slot += 1
            if let stamp = found.stamp { kept.record(paths[index], stamp: stamp, sha256: found.sha256, now: now) }
            files.append(InputFile(path: paths[index], sha256: found.sha256))
        }
        digests = kept
        return files
    }

    /// Every input file's path relative to the workspace, sorted.
    private static func paths(workspace: String) -> [String] {
        let fm = FileManager.default
        var paths: [String] = []
        for folder in ["inbox", "rules"] {
            let root = (workspace as NSString).appendingPathComponent(folder)
            for sub in (fm.subpaths(atPath: root) ?? [])
            where !sub.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: root + "/" + sub, isDirectory: &isFolder), !isFolder.boolValue else {
                    continue
                }
                paths.append(folder + "/" + sub)
            }
        }
        for name in ["overrides.csv", "closebook.toml", "rates.csv", "valuations.csv"]
        where fm.fileExists(atPath: (workspace as NSString).appendingPathComponent(name)) {
            paths.append(name)
        }
        return paths.sorted()
    }

    /// What differs from `recorded` in `current`, one sentence each, in path order.
    static func causes(recorded: [InputFile], current: [InputFile]) -> [String] {
        var before: [String: String] = [:]
        for file in recorded { before[file.path] = file.sha256 }
        var after: [String: String] = [:]
        for file in current { after[file.path] = file.sha256 }
        var causes: [String] = []
        for path in Set(before.keys).union(after.keys).sorted() {
            switch (before[path], after[path]) {
            case (nil, _?): causes.append("\(path) is new")
            case (_?, nil): causes.append("\(path) is gone")
            case (let old?, let new?) where old != new: causes.append("\(path) changed")
            default: break
            }
        }
        return causes
    }
}
