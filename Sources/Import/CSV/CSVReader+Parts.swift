import Ledger

/// A large file's data rows read in two parts at once, with the same records, skipped rows and
/// warnings, at the same lines, as one pass.
///
/// Why: reading and mapping the rows is most of a CSV import, and a bank export of a million rows
/// is one file, so importing files side by side leaves the second core idle. The rows are cut in
/// two at a line feed near the middle; the second part is read from there on the other core, with
/// its own tokenizer (starting at the line the cut is on) and its own mapper (`emptyPart`), while
/// the first part reads up to the cut.
///
/// A cut may fall inside a quoted field that runs over lines. One pass would then read on from
/// within that record, not from the cut, so the second part is used only when the first part's
/// last record ends exactly at the cut, where one pass's tokenizer would start its next record
/// with nothing carried over. Otherwise the second part's work is dropped and the first reads on:
/// the same result, at one core's speed.
extension CSVReader {
    /// When the rows are read in two parts.
    public struct TwoParts: Sendable {
        /// Data rows of fewer bytes are read in one part: the second thread would cost more than it saves.
        public var fromBytes = 4 << 20
        /// The cores there are (`Cores.available`); with one, the rows are read in one part.
        public var cores = Cores.available

        public init(fromBytes: Int = 4 << 20, cores: Int = Cores.available) {
            self.fromBytes = fromBytes
            self.cores = cores
        }
    }

    /// Where the data rows from `start` are cut in two: just after the first line feed past the
    /// middle (alone or after a carriage return) that ends a line with text and is followed by
    /// one; nil when the rows are read in one part (one core, too few bytes, or no such line feed).
    static func cut(_ text: UnsafeBufferPointer<UInt8>, from start: Int, _ twoParts: TwoParts) -> Int? {
        guard twoParts.cores > 1, text.count - start >= max(twoParts.fromBytes, 2) else { return nil }
        func endsLine(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        var position = start + (text.count - start) / 2
        while position + 1 < text.count {
            if text[position] == 0x0A, !endsLine(text[position + 1]) {
                // The line it ends has text: the byte before it, or before its carriage return.
                let last = text[position - 1] == 0x0D ? position - 2 : position - 1
                if last >= start, !endsLine(text[last]) { return position + 1 }
            }
            position += 1
        }
        return nil
    }

    /// The line `CSVTokenizer` is on at `position`: one more than the line ends before it (a line
    /// feed, a carriage return and line feed, or a carriage return alone each end one).
    static func lineNumber(at position: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        // Counted eight bytes at a time: the second part waits for this count of the first
        // part's lines before it starts (byte by byte, 40 ms of a 1M-row file).
        guard position > 0, let base = text.baseAddress else { return 1 }
        let (lineFeeds, returns) = LineEnds.tally(in: base, count: position)
        let pairs = returns == 0 ? 0 : LineEnds.pairs(in: base, count: position)
        return 1 + lineFeeds + returns - pairs
    }

    /// Reads the rows from the tokenizer's position to `cut` into `mapper` while the rows after the
    /// cut are read on another core, then takes those too when the first part ended at the cut.
    /// Leaves the tokenizer at the end of the text, or where the first part stopped when the second
    /// part's work was dropped (the caller reads on from there).
    static func readInTwoParts(
        cut: Int, tokenizer: inout CSVTokenizer, fields: inout [CSVField],
        cells: inout [UnsafeBufferPointer<UInt8>], mapper: inout CSVRowMapper
    ) {
        let text = tokenizer.text
        let delimiter = tokenizer.delimiter
        var later = mapper.emptyPart(
            reserving: (text.count - cut) / 48, textBytes: text.count - cut)
        var laterEnd = tokenizer
        // A thread of its own for the second part, not `Cores.forEach`: the file may be one of
        // several read at once, where a nested `forEach` would read the parts one after the other.
        Cores.both {
            while tokenizer.position < cut, let head = tokenizer.next(into: &fields) {
                handle(head, fields, tokenizer: &tokenizer, cells: &cells, mapper: &mapper)
            }
        } _: {
            var rest = CSVTokenizer(
                text: text, delimiter: delimiter, position: cut, line: lineNumber(at: cut, in: text))
            var restFields: [CSVField] = []
            restFields.reserveCapacity(32)
            var restCells: [UnsafeBufferPointer<UInt8>] = []
            restCells.reserveCapacity(32)
            while let head = rest.next(into: &restFields) {
                handle(head, restFields, tokenizer: &rest, cells: &restCells, mapper: &later)
            }
            laterEnd = rest
        }
        guard tokenizer.position == cut else { return }
        mapper.absorb(later)
        tokenizer = laterEnd
    }
}
