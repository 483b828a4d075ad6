import Ledger

/// Chooses the column a CSV file's dates are read from: among the columns of dates (a date on at
/// least half the rows), one with a date on every row, then the booking date by name, then the
/// first.
///
/// Several columns of dates are usual (booking and value dates); the inference says which one it
/// read and why.
enum DateColumnChoice {
    /// The column chosen, and all the columns of dates (which are then no amount's).
    static func choose(
        _ evidence: [ColumnEvidence], lines: [Int], describe: (Int) -> String, findings: inout InferenceFindings
    ) throws(LayoutInferenceFailure) -> (column: Int, candidates: [ColumnEvidence]) {
        let dateColumns = evidence.filter { $0.isDateColumn && $0.fillRatio >= 0.5 }
        func dateRank(_ column: ColumnEvidence) -> Int {
            if column.strength(of: .bookingDate) > 0 { return 30 + column.strength(of: .bookingDate) }
            if column.strength(of: .date) > 0 { return 20 + column.strength(of: .date) }
            if column.strength(of: .valueDate) > 0 { return 5 }
            return 10
        }
        // A date column empty on some rows loses to one with a date on every row: read from it,
        // those rows would be skipped (a bank that dates some rows only by their value date).
        func full(_ column: ColumnEvidence) -> Int { column.dates == column.rows ? 1 : 0 }
        guard
            let dateColumn = dateColumns.max(by: {
                (full($0), dateRank($0), -$0.index) < (full($1), dateRank($1), -$1.index)
            })?.index
        else {
            throw LayoutInferenceFailure(
                line: lines.first ?? 1, column: 1, message: "no column holds a date on most rows")
        }
        if dateColumns.count > 1 {
            let others = dateColumns.filter { $0.index != dateColumn }.map { describe($0.index) }
            let byName = dateColumns.max { (dateRank($0), -$0.index) < (dateRank($1), -$1.index) }?.index
            let why = byName == dateColumn ? "the booking date" : "the only one with a date on every row"
            findings.reasons.append(
                "dates are read from \(describe(dateColumn)) (\(why)), not \(others.joined(separator: " or "))")
        }
        return (dateColumn, dateColumns)
    }
}
