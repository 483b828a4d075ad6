/// The first records of a file, tokenized once, that layout inference weighs.
///
/// Reads at most `recordLimit` records: enough evidence for every decision inference makes
/// (columns, formats, a balance chain) while a file of a million rows costs no more than one of
/// a few hundred.
struct InferenceSample {
    struct Record {
        /// The 1-based line the record starts on.
        var line: Int
        /// The record's index among all the tokenizer's records (rows of empty cells included),
        /// as `CSVReader` counts them to find the header.
        var ordinal: Int
        /// The cells, trimmed of spaces.
        var cells: [String]
        /// The record's quoting was broken (a field never closed, or too long).
        var unreadable: Bool
    }

    static let recordLimit = 400

    var delimiter: UInt8
    var records: [Record]

    init(text: UnsafeBufferPointer<UInt8>, delimiter: UInt8? = nil) {
        let delimiter = delimiter ?? DelimiterSniffer.sniff(text)
        self.delimiter = delimiter
        var tokenizer = CSVTokenizer(text: text, delimiter: delimiter)
        var fields: [CSVField] = []
        var records: [Record] = []
        var ordinal = -1
        while records.count < InferenceSample.recordLimit, let head = tokenizer.next(into: &fields) {
            ordinal += 1
            var unreadable = false
            if case .unterminated = head.problem { unreadable = true }
            if case .fieldTooLong = head.problem { unreadable = true }
            let cells = fields.map { String(decoding: tokenizer.bytes($0), as: UTF8.self).csvTrimmed }
            if cells.allSatisfy(\.isEmpty) { continue }
            records.append(Record(line: head.line, ordinal: ordinal, cells: cells, unreadable: unreadable))
        }
        self.records = records
    }

    /// The number of cells of the widest record from `start` on.
    func width(from start: Int) -> Int {
        records[start...].reduce(0) { max($0, $1.cells.count) }
    }
}
