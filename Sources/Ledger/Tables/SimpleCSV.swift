/// The rows of a small, hand-written CSV table with a fixed header (`date,currency,rate`).
///
/// These tables are a few hundred lines written by people, not bank exports: cells are split on
/// commas, trimmed, and may be wrapped in double quotes; blank lines and lines starting with `#`
/// are skipped. Each row keeps its line number and the column where each cell starts, for messages.
/// The analysis reads `rates.csv` and `valuations.csv` with it, the export `rates.csv`.
public struct SimpleCSV: Sendable {
    public struct Row: Sendable {
        public var line: Int
        public var cells: [String]
        public var columns: [Int]
    }

    public var rows: [Row] = []

    public init(text: String, path: String, header expected: [String]) throws(WorkspaceTableError) {
        var sawHeader = false
        var lineNumber = 0
        for line in TextLines.split(text) {
            lineNumber += 1
            let trimmed = line.trimmingBlanks
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            var cells: [String] = []
            var columns: [Int] = []
            var column = 1
            for part in line.split(separator: ",", omittingEmptySubsequences: false) {
                columns.append(column)
                column += part.count + 1
                var cell = part.trimmingBlanks
                if cell.count >= 2, cell.hasPrefix("\""), cell.hasSuffix("\"") { cell = cell.dropFirst().dropLast() }
                cells.append(String(cell))
            }
            if !sawHeader {
                sawHeader = true
                let names = cells.map { $0.lowercased() }
                guard names == expected else {
                    throw WorkspaceTableError(
                        path: path, line: lineNumber,
                        message: "the header must be '\(expected.joined(separator: ","))', not '\(trimmed)'")
                }
                continue
            }
            guard cells.count == expected.count else {
                throw WorkspaceTableError(
                    path: path, line: lineNumber,
                    message:
                        "expected \(expected.count) cells (\(expected.joined(separator: ","))), found \(cells.count)")
            }
            rows.append(Row(line: lineNumber, cells: cells, columns: columns))
        }
    }
}

extension Substring {
    var trimmingBlanks: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
