/// Why a report could not be made, located in the file that caused it.
///
/// Printed in compiler style, `path:line:col: error: message`, or `path: error: message` when
/// no position is known. `kind` decides the exit code: a bad analysis or site file fails that
/// input only (exit 1); a bad template or folder stops the run (exit 2).
public struct ReportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// An analysis file or an existing report in the site: the rest still gets written.
        case input
        /// Templates, folders, arguments: nothing can be rendered.
        case configuration
    }

    public var kind: Kind
    public var path: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(_ kind: Kind, path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.kind = kind
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var location = path
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): error: \(message)"
    }
}
