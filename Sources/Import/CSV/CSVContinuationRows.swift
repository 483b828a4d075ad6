/// Joins continuation rows to the row above, for profiles with `join_continuation_rows`: banks
/// that write one transaction over two lines, the second holding only more description.
///
/// A continuation row has an empty date cell, empty amount cells and some text; each of its
/// cells is appended (after a space) to the same cell of the row being held. Rows are held one
/// at a time as owned bytes, then mapped as any row is.
struct CSVContinuationRows {
    let layout: CSVLayout
    private var held: (line: Int, cells: [[UInt8]])?

    init(layout: CSVLayout) {
        self.layout = layout
    }

    /// Takes one record: holds it, joins it to the held row, or (with broken quoting) maps it
    /// at once after the held row.
    mutating func take(
        _ head: CSVRecordHead, _ fields: [CSVField], tokenizer: inout CSVTokenizer,
        cells: inout [UnsafeBufferPointer<UInt8>], mapper: inout CSVRowMapper
    ) {
        if head.problem != nil {
            flush(into: &mapper)
            CSVReader.handle(head, fields, tokenizer: &tokenizer, cells: &cells, mapper: &mapper)
            return
        }
        let row = fields.map { Array(tokenizer.bytes($0)) }
        guard row.contains(where: { !$0.isEmpty }) else { return }
        if held != nil, isContinuation(row) {
            for (index, cell) in row.enumerated() where !cell.isEmpty {
                while held!.cells.count <= index { held!.cells.append([]) }
                if !held!.cells[index].isEmpty { held!.cells[index].append(0x20) }
                held!.cells[index].append(contentsOf: cell)
            }
            return
        }
        flush(into: &mapper)
        held = (head.line, row)
    }

    /// Maps the held row, if any.
    mutating func flush(into mapper: inout CSVRowMapper) {
        guard let (line, row) = held else { return }
        held = nil
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for cell in row {
            ranges.append(bytes.count..<bytes.count + cell.count)
            bytes.append(contentsOf: cell)
        }
        bytes.withUnsafeBufferPointer { all in
            let cells = ranges.map { UnsafeBufferPointer(rebasing: all[$0]) }
            cells.withUnsafeBufferPointer { mapper.map($0, line: line) }
        }
    }

    private func isContinuation(_ row: [[UInt8]]) -> Bool {
        func empty(_ index: Int) -> Bool {
            index >= row.count || row[index].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        }
        guard empty(layout.date) else { return false }
        switch layout.amount {
        case .signed(let column): return empty(column)
        case .debitCredit(let debit, let credit): return empty(debit) && empty(credit)
        case .indicator(let amount, _, _, _): return empty(amount)
        }
    }
}
