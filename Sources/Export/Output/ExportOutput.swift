import Ledger

/// The bytes of one export file, handed to the atomic writer a megabyte at a time.
///
/// Why not one array: a journal of a million rows is a few hundred megabytes of text; written in
/// pieces it is never all in memory, and nothing is visible at the destination until `finish`
/// renames the finished file into place (a failure leaves the previous export, not half a new one).
/// A struct passed `inout`, not a class: appending a byte to a class's array pays a dynamic
/// exclusivity check each time, a third of the journal's time at a million rows.
struct ExportOutput {
    /// How many bytes are gathered before they are written.
    static let chunk = 1 << 20

    var bytes: [UInt8] = []
    private let writer: AtomicFileWriter

    init(path: String) throws(ExportError) {
        do {
            writer = try AtomicFileWriter(path: path)
        } catch {
            throw ExportError(path: error.path, message: error.reason)
        }
        bytes.reserveCapacity(ExportOutput.chunk + 4096)
    }

    /// Writes what is gathered once it passes `chunk`; call after each record.
    @inline(__always) mutating func flushIfFull() {
        if bytes.count >= ExportOutput.chunk { flush() }
    }

    private mutating func flush() {
        writer.write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Writes the rest and renames the file into place.
    mutating func finish() throws(ExportError) {
        flush()
        do {
            try writer.commit()
        } catch {
            throw ExportError(path: error.path, message: error.reason)
        }
    }

    @inline(__always) mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always) mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    @inline(__always) mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// `2026-03-31`.
    mutating func append(_ date: CivilDate) {
        appendDigits(date.year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(date.month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(date.day, width: 2)
    }

    /// `-12.50` (the currency's own number of decimals, no grouping), without the code.
    mutating func appendDecimal(_ money: Money) {
        money.appendDecimalString(to: &bytes)
    }

    /// Decimal digits of a non-negative `value`, zero-padded to `width` (at most 19 digits), with
    /// no array made per call: dates are written a million times.
    private mutating func appendDigits(_ value: Int, width: Int) {
        var divisor = 1
        var length = 1
        while length < width || value / divisor >= 10 {
            divisor *= 10
            length += 1
        }
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: value / divisor % 10) + 0x30)
            divisor /= 10
        }
    }

    /// `14` for a line number, without making a `String`.
    mutating func appendNumber(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            appendDigits(-value, width: 1)
        } else {
            appendDigits(value, width: 1)
        }
    }
}
