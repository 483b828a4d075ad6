import Ledger

/// One file of a workspace's `inbox/`: its name there and its bytes.
public struct InboxFile: Sendable {
    /// The file name inside `inbox/` (`northwind-current-2026-11.csv`), which inbox globs match.
    public var name: String
    public var bytes: [UInt8]
    /// Why the file could not be read from disk (permissions, a dangling link), if it could not.
    public var readFailure: String?
    /// The file's stamp when it was listed, taken before its bytes were read: the read cache keeps
    /// the digest of its bytes under it (`ReadCache.knownFiles`).
    var stamp: FileStamp?
    /// Where the file is read from (`loadBytes`).
    var source: String?
    /// The digest of the bytes (`ReadCache.digests`), known without reading them: the stamp is one
    /// a run that read them recorded. `bytes` stay empty until `loadBytes`.
    var knownDigest: String?
    /// The bytes are not read yet (`knownDigest`).
    private(set) var isUnread = false

    public init(name: String, bytes: [UInt8], readFailure: String? = nil) {
        self.name = name
        self.bytes = bytes
        self.readFailure = readFailure
    }

    /// A file left unread: its bytes' digest is `digest` (see `knownDigest`).
    init(name: String, source: String, stamp: FileStamp, knownDigest digest: String) {
        self.name = name
        self.bytes = []
        self.source = source
        self.stamp = stamp
        self.knownDigest = digest
        self.isUnread = true
    }

    /// The path relative to the workspace (`inbox/northwind-current-2026-11.csv`), used in messages,
    /// the report and each transaction's source.
    public var path: String { "inbox/" + name }

    /// The number of bytes: of the file as listed, when they are not read yet.
    var byteCount: Int { isUnread ? Int(stamp?.size ?? 0) : bytes.count }

    /// Reads the bytes left unread; false, with `readFailure` set, when they cannot be read. A file
    /// whose stamp changed since it was listed loses its `knownDigest`: the bytes are then what
    /// was just read, and their digest unknown.
    mutating func loadBytes() -> Bool {
        guard isUnread, let source else { return readFailure == nil }
        isUnread = false
        switch FileBytes.readRegularFile(source) {
        case .success(let read):
            bytes = read
            if FileStamp(path: source) != stamp { knownDigest = nil }
            return true
        case .failure(let failure):
            readFailure = failure.reason
            return false
        }
    }
}
