import Foundation

/// Decoding one journal on several threads: its rows cut into runs of whole lines, each run decoded
/// on its own thread into its own place in one array, so the rows come out in the file's order.
///
/// Why: decoding a million-row ledger is about 0.9 s on one core, and on a 2-core machine the
/// export waits for all of it before any writer starts; the analysis reads the figures' rows of
/// the whole ledger before its first month, even when it analyses one. The rows are independent lines, so two
/// halves decode in about half the time. Each run has its own caches of repeated texts (they are
/// not shared between threads); the rows are equal to those of `decode`, and a failure is the one
/// `decode` reports (the first in the file), at the same line and column.
extension JournalCodec {
    /// Reads a whole journal from a file's bytes, its rows decoded in `parts` runs at once.
    public static func decode(_ file: JournalBytes, path: String, parts: Int) throws(JournalError) -> Journal {
        guard parts > 1, file.buffer.baseAddress != nil else { return try decode(file, path: path) }
        var (journal, transactions) = try decodeRows(file, path: path, parts: parts, as: Transaction.self)
        journal.transactions = transactions
        return journal
    }

    /// The header and the rows the figures read, as `decodeFigures(_:path:)` gives them, decoded in
    /// `parts` runs at once.
    public static func decodeFigures(
        _ file: JournalBytes, path: String, parts: Int
    ) throws(JournalError) -> (header: Journal, rows: [FigureRow]) {
        guard parts > 1, file.buffer.baseAddress != nil else { return try decodeFigures(file, path: path) }
        return try decodeRows(file, path: path, parts: parts, as: FigureRow.self)
    }

    /// The header (as a journal without transactions) and the rows, decoded as `Row` in `parts` runs.
    private static func decodeRows<Row: DecodableRow>(
        _ file: JournalBytes, path: String, parts: Int, as: Row.Type
    ) throws(JournalError) -> (Journal, [Row]) {
        let buffer = file.buffer
        let base = buffer.baseAddress!
        let (header, currency, rowsStart, headerLine) = try readHeader(buffer, path: path)
        let runs = JournalCodec.runs(
            of: base, from: min(rowsStart, buffer.count), to: buffer.count, parts: parts, firstLine: headerLine)
        let decoded = Slots<(made: Int, failure: JournalError?)>(count: runs.count)
        let total = runs.reduce(0) { $0 + $1.rows }
        let rows = [Row](unsafeUninitializedCapacity: total) { storage, initialized in
            guard let start = storage.baseAddress else { return }
            // Each run writes only its own slots of `storage` and reads only its own lines.
            let shared = Unshared(base: base, buffer: buffer, destination: start)
            DispatchQueue.concurrentPerform(iterations: runs.count) { part in
                let (base, buffer, destination) = (shared.base, shared.buffer, shared.destination)
                let run = runs[part]
                var caches = JournalRowDecoder.Caches()
                var made = 0
                var lineNumber = run.firstLine
                var lineStart = run.start
                while lineStart < run.end {
                    lineNumber += 1
                    let lineEnd = JournalCodec.lineEnd(base, from: lineStart, to: run.end)
                    defer { lineStart = lineEnd + 1 }
                    if lineEnd == lineStart { continue }
                    var row = JournalRowDecoder(buffer: buffer, start: lineStart, end: lineEnd)
                    do throws(JSONScanner.Failure) {
                        (destination + run.offset + made).initialize(to: try row.decode(caches: &caches, as: Row.self))
                        made += 1
                    } catch {
                        let failure = JournalError(
                            path: path, line: lineNumber, column: error.offset - lineStart + 1, message: error.reason)
                        decoded.set(part, (made, failure))
                        return
                    }
                }
                decoded.set(part, (made, nil))
            }
            let failure = decoded.values.lazy.compactMap { $0?.failure }.first
            if failure == nil {
                initialized = total
                return
            }
            // A run that failed stopped early: free what each run made, and report the first failure.
            for (part, run) in runs.enumerated() {
                (start + run.offset).deinitialize(count: decoded[part]?.made ?? 0)
            }
            initialized = 0
        }
        if let failure = decoded.values.lazy.compactMap({ $0?.failure }).first { throw failure }
        return (Journal(stage: header.stage, baseCurrency: currency, accounts: header.accounts, transactions: []), rows)
    }

    /// One run of lines: bytes `start..<end` (whole lines), `rows` non-empty lines among them, which
    /// go at `offset` in the joined rows; `firstLine` is the line number before its first line.
    struct LineRun {
        var start: Int
        var end: Int
        var rows: Int
        var offset: Int
        var firstLine: Int
    }

    /// `start..<end` cut into `parts` runs of about equal bytes at line feeds, with their rows counted.
    static func runs(
        of base: UnsafePointer<UInt8>, from start: Int, to end: Int, parts: Int, firstLine: Int
    ) -> [LineRun] {
        var cuts = [start]
        for part in 1..<parts {
            let target = max(cuts[cuts.count - 1], start + (end - start) / parts * part)
            guard target < end else { break }
            cuts.append(min(end, lineEnd(base, from: target, to: end) + 1))
        }
        cuts.append(end)
        let bounds = cuts
        // Counting lines is a memchr per line, a few milliseconds per run; done on each run's thread.
        var counted = [(lines: Int, rows: Int)](repeating: (0, 0), count: cuts.count - 1)
        counted.withUnsafeMutableBufferPointer { counts in
            let shared = Unshared(base: base, buffer: UnsafeBufferPointer(start: base, count: end), destination: counts)
            DispatchQueue.concurrentPerform(iterations: counts.count) { part in
                let (base, slots, cuts) = (shared.base, shared.destination, bounds)
                var lines = 0
                var rows = 0
                var lineStart = cuts[part]
                while lineStart < cuts[part + 1] {
                    let lineEnd = lineEnd(base, from: lineStart, to: cuts[part + 1])
                    lines += 1
                    if lineEnd > lineStart { rows += 1 }
                    lineStart = lineEnd + 1
                }
                slots[part] = (lines, rows)
            }
        }
        var runs: [LineRun] = []
        var offset = 0
        var line = firstLine
        for part in counted.indices {
            runs.append(
                LineRun(
                    start: cuts[part], end: cuts[part + 1], rows: counted[part].rows, offset: offset, firstLine: line))
            offset += counted[part].rows
            line += counted[part].lines
        }
        return runs
    }

    /// Where the line that starts at `start` ends: its line feed, or `end`.
    @inline(__always) static func lineEnd(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        memchr(base + start, 0x0A, end - start).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base }
            ?? end
    }

    /// The file's bytes and where the runs' threads write their results, handed to those threads:
    /// each reads and writes only its own run's part.
    private struct Unshared<Destination>: @unchecked Sendable {
        let base: UnsafePointer<UInt8>
        let buffer: UnsafeBufferPointer<UInt8>
        let destination: Destination
    }
}

extension JournalCodec {
    /// The header of the journal in `file` alone, as a journal without transactions: for a reader
    /// that has the rows from elsewhere (`FigureFile`). Its errors are `decodeFigures`'s.
    public static func decodeHeader(_ file: JournalBytes, path: String) throws(JournalError) -> Journal {
        let (header, currency, _, _) = try readHeader(file.buffer, path: path)
        return Journal(stage: header.stage, baseCurrency: currency, accounts: header.accounts, transactions: [])
    }
}
