import Foundation

/// Why a journal file could not be read.
public struct JournalError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "\(path):\(line):\(column): error: \(message)" }
}

/// Writes and reads journal files (JSON Lines) with a codec made for the one row schema.
///
/// A journal may carry millions of rows; `JSONEncoder` manages about 300 k rows/s on Linux, this
/// codec several times that. The header line is small and uses `Codable`.
public enum JournalCodec {
    public static let format = "closebook-journal"

    public static func encode(_ journal: Journal) -> [UInt8] {
        let header = JournalHeader(
            format: format, schemaVersion: Journal.schemaVersion, stage: journal.stage,
            baseCurrency: journal.baseCurrency.code, accounts: journal.accounts)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a struct of strings cannot fail; fall back to an empty header rather than trap.
        var bytes = (try? encoder.encode(header)).map { Array($0) } ?? Array("{}".utf8)
        bytes.append(0x0A)
        let transactions = journal.transactions
        let scratch = RowScratch()
        // Reserve once, from the size of rows sampled across the journal, so the output is not
        // copied as it grows.
        let step = max(1, transactions.count / 512)
        var sampled = 0
        var sampleBytes = 0
        for index in stride(from: 0, to: transactions.count, by: step) {
            var probe: [UInt8] = []
            transactions.withUnsafeBufferPointer { rows in
                JournalRowEncoder.append(rows.baseAddress! + index, newline: true, to: &probe, scratch: scratch)
            }
            sampleBytes += probe.count
            sampled += 1
        }
        if sampled > 0 {
            let perRow = Double(sampleBytes) / Double(sampled)
            bytes.reserveCapacity(bytes.count + Int(perRow * Double(transactions.count) * 1.1) + 4096)
        }
        transactions.withUnsafeBufferPointer { rows in
            guard let first = rows.baseAddress else { return }
            for index in rows.indices {
                JournalRowEncoder.append(first + index, newline: true, to: &bytes, scratch: scratch)
            }
        }
        return bytes
    }

    /// Appends one transaction as a JSON object; optional fields are left out when empty.
    public static func encodeRow(_ t: Transaction, into w: inout JSONWriter) {
        withUnsafePointer(to: t) { row in
            let scratch = RowScratch(capacity: JournalRowEncoder.maximumSize(of: row))
            w.appendValue { bytes in JournalRowEncoder.append(row, newline: false, to: &bytes, scratch: scratch) }
        }
    }

