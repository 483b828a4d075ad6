import Ledger

/// Decides a CSV file's decimal mark, and whether its amounts may end in a minus, from every
/// number in its data rows.
///
/// The mark more numbers show wins. Where none shows one (all are like `1.500` or `1,500`), the
/// delimiter decides (`;` files are mostly written with a decimal comma), and the inference says
/// so and is then a low-confidence one.
enum DecimalMarkInference {
    static func infer(
        _ records: [InferenceSample.Record], shapes: [[CellShape]], dataRows: [Int], delimiter: UInt8,
        findings: inout InferenceFindings
    ) -> (style: DecimalStyle, trailingMinus: Bool) {
        var pointVotes = 0
        var commaVotes = 0
        var undecided = 0
        var trailingMinus = false
        for row in dataRows {
            for (column, cell) in records[row].cells.enumerated() where shapes[row][column] == .number {
                switch CellShape.decimalMarkEvidence(cell) {
                case UInt8(ascii: "."): pointVotes += 1
                case UInt8(ascii: ","): commaVotes += 1
                default:
                    if cell.contains(where: { $0 == "." || $0 == "," }) { undecided += 1 }
                }
                if ColumnEvidence.hasTrailingMinus(cell) { trailingMinus = true }
            }
        }
        // As the loader reads `decimal_mark` without `grouping`, so the printed profile reads the same.
        let comma = DecimalStyle(decimalMark: UInt8(ascii: ","), groupingMarks: [UInt8(ascii: "."), 0x20])
        let point = DecimalStyle(decimalMark: UInt8(ascii: "."), groupingMarks: [UInt8(ascii: ",")])
        let style: DecimalStyle
        if commaVotes > pointVotes {
            style = comma
        } else if pointVotes > commaVotes {
            style = point
        } else if undecided > 0 {
            style = delimiter == UInt8(ascii: ";") ? comma : point
            let mark = style == comma ? "," : "."
            findings.reasons.append(
                "no amount shows its decimal mark (all are like 1.500 or 1,500); taken as '\(mark)' from the delimiter")
            findings.lower(to: .low)
        } else {
            style = point
        }
        return (style, trailingMinus)
    }
}
