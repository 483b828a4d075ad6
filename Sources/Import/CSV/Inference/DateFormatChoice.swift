import Ledger

/// Decides the format of a CSV file's date column, with the day/month rules of
/// `date_format = "auto"` (`DateFormatSniffer`).
///
/// Dates that could be read day first or month first stop the inference with both readings, for
/// `date_order` in closebook.toml, unless rows beyond the sample may settle it: then the reader
/// decides from all of them.
enum DateFormatChoice {
    /// `moreRowsFollow`: the sample ends before the file does.
    static func choose(
        column dateColumn: Int, records: [InferenceSample.Record], dataRows: [Int], lines: [Int], order: DateOrder?,
        moreRowsFollow: Bool, describe: (Int) -> String, findings: inout InferenceFindings
    ) throws(LayoutInferenceFailure) -> DateFormat {
        var sniffer = DateFormatSniffer(configuredOrder: order)
        var dateFormat = DateFormat.auto
        do {
            for (position, row) in dataRows.enumerated() {
                let cells = records[row].cells
                guard dateColumn < cells.count, !cells[dateColumn].isEmpty else { continue }
                var bytes = Array(cells[dateColumn].utf8)
                try bytes.withUnsafeMutableBufferPointer { (buffer) throws(DateFormatSniffer.Failure) in
                    try sniffer.observe(UnsafeBufferPointer(buffer)) { (lines[position], dateColumn + 1) }
                }
            }
            if let format = try sniffer.resolve() { dateFormat = format }
        } catch {
            if error.kind == .ambiguous && moreRowsFollow {
                // Later rows may settle it: the reader decides from all of them.
                findings.reasons.append("the day/month order is decided from all the file's dates when it is read")
            } else {
                let remedy =
                    error.kind == .ambiguous
                    ? "; set date_order = \"dmy\" or \"mdy\" for this file's account in closebook.toml" : ""
                var decision: AccountDecision?
                if error.kind == .ambiguous {
                    let readings = sniffer.standing.sorted { $0.order == .dayMonthYear && $1.order != .dayMonthYear }
                        .compactMap { $0.format.parse(error.cell.text)?.isoString }
                    if readings.count == 2 {
                        decision = .dateOrder(example: error.cell.text, dayFirst: readings[0], monthFirst: readings[1])
                    }
                }
                throw LayoutInferenceFailure(
                    line: error.cell.line, column: error.cell.column,
                    message: "the date column \(describe(dateColumn)) cannot be read: \(error.message)\(remedy)",
                    decision: decision)
            }
        }
        return dateFormat
    }
}
