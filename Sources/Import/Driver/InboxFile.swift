/// One file of a workspace's `inbox/`: its name there and its bytes.
public struct InboxFile: Sendable {
    /// The file name inside `inbox/` (`northwind-current-2026-11.csv`), which inbox globs match.
    public var name: String
    public var bytes: [UInt8]
    /// Why the file could not be read from disk (permissions, a dangling link), if it could not.
    public var readFailure: String?

    public init(name: String, bytes: [UInt8], readFailure: String? = nil) {
        self.name = name
        self.bytes = bytes
        self.readFailure = readFailure
    }

    /// The path relative to the workspace (`inbox/northwind-current-2026-11.csv`), used in messages,
    /// the report and each transaction's source.
    public var path: String { "inbox/" + name }
}
