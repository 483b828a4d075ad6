import Ledger

/// `overrides.csv`: per-transaction corrections keyed by transaction id.
///
/// Header `id,category,payee,note,split` (columns in any order; all but `id` optional). `split`
/// uses the rule syntax with `;` or `,` between parts: `Food:Groceries 60%; Home 40%`.
public struct OverrideTable: Sendable {
    public static let columns = ["id", "category", "payee", "note", "split"]

    public var path: String
    public var overrides: [TransactionID: Override]

    public init(path: String = "overrides.csv", overrides: [TransactionID: Override] = [:]) {
        self.path = path
        self.overrides = overrides
    }

    public subscript(id: TransactionID) -> Override? { overrides[id] }

    /// Parses the file's text; every problem is reported, each with its line and column.
    public static func parse(_ text: String, path: String) throws(CategorizeErrors) -> OverrideTable {
        // CR LF, a lone CR and a byte order mark read as the LF file they are (`TextLines`).
        let records = CSVRecords.parse(TextLines.normalised(text))
        var errors: [CategorizeError] = []
        guard let header = records.first else { return OverrideTable(path: path) }
        // An unclosed quote swallows every later line into one field: those overrides would
        // silently not apply.
        if let broken = records.last, let column = broken.unclosedQuote {
            throw CategorizeErrors([
                CategorizeError(
                    path: path, line: broken.line, column: column,
                    message: CSVRecords.unclosedQuoteMessage, sourceLine: broken.text, length: 1)
            ])
        }
        func error(_ record: CSVRecords.Record, field: Int?, length: Int? = nil, _ message: String) -> CategorizeError {
            let column = field.map { record.columns[$0] } ?? 1
            let size = length ?? field.map { max(1, record.fields[$0].unicodeScalars.count) } ?? 1
            return CategorizeError(
                path: path, line: record.line, column: column, message: message, sourceLine: record.text, length: size)
        }
        var positions: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            let key = name.trimmingSpaces().lowercased()
            guard columns.contains(key) else {
                let hint = Suggestion.closest(to: key, among: columns).map { " (did you mean '\($0)'?)" } ?? ""
                errors.append(
                    error(
                        header, field: index,
                        "unknown column '\(name)'\(hint); the columns are \(columns.joined(separator: ","))"))
                continue
            }
            if positions[key] != nil {
                errors.append(error(header, field: index, "column '\(key)' appears twice"))
            }
            positions[key] = index
        }
        guard let idColumn = positions["id"] else {
            errors.append(
                error(header, field: nil, "the header must name an 'id' column (id,category,payee,note,split)"))
            throw CategorizeErrors(errors)
        }
        var table = OverrideTable(path: path)
        for record in records.dropFirst() {
            if record.fields.allSatisfy({ $0.trimmingSpaces().isEmpty }) { continue }
            func field(_ name: String) -> (String, Int)? {
                guard let index = positions[name], index < record.fields.count else { return nil }
                let value = record.fields[index].trimmingSpaces()
                return value.isEmpty ? nil : (value, index)
            }
            guard let (idText, idIndex) = field("id") else {
                errors.append(
                    error(record, field: idColumn < record.fields.count ? idColumn : nil, "the line has no id"))
                continue
            }
            let id = TransactionID(idText)
            var override = Override(id: id, line: record.line, sourceLine: record.text)
            if let previous = table.overrides[id] {
                errors.append(
                    error(
                        record, field: idIndex,
                        "transaction '\(idText)' already has an override on line \(previous.line)"))
                continue
            }
            if let (text, index) = field("category") {
                if let path = CategoryPath(text) {
                    override.category = path
                } else {
                    errors.append(
                        error(
                            record, field: index,
                            "'\(text)' is not a category (write parts separated by colons, e.g. Food:Groceries)"))
                }
            }
            override.payee = field("payee")?.0
            override.note = field("note")?.0
            if let (_, index) = field("split") {
                let raw = Array(record.fields[index].unicodeScalars)
                override.splitColumn = record.columns[index] + (record.quoted[index] ? 1 : 0)
                do throws(SplitSyntax.Failure) {
                    override.split = try SplitSyntax.parse(raw)
                } catch {
                    errors.append(
                        CategorizeError(
                            path: path, line: record.line, column: override.splitColumn + error.offset,
                            message: error.message, sourceLine: record.text, length: error.length))
                }
            }
            table.overrides[id] = override
        }
        if !errors.isEmpty { throw CategorizeErrors(errors) }
        return table
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) else { return "" }
        let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" })!
        return String(scalars[start...end])
    }
}
