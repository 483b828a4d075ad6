/// A problem in a rule file, `overrides.csv` or the command line, with its place.
///
/// Its description is compiler style, followed by the offending source line and a caret line
/// under the token at fault, so an editor and a person can both find it:
///
///     rules/food.rules:12:9: error: unknown action 'categry' (did you mean 'category'?)
///             categry Food:Groceries
///             ^~~~~~~
public struct CategorizeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// 1-based; 0 when the problem concerns the whole file.
    public var line: Int
    /// 1-based, counted in Unicode scalars.
    public var column: Int
    public var message: String
    /// The text of the line, shown under the message with a caret.
    public var sourceLine: String?
    /// How many scalars the caret line underlines (at least 1).
    public var length: Int

    public init(
        path: String, line: Int = 0, column: Int = 0, message: String, sourceLine: String? = nil, length: Int = 1
    ) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
        self.length = max(1, length)
    }

    /// The first line alone: `path:line:col: error: message`.
    public var headline: String {
        line > 0 ? "\(path):\(line):\(column): error: \(message)" : "\(path): error: \(message)"
    }

    public var description: String {
        guard let sourceLine, line > 0, column > 0 else { return headline }
        return headline + "\n" + sourceLine + "\n" + caretLine(under: sourceLine)
    }

    /// Spaces (tabs where the source has tabs) up to the column, then `^` and `~` for the rest of the token.
    private func caretLine(under source: String) -> String {
        var caret = ""
        for (index, scalar) in source.unicodeScalars.enumerated() where index < column - 1 {
            caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
        }
        let missing = column - 1 - source.unicodeScalars.count
        if missing > 0 { caret += String(repeating: " ", count: missing) }
        return caret + "^" + String(repeating: "~", count: length - 1)
    }
}

/// Several errors found in one pass, so a user fixes them all at once.
public struct CategorizeErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [CategorizeError]
    public init(_ errors: [CategorizeError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