    /// Reads a whole journal file; `path` is used only in error messages.
    public static func decode(_ bytes: [UInt8], path: String) throws(JournalError) -> Journal {
        let result: Result<Journal, JournalError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(JournalError) {
                return .success(try decode(bytes, buffer: buffer, path: path))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads a whole journal from a file's bytes (mapped, so the file is not copied into fresh
    /// memory first); `path` is used only in error messages.
    public static func decode(_ file: JournalBytes, path: String) throws(JournalError) -> Journal {
        try decode(nil, buffer: file.buffer, path: path)
    }

    /// Reads a journal's header (as a journal without transactions) and its rows as `FigureRow`s,
    /// for a stage that only counts and sums: the descriptive texts are checked, not kept.
    public static func decodeFigures(
        _ file: JournalBytes, path: String
    ) throws(JournalError) -> (header: Journal, rows: [FigureRow]) {
        try decodeRows(nil, buffer: file.buffer, path: path, as: FigureRow.self)
    }

    /// `decode` over `buffer`, the storage of `bytes` when there is one: rows are read in place.
    private static func decode(
        _ bytes: [UInt8]?, buffer: UnsafeBufferPointer<UInt8>, path: String
    ) throws(JournalError) -> Journal {
        let (header, transactions) = try decodeRows(bytes, buffer: buffer, path: path, as: Transaction.self)
        var journal = header
        journal.transactions = transactions
        return journal
    }

    /// The header (as a journal without transactions) and the rows of `buffer`, decoded as `Row`.
    private static func decodeRows<Row: DecodableRow>(
        _ bytes: [UInt8]?, buffer: UnsafeBufferPointer<UInt8>, path: String, as: Row.Type
    ) throws(JournalError) -> (Journal, [Row]) {
        var transactions: [Row] = []
        var caches = JournalRowDecoder.Caches()
        let (header, currency) = try readLines(
            buffer, path: path,
            afterHeader: { rowsStart in
                // Rows are about 200 bytes; reserving avoids copying a million transactions as the array grows.
                transactions.reserveCapacity((buffer.count - rowsStart) / 160 + 16)
            },
            row: { (start, end, lineNumber) throws(JournalError) in
                var row =
                    bytes.map { JournalRowDecoder(bytes: $0, buffer: buffer, start: start, end: end) }
                    ?? JournalRowDecoder(buffer: buffer, start: start, end: end)
                do throws(JSONScanner.Failure) {
                    transactions.append(try row.decode(caches: &caches, as: Row.self))
                } catch {
                    throw JournalError(
                        path: path, line: lineNumber, column: error.offset - start + 1, message: error.reason)
                }
            })
        let journal = Journal(stage: header.stage, baseCurrency: currency, accounts: header.accounts, transactions: [])
        return (journal, transactions)
    }

    /// Walks a journal's lines (found with `memchr`; empty ones skipped): the first is decoded and
    /// checked as the header, then `afterHeader` gets the offset where rows begin and `row` each
    /// row's bounds (line feed excluded) and 1-based line number. Returns the header and its base
    /// currency; a journal without a header is an error.
    static func readLines(
        _ buffer: UnsafeBufferPointer<UInt8>, path: String, afterHeader: (_ rowsStart: Int) -> Void = { _ in },
        row: (_ start: Int, _ end: Int, _ lineNumber: Int) throws(JournalError) -> Void
    ) throws(JournalError) -> (header: JournalHeader, currency: Currency) {
        let (header, currency, rowsStart, headerLine) = try readHeader(buffer, path: path)
        afterHeader(rowsStart - 1)
        guard let base = buffer.baseAddress else { return (header, currency) }
        var lineNumber = headerLine
        try forEachLine(base, from: rowsStart, to: buffer.count, lineNumber: &lineNumber, row)
        return (header, currency)
    }

    /// Hands `row` the bounds (line feed excluded) and number of each non-empty line of the whole
    /// lines in `start..<end`; `lineNumber` is the number of the line before `start`, and is left
    /// at the last line's (or the one `row` failed on).
    @inline(__always)
    static func forEachLine(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, lineNumber: inout Int,
        _ row: (_ start: Int, _ end: Int, _ lineNumber: Int) throws(JournalError) -> Void
    ) throws(JournalError) {
        var lineStart = start
        while lineStart < end {
            lineNumber += 1
            let lineEnd = JournalCodec.lineEnd(base, from: lineStart, to: end)
            defer { lineStart = lineEnd + 1 }
            if lineEnd == lineStart { continue }
            try row(lineStart, lineEnd, lineNumber)
        }
    }

    /// The header (the first non-empty line, decoded and checked), where the line after it starts,
    /// and its line number; a journal without a header is an error.
    static func readHeader(
        _ buffer: UnsafeBufferPointer<UInt8>, path: String
    ) throws(JournalError) -> (header: JournalHeader, currency: Currency, rowsStart: Int, lineNumber: Int) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else {
            throw JournalError(path: path, line: 1, column: 1, message: "the journal is empty")
        }
        let count = buffer.count
        var lineStart = 0
        var lineNumber = 0
        while lineStart < count {
            lineNumber += 1
            let lineEnd = JournalCodec.lineEnd(base, from: lineStart, to: count)
            if lineEnd == lineStart {
                lineStart = lineEnd + 1
                continue
            }
            let decoded = try decodeHeader(Data(buffer[lineStart..<lineEnd]), path: path)
            guard let currency = Currency(code: decoded.baseCurrency) else {
                throw JournalError(path: path, line: 1, column: 1, message: "invalid base currency")
            }
            return (decoded, currency, lineEnd + 1, lineNumber)
        }
        throw JournalError(path: path, line: 1, column: 1, message: "the journal is empty")
    }

    static func decodeHeader(_ data: Data, path: String) throws(JournalError) -> JournalHeader {
        let decoded: JournalHeader
        do {
            decoded = try JSONDecoder().decode(JournalHeader.self, from: data)
        } catch {
            throw JournalError(
                path: path, line: 1, column: 1, message: "the first line is not a journal header (\(error))")
        }
        guard decoded.format == format else {
            throw JournalError(path: path, line: 1, column: 1, message: "not a Closebook journal")
        }
        guard decoded.schemaVersion == Journal.schemaVersion else {
            throw JournalError(
                path: path, line: 1, column: 1,
                message:
                    "journal schema version \(decoded.schemaVersion) is not \(Journal.schemaVersion); re-run the stage that wrote it"
            )
        }
        return decoded
    }
}
