import Ledger

/// The statement balances a CSV repeats on every row (`[statement]` in a profile), as the cells
/// read them: kept only where they change, so a million rows of one statement cost one entry.
///
/// Gathered before the rows are mapped; a statement's rows are then found by their lines.
struct StatementBalanceCells {
    /// The opening and closing balance cells of one row, as written (empty when the row has none).
    struct Values {
        var opening: [UInt8]
        var closing: [UInt8]
    }

    /// The lines where the values change, ascending, and the values from there on.
    private(set) var lines: [Int] = []
    private(set) var values: [Values] = []
    private var lastOpening: [UInt8] = []
    private var lastClosing: [UInt8] = []

    /// Records one row's cells.
    mutating func observe(line: Int, opening: UnsafeBufferPointer<UInt8>, closing: UnsafeBufferPointer<UInt8>) {
        if !lines.isEmpty && lastOpening.elementsEqual(opening) && lastClosing.elementsEqual(closing) { return }
        lastOpening = Array(opening)
        lastClosing = Array(closing)
        lines.append(line)
        values.append(Values(opening: lastOpening, closing: lastClosing))
    }

    /// The index in `values` of the row at `line`: the last change at or before it.
    func index(at line: Int) -> Int? {
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle] <= line { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
