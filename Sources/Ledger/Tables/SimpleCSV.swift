/// The rows of a small, hand-written CSV table with a fixed header (`date,currency,rate`).
///
/// These tables are a few hundred lines written by people, not bank exports: records are read by
/// the workspace's one CSV reader (`CSVRecords`: a quoted cell may hold commas), cells are trimmed
/// of spaces and tabs, and blank lines and lines starting with `#` are skipped. A cell wrapped in
/// quotes after spaces (`, "x"`) loses them too. Each row keeps its line number and the column
/// where each cell starts, for messages. The analysis reads `rates.csv` and `valuations.csv` with
/// it, the export `rates.csv`.
public struct SimpleCSV: Sendable {
    public struct Row: Sendable {
        public var line: Int
        public var cells: [String]
        public var columns: [Int]
    }

    public var rows: [Row] = []

    public init(text: String, path: String, header expected: [String]) throws(WorkspaceTableError) {
        let records = CSVRecords.parse(TextLines.normalised(text), skippingComments: true)
        if let broken = records.last, let column = broken.unclosedQuote {
            throw WorkspaceTableError(
                path: path, line: broken.line, column: column, message: CSVRecords.unclosedQuoteMessage)
        }
        var sawHeader = false
        for record in records {
            let trimmed = Substring(record.text).trimmingBlanks
            if trimmed.isEmpty && record.fields.count == 1 && !record.quoted[0] { continue }
            let cells = record.fields.indices.map { index in
                var cell = Substring(record.fields[index]).trimmingBlanks
                if !record.quoted[index], cell.count >= 2, cell.hasPrefix("\""), cell.hasSuffix("\"") {
                    cell = cell.dropFirst().dropLast()
                }
                return String(cell)
            }
            if !sawHeader {
                sawHeader = true
                let names = cells.map { $0.lowercased() }
                guard names == expected else {
                    throw WorkspaceTableError(
                        path: path, line: record.line,
                        message: "the header must be '\(expected.joined(separator: ","))', not '\(trimmed)'")
                }
                continue
            }
            guard cells.count == expected.count else {
                throw WorkspaceTableError(
                    path: path, line: record.line,
                    message:
                        "expected \(expected.count) cells (\(expected.joined(separator: ","))), found \(cells.count)")
            }
            rows.append(Row(line: record.line, cells: cells, columns: record.columns))
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
