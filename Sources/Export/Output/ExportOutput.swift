import Ledger

/// The bytes of one export file, handed to the atomic writer a megabyte at a time.
///
/// Why not one array: a journal of a million rows is a few hundred megabytes of text; written in
/// pieces it is never all in memory, and nothing is visible at the destination until `finish`
/// renames the finished file into place (a failure leaves the previous export, not half a new one).
final class ExportOutput {
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
    @inline(__always) func flushIfFull() {
        if bytes.count >= ExportOutput.chunk { flush() }
    }

    private func flush() {
        writer.write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Writes the rest and renames the file into place.
    func finish() throws(ExportError) {
        flush()
        do {
            try writer.commit()
        } catch {
            throw ExportError(path: error.path, message: error.reason)
        }
    }

    @inline(__always) func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always) func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    @inline(__always) func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// `2026-03-31`.
    func append(_ date: CivilDate) {
        appendDigits(date.year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(date.month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(date.day, width: 2)
    }

    /// `-12.50` (the currency's own number of decimals, no grouping), without the code.
    func appendDecimal(_ money: Money) {
        money.appendDecimalString(to: &bytes)
    }

    private func appendDigits(_ value: Int, width: Int) {
        var digits: [UInt8] = []
        var rest = value
        repeat {
            digits.append(UInt8(truncatingIfNeeded: rest % 10) + 0x30)
            rest /= 10
        } while rest > 0
        for _ in digits.count..<max(width, digits.count) { bytes.append(0x30) }
        bytes.append(contentsOf: digits.reversed())
    }
}
