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
                    message:
                        "the quote opened here is never closed, so every line after it is read as part of this field; close it (a quote inside a field is written twice)",
                    sourceLine: broken.text, length: 1)
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

/// RFC 4180 records with the place of each field, for messages.
enum CSVRecords {
    struct Record {
        var fields: [String]
        /// 1-based column of each field's first character on its line.
        var columns: [Int]
        var quoted: [Bool]
        var line: Int
        /// The record's first line as written.
        var text: String
        /// The column of a quote that opens a field and is never closed: the rest of the file
        /// was read into that field.
        var unclosedQuote: Int?
    }

    static func parse(_ text: String) -> [Record] {
        let scalars = Array(text.unicodeScalars)
        var records: [Record] = []
        var index = scalars.first == "\u{FEFF}" ? 1 : 0
        var line = 1
        while index < scalars.count {
            let recordLine = line
            var lineEnd = index
            while lineEnd < scalars.count, scalars[lineEnd] != "\n" { lineEnd += 1 }
            var lineText = String(String.UnicodeScalarView(scalars[index..<lineEnd]))
            if lineText.hasSuffix("\r") { lineText.removeLast() }
            let lineStart = index
            var fields: [String] = []
            var columns: [Int] = []
            var quoted: [Bool] = []
            var field = ""
            var fieldStart = index
            var inQuotes = false
            var wasQuoted = false
            var atFieldStart = true
            var endedByNewline = false
            while index < scalars.count {
                let scalar = scalars[index]
                if inQuotes {
                    if scalar == "\"" {
                        if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                            field.unicodeScalars.append("\"")
                            index += 2
                            continue
                        }
                        inQuotes = false
                    } else {
                        if scalar == "\n" { line += 1 }
                        field.unicodeScalars.append(scalar)
                    }
                    index += 1
                    continue
                }
                if scalar == "\"" && atFieldStart {
                    inQuotes = true
                    wasQuoted = true
                    atFieldStart = false
                    index += 1
                    continue
                }
                if scalar == "," || scalar == "\n" {
                    fields.append(field)
                    columns.append(fieldStart - lineStart + 1)
                    quoted.append(wasQuoted)
                    field = ""
                    wasQuoted = false
                    atFieldStart = true
                    index += 1
                    fieldStart = index
                    if scalar == "\n" {
                        line += 1
                        endedByNewline = true
                        break
                    }
                    continue
                }
                if scalar != "\r" { field.unicodeScalars.append(scalar) }
                atFieldStart = false
                index += 1
            }
            if !endedByNewline, !(fields.isEmpty && field.isEmpty && !wasQuoted) {
                fields.append(field)
                columns.append(fieldStart - lineStart + 1)
                quoted.append(wasQuoted)
            }
            if fields.isEmpty { continue }
            records.append(
                Record(
                    fields: fields, columns: columns, quoted: quoted, line: recordLine, text: lineText,
                    unclosedQuote: inQuotes ? fieldStart - lineStart + 1 : nil))
        }
        return records
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
