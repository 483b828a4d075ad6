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
        let buffer = file.buffer
        guard let base = buffer.baseAddress, !buffer.isEmpty else {
            throw JournalError(path: path, line: 1, column: 1, message: "the journal is empty")
        }
        let count = buffer.count
        var lineStart = 0
        var lineNumber = 0
        var header: JournalHeader?
        var currency = Currency.eur
        var caches = JournalRowDecoder.Caches()
        var currencies = ByteKeyedCache<Currency?>()
        while lineStart < count {
            lineNumber += 1
            let lineEnd =
                memchr(base + lineStart, 0x0A, count - lineStart).map {
                    UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base
                } ?? count
            defer { lineStart = lineEnd + 1 }
            if lineEnd == lineStart { continue }
            if header == nil {
                let decoded = try decodeHeader(Data(buffer[lineStart..<lineEnd]), path: path)
                guard let base = Currency(code: decoded.baseCurrency) else {
                    throw JournalError(path: path, line: 1, column: 1, message: "invalid base currency")
                }
                currency = base
                header = decoded
                continue
            }
            if let row = CanonicalRow.scan(base, start: lineStart, end: lineEnd, currencies: &currencies) {
                visit(.canonical(row))
                continue
            }
            // The decoder reads through an array: give it this line's bytes.
            let line = Array(buffer[lineStart..<lineEnd])
            let transaction: Transaction
            do {
                transaction = try line.withUnsafeBufferPointer { lineBuffer throws(JSONScanner.Failure) in
                    var row = JournalRowDecoder(bytes: line, buffer: lineBuffer, start: 0, end: line.count)
                    return try row.decode(caches: &caches)
                }
            } catch {
                throw JournalError(path: path, line: lineNumber, column: error.offset + 1, message: error.reason)
            }
            visit(.decoded(transaction, start: lineStart, end: lineEnd))
        }
        guard let header else { throw JournalError(path: path, line: 1, column: 1, message: "the journal is empty") }
        return Journal(stage: header.stage, baseCurrency: currency, accounts: header.accounts, transactions: [])
    }
}

extension JournalCodec {
    /// Decodes one row (a line of a journal, without its line feed).
    public static func decodeRow(_ bytes: UnsafeBufferPointer<UInt8>) throws(JournalError) -> Transaction {
        let line = Array(bytes)
        var caches = JournalRowDecoder.Caches()
        do {
            return try line.withUnsafeBufferPointer { buffer throws(JSONScanner.Failure) in
                var row = JournalRowDecoder(bytes: line, buffer: buffer, start: 0, end: line.count)
                return try row.decode(caches: &caches)
            }
        } catch {
            throw JournalError(path: "", line: 1, column: error.offset + 1, message: error.reason)
        }
    }
}
