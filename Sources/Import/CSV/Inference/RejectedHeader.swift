/// The header line of a CSV file that could not be read, as a rejection message quotes it: of the
/// lines of 2 to 40 cells in which at least two name a column a bank export has (a date, an amount,
/// a description, …), the one the most records follow before the next such line (account lines
/// before the header, `Account;Currency;Balance`, name columns too but head one row), re-joined
/// with the file's own delimiter.
///
/// Only such a line is quoted: a file that reaches this point may not be a bank export at all (a
/// link to some other file), and the message goes into reports, so its other lines stay unquoted.
/// Control characters are shown as `?`, and the quote stops at 200 characters.
enum RejectedHeader {
    static let limit = 200

    static func find(_ head: [UInt8]) -> (line: Int, text: String)? {
        let decoded = TextDecoding.decode(head, declared: nil)
        return decoded.bytes.withUnsafeBufferPointer { text -> (line: Int, text: String)? in
            let delimiter = DelimiterSniffer.sniff(text)
            var tokenizer = CSVTokenizer(text: text, delimiter: delimiter)
            var fields: [CSVField] = []
            var seen = 0
            var best: (line: Int, cells: [String], follow: Int)?
            var current: (line: Int, cells: [String], follow: Int)?
            while seen < CSVProfileSelection.recordsSearched, let record = tokenizer.next(into: &fields) {
                seen += 1
                let cells = fields.map { String(decoding: tokenizer.bytes($0), as: UTF8.self) }
                let named = cells.filter { !HeaderVocabulary.hints(for: $0).isEmpty }.count
                if (2...40).contains(cells.count) && named >= 2 {
                    if let done = current, done.follow > best?.follow ?? -1 { best = done }
                    current = (record.line, cells, 0)
                } else if cells.contains(where: { !$0.isEmpty }) {
                    current?.follow += 1
                }
            }
            if let done = current, done.follow > best?.follow ?? -1 { best = done }
            guard let best else { return nil }
            let joined = best.cells.joined(separator: String(UnicodeScalar(delimiter)))
            var shown = String(
                joined.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
            if shown.count > limit { shown = String(shown.prefix(limit)) + "…" }
            return (best.line, shown)
        }
    }
}
