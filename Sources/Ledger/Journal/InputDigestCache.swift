import Foundation

/// The SHA-256 of each workspace input file as the last run digested it, by the file's
/// `FileStamp`: a file whose stamp is the same is not read again. The close keeps one for every
/// input file (`build/.input-digests`), the import's read cache one for the inbox's files (the
/// digest of their bytes, `ReadCache.knownFiles`).
///
/// Why: a close records the digest of every input file (`InputFiles`), and a month end digests all
/// of them again, years of exports to record one new month: a tenth of a second for the bench's
/// 70 MB export, on the path every month end waits for. A file is known unchanged the way git's index and
/// make know it (size, modification and status-change times to the nanosecond, inode, device);
/// anything else is read and digested as before. The file is only a cache: missing, unreadable or
/// of another format, it is as if empty, and nothing is lost with it.
///
/// A file whose times are within `racyWindow` of the moment it was digested is not kept: a write
/// in the same tick of the file system's clock can leave both times as they were ("racy git"), so
/// such a stamp does not prove the bytes; the next run digests it again.
public struct InputDigestCache: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var stamp: FileStamp
        public var sha256: String

        public init(stamp: FileStamp, sha256: String) {
            self.stamp = stamp
            self.sha256 = sha256
        }
    }

    /// By path relative to the workspace (the close's), or by name in `inbox/` (the read cache's).
    public var entries: [String: Entry] = [:]

    public init() {}

    public static let header = "closebook input digests 1"
    /// Seconds between a file's last change and its digest for its stamp to be kept.
    public static let racyWindow: Int64 = 2

    /// The digest of `path` when its stamp is still `stamp`.
    public func sha256(of path: String, stamp: FileStamp) -> String? {
        guard let entry = entries[path], entry.stamp == stamp else { return nil }
        return entry.sha256
    }

    /// Keeps `sha256` for `path` at `stamp`, unless the stamp is too recent to prove the bytes
    /// (`racyWindow`) at `now` (seconds since 1970).
    public mutating func record(_ path: String, stamp: FileStamp, sha256: String, now: Int64) {
        let latest = max(stamp.modifiedSeconds, stamp.changedSeconds)
        guard now - latest >= Self.racyWindow, !path.contains("\n"), !path.contains("\t") else {
            entries[path] = nil
            return
        }
        entries[path] = Entry(stamp: stamp, sha256: sha256)
    }

    /// The cache at `path`; empty when there is none or it cannot be read whole.
    public static func load(_ path: String) -> InputDigestCache {
        guard let bytes = try? FileOutput.read(path) else { return InputDigestCache() }
        return parse(String(decoding: bytes, as: UTF8.self)) ?? InputDigestCache()
    }

    /// The cache in `text`, or nil when any line is not one of its lines.
    public static func parse(_ text: String) -> InputDigestCache? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header), lines.last == "" else { return nil }
        lines.removeFirst()
        lines.removeLast()
        var cache = InputDigestCache()
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 8, omittingEmptySubsequences: false)
            guard fields.count == 9, fields[0].count == 64, fields[0].allSatisfy(\.isHexDigit), !fields[8].isEmpty
            else { return nil }
            var numbers: [UInt64] = []
            for field in fields[1...7] {
                guard let number = UInt64(field) else { return nil }
                numbers.append(number)
            }
            cache.entries[String(fields[8])] = Entry(stamp: FileStamp(fields: numbers), sha256: String(fields[0]))
        }
        return cache
    }

    /// One line per file, in path order: the digest, the stamp's seven numbers, the path.
    public var text: String {
        var text = Self.header + "\n"
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            text += ([entry.sha256] + entry.stamp.fields.map(String.init) + [path]).joined(separator: "\t") + "\n"
        }
        return text
    }
}
