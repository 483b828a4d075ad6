/// A small text template for payees and memos built from several cells.
///
/// `{Name}` is the cell of the column with that header, `{3}` the third column; `[...]` is a part
/// dropped when any cell inside it is empty; `\{`, `\[`, `\]` and `\\` are the characters themselves.
/// `{Tegenrekeninghouder}[ ({Tegenrekeningnummer})]` gives `Gert Janssen (NL99...)`, or just
/// `Knab` when the account number is empty.
public struct TextTemplate: Sendable, Equatable {
    public indirect enum Part: Sendable, Equatable {
        case literal(String)
        case cell(CSVProfile.ColumnRef)
        case optional([Part])
    }

    public let parts: [Part]

    public init(_ text: String) throws(TemplateError) {
        var characters = Array(text)[...]
        parts = try TextTemplate.parse(&characters, nested: false, source: text)
    }

    init(parts: [Part]) {
        self.parts = parts
    }

    /// Every column the template reads.
    public var columns: [CSVProfile.ColumnRef] {
        func collect(_ parts: [Part]) -> [CSVProfile.ColumnRef] {
            parts.flatMap { part -> [CSVProfile.ColumnRef] in
                switch part {
                case .literal: []
                case .cell(let column): [column]
                case .optional(let inner): collect(inner)
                }
            }
        }
        return collect(parts)
    }

    private static func parse(
        _ characters: inout ArraySlice<Character>, nested: Bool, source: String
    ) throws(TemplateError) -> [Part] {
        var parts: [Part] = []
        var literal = ""
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
        }
        while let character = characters.popFirst() {
            switch character {
            case "\\":
                guard let escaped = characters.popFirst() else {
                    throw TemplateError(message: "template '\(source)' ends with '\\'")
                }
                literal.append(escaped)
            case "{":
                flush()
                var name = ""
                var closed = false
                while let inner = characters.popFirst() {
                    if inner == "}" {
                        closed = true
                        break
                    }
                    name.append(inner)
                }
                guard closed, !name.isEmpty else {
                    throw TemplateError(message: "template '\(source)' has a '{' without a column name and '}'")
                }
                if let number = Int(name), number >= 1 {
                    parts.append(.cell(.number(number)))
                } else {
                    parts.append(.cell(.name(name)))
                }
            case "[":
                flush()
                parts.append(.optional(try parse(&characters, nested: true, source: source)))
            case "]":
                guard nested else { throw TemplateError(message: "template '\(source)' has a ']' without '['") }
                flush()
                return parts
            default:
                literal.append(character)
            }
        }
        if nested { throw TemplateError(message: "template '\(source)' has a '[' without ']'") }
        flush()
        return parts
    }
}

/// Why a text template cannot be used.
public struct TemplateError: Error, Sendable, Equatable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}
