/// Why the export could not be written: a file that cannot be read or written, a ledger or a
/// `rates.csv` with an error. Worded as the other stages word theirs: `path:line:col: error: ...`.
public struct ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    /// Zero when the problem belongs to the whole file (then the position is left out).
    public let line: Int
    public let column: Int
    public let message: String

    public init(path: String, line: Int = 0, column: Int = 0, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(path):\(line):\(column): error: \(message)" : "\(path): error: \(message)"
    }
}
