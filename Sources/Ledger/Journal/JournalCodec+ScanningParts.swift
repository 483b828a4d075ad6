/// Scanning one journal on two threads: the rows of its second half are found in place (the
/// encoder's exact form, `CanonicalRow`) on a thread of their own while the first half is scanned
/// and visited, then visited in order. `visit` sees exactly what `scan` hands it, in the same order,
/// on the calling thread; a failure is the one `scan` reports.
///
/// Why: checking that a row is in the encoder's form (its keys, strings, UTF-8, date, amount and
/// line number) is about two fifths of reading a journal in place, and it depends on nothing but
/// the row's bytes. What `visit` does with the rows (numbering texts, in order) stays on one
/// thread, so its results are those of one pass.
extension JournalCodec {
    /// A journal smaller than this is scanned in one pass: the second thread would cost more than
    /// it saves.
    public static let twoPartScanMinimum = 8 << 20

    /// `scan(_:path:visit:)`, its second half's rows found in place on another core when `cores`
    /// is more than one and the journal at least `minimumBytes` long.
    public static func scanInTwoParts(
        _ file: JournalBytes, path: String, cores: Int = Cores.available, minimumBytes: Int = twoPartScanMinimum,
        visit: (ScannedRow) -> Void
    ) throws(JournalError) -> Journal {
        let buffer = file.buffer
        guard cores > 1, buffer.count >= minimumBytes, let base = buffer.baseAddress else {
            return try scan(file, path: path, visit: visit)
        }
        let (header, currency, rowsStart, headerLine) = try readHeader(buffer, path: path)
        let count = buffer.count
        let middle = rowsStart + (count - rowsStart) / 2
        let cut = middle < count ? min(count, lineEnd(base, from: middle, to: count) + 1) : count
        var part = LineScan(base: base, buffer: buffer, path: path, lineNumber: headerLine)
        var ahead = FoundRows()
        var failure: JournalError?
        Cores.both(
            cores: cores,
            { failure = part.lines(from: rowsStart, to: cut, visit: visit) },
            { ahead = FoundRows(base, from: cut, to: count) })
        if let failure { throw failure }
        for row in ahead.rows { visit(.canonical(row)) }
        // From the first row of the second half not in the encoder's form on, one pass.
        part.lineNumber += ahead.lines
        if let failure = part.lines(from: ahead.stop, to: count, visit: visit) { throw failure }
        return Journal(stage: header.stage, baseCurrency: currency, accounts: header.accounts, transactions: [])
    }

    /// The lines of a journal read one after another, as `readLines` reads them: each row found in
    /// place when it is in the encoder's form, else decoded (`scan`, and each part of
    /// `scanInTwoParts`).
    struct LineScan {
        let base: UnsafePointer<UInt8>
        let buffer: UnsafeBufferPointer<UInt8>
        let path: String
        /// The number of the line before the next one read.
        var lineNumber: Int
        var caches = JournalRowDecoder.Caches()
        var currencies = ByteKeyedCache<Currency?>()

        init(base: UnsafePointer<UInt8>, buffer: UnsafeBufferPointer<UInt8>, path: String, lineNumber: Int) {
            self.base = base
            self.buffer = buffer
            self.path = path
            self.lineNumber = lineNumber
        }

        /// Visits the rows of the whole lines in `start..<end`; the failure of the first that does
        /// not decode, if any.
        mutating func lines(from start: Int, to end: Int, visit: (ScannedRow) -> Void) -> JournalError? {
            let (base, buffer, path) = (self.base, self.buffer, self.path)
            var number = lineNumber
            defer { lineNumber = number }
            do throws(JournalError) {
                try JournalCodec.forEachLine(base, from: start, to: end, lineNumber: &number) {
                    (lineStart, lineEnd, line) throws(JournalError) in
                    if let row = CanonicalRow.scan(base, start: lineStart, end: lineEnd, currencies: &currencies) {
                        visit(.canonical(row))
                        return
                    }
                    do throws(JSONScanner.Failure) {
                        let transaction = try decodeDetached(
                            UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd]), caches: &caches)
                        visit(.decoded(transaction, start: lineStart, end: lineEnd))
                    } catch {
                        throw JournalError(path: path, line: line, column: error.offset + 1, message: error.reason)
                    }
                }
            } catch {
                return error
            }
            return nil
        }
    }

    /// The rows of a run of whole lines found in place, up to the first non-empty line that is not
    /// in the encoder's form.
    private struct FoundRows {
        var rows: [CanonicalRow] = []
        /// Where the first line not taken starts (the run's end when every line was).
        var stop = 0
        /// How many lines (empty ones too) come before it in the run.
        var lines = 0

        init() {}

        init(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) {
            rows.reserveCapacity((end - start) / 160 + 16)
            var currencies = ByteKeyedCache<Currency?>()
            var lineStart = start
            while lineStart < end {
                let lineEnd = JournalCodec.lineEnd(base, from: lineStart, to: end)
                if lineEnd > lineStart {
                    guard let row = CanonicalRow.scan(base, start: lineStart, end: lineEnd, currencies: &currencies)
                    else { break }
                    rows.append(row)
                }
                lines += 1
                lineStart = lineEnd + 1
            }
            stop = min(lineStart, end)
        }
    }
}
