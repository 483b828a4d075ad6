import Foundation

/// One row of a journal read by `JournalCodec.scan`.
public enum ScannedRow {
    /// A row in the encoder's exact form, found in place.
    case canonical(CanonicalRow)
    /// Any other row, decoded; `start..<end` are its bytes in the file.
    case decoded(Transaction, start: Int, end: Int)
}

extension JournalCodec {
    /// Reads a journal's header and hands its rows to `visit` in file order, without making a
    /// `Transaction` of rows in the encoder's exact form (see `CanonicalRow`). Returns the header
    /// as a journal without transactions. Fails exactly as `decode` does, at the same line and column.
    public static func scan(
        _ file: JournalBytes, path: String, visit: (ScannedRow) -> Void
    ) throws(JournalError) -> Journal {
        try scan(file, path: path, resuming: nil, visit: visit)
    }

    /// Where a journal's rows start (the byte after its header's line) and the number of the
    /// header's line. Fails as `scan` does for a journal without a valid header.
    public static func rowsStart(
        _ file: JournalBytes, path: String
    ) throws(JournalError) -> (
        offset: Int, headerLine: Int
    ) {
        let (_, _, rowsStart, headerLine) = try readHeader(file.buffer, path: path)
        return (rowsStart, headerLine)
    }

    /// `scan(_:path:visit:)` of the rows from byte `offset` on, the start of a line after the
    /// header that `linesBefore` lines precede: for a reader that holds what the rows before it
    /// came to. Failures name the line as `scan` would.
    public static func scan(
        _ file: JournalBytes, path: String, from offset: Int, linesBefore: Int, visit: (ScannedRow) -> Void
    ) throws(JournalError) -> Journal {
        try scan(file, path: path, resuming: (offset, linesBefore), visit: visit)
    }

    /// The rows from the header on, or from `resuming`'s offset with its lines before.
    private static func scan(
        _ file: JournalBytes, path: String, resuming: (offset: Int, linesBefore: Int)?,
        visit: (ScannedRow) -> Void
    ) throws(JournalError) -> Journal {
        let buffer = file.buffer
        guard let base = buffer.baseAddress else {
            throw JournalError(path: path, line: 1, column: 1, message: "the journal is empty")
        }
        let (header, currency, rowsStart, headerLine) = try readHeader(buffer, path: path)
        var lines = LineScan(base: base, buffer: buffer, path: path, lineNumber: resuming?.linesBefore ?? headerLine)
        let start = resuming.map { max($0.offset, rowsStart) } ?? rowsStart
        if let failure = lines.lines(from: start, to: buffer.count, visit: visit) { throw failure }
        return Journal(stage: header.stage, baseCurrency: currency, accounts: header.accounts, transactions: [])
    }
}

extension JournalCodec {
    /// Decodes one row (a line of a journal, without its line feed).
    public static func decodeRow(_ bytes: UnsafeBufferPointer<UInt8>) throws(JournalError) -> Transaction {
        var caches = JournalRowDecoder.Caches()
        do {
            return try decodeDetached(bytes, caches: &caches)
        } catch {
            throw JournalError(path: "", line: 1, column: error.offset + 1, message: error.reason)
        }
    }

    /// Decodes one row from bytes that are not in an array: the decoder reads through one, so the
    /// row's bytes are copied into their own. Failure offsets count from the row's first byte.
    static func decodeDetached(
        _ bytes: UnsafeBufferPointer<UInt8>, caches: inout JournalRowDecoder.Caches
    ) throws(JSONScanner.Failure) -> Transaction {
        let line = Array(bytes)
        return try line.withUnsafeBufferPointer { buffer throws(JSONScanner.Failure) in
            var row = JournalRowDecoder(bytes: line, buffer: buffer, start: 0, end: line.count)
            return try row.decode(caches: &caches)
        }
    }
}
