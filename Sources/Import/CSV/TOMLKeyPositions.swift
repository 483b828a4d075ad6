/// Where each key of a TOML file is written, since the TOML library keeps no positions.
///
/// Tables are named as in the file (`amount`), array-of-table entries with their index
/// (`skip#1` for the second `[[skip]]`); top-level keys belong to the table "".
struct TOMLKeyPositions {
    private var keys: [String: (line: Int, column: Int)] = [:]
    private var tables: [String: (line: Int, column: Int)] = [:]

    init(text: String) {
        var table = ""
        var arrayCounts: [String: Int] = [:]
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let indent = rawLine.prefix { $0 == " " || $0 == "\t" }.count
            let line = rawLine.dropFirst(indent)
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("[[") {
                let name = TOMLKeyPositions.trim(line.dropFirst(2).prefix { $0 != "]" })
                let index = arrayCounts[name, default: -1] + 1
                arrayCounts[name] = index
                table = "\(name)#\(index)"
                tables[table] = (lineNumber, indent + 1)
            } else if line.hasPrefix("[") {
                table = TOMLKeyPositions.trim(line.dropFirst().prefix { $0 != "]" })
                tables[table] = (lineNumber, indent + 1)
            } else if let equals = line.firstIndex(of: "=") {
                var key = TOMLKeyPositions.trim(line[..<equals])
                if key.count >= 2 && key.hasPrefix("\"") && key.hasSuffix("\"") {
                    key = String(key.dropFirst().dropLast())
                }
                let full = table.isEmpty ? key : "\(table).\(key)"
                if keys[full] == nil { keys[full] = (lineNumber, indent + 1) }
            }
        }
    }

    /// The place of `key` in `table`; else of the table's header; else the start of the file.
    func position(table: String, key: String?) -> (line: Int, column: Int) {
        if let key, let place = keys[table.isEmpty ? key : "\(table).\(key)"] { return place }
        return tables[table] ?? (1, 1)
    }

    private static func trim(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
