/// Finds the line where a key is written, since the TOML library keeps no positions for values.
struct TOMLKeyLocator {
    /// Per line: the table header in force (`accounts#2` for the third `[[accounts]]`) and the key, if any.
    private var entries: [(table: String, key: String?, line: Int)] = []

    init(text: String) {
        var currentTable = ""
        var arrayCounts: [String: Int] = [:]
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[[") {
                let name = line.dropFirst(2).prefix { $0 != "]" }.trimmingSpaces
                let index = arrayCounts[name, default: -1] + 1
                arrayCounts[name] = index
                currentTable = "\(name)#\(index)"
                entries.append((currentTable, nil, lineNumber))
            } else if line.hasPrefix("[") {
                currentTable = line.dropFirst().prefix { $0 != "]" }.trimmingSpaces
                entries.append((currentTable, nil, lineNumber))
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                var key = line[..<equals].trimmingSpaces
                if key.hasPrefix("\"") && key.hasSuffix("\"") && key.count >= 2 {
                    key = String(key.dropFirst().dropLast())
                }
                entries.append((currentTable, key, lineNumber))
            }
        }
    }

    /// The line of `key` inside `table` (`accounts#0`), else of the table header, else 1.
    func line(table: String, key: String?) -> Int {
        if let key, let entry = entries.first(where: { $0.table == table && $0.key == key }) { return entry.line }
        return entries.first { $0.table == table && $0.key == nil }?.line ?? 1
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
