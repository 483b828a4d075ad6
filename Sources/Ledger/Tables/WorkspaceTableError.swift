/// A problem in one of the workspace's small tables (`rates.csv`, `valuations.csv`), with its place.
public struct WorkspaceTableError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let column: Int
    public let message: String

    public init(path: String, line: Int, column: Int = 1, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(path):\(line):\(column): error: \(message)" }
}
