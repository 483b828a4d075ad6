/// The bytes to splice into a `CanonicalRow` to categorise it, made by `JournalRowEncoder` itself.
///
/// Why through the encoder: a canonical row is exactly the encoder's output, so a rewritten row
/// must be too. Encoding a template transaction that differs only in the fields asked for, and
/// cutting those fields out of the result, gives their bytes without a second copy of the
/// encoder's key order and escape rules.
public struct JournalRowSplice {
    private let template: Transaction
    private let scratch = RowScratch()
    /// The empty template's bytes before `,"file":`, and from there to its end.
    private let head: Int
    private let tail: Int

    public init() {
        template = Transaction(
            id: TransactionID(""), account: AccountID(""), date: CivilDate(year: 2000, month: 1, day: 1)!,
            amount: Money(minorUnits: 0, currency: .eur), payee: "", source: SourceLocation(file: "", line: 0))
        var bytes: [UInt8] = []
        let working = scratch
        withUnsafePointer(to: template) { row in
            JournalRowEncoder.append(row, newline: false, to: &bytes, scratch: working)
        }
        let marker = Array(",\"file\":".utf8)
        var start = bytes.count - marker.count
        while start > 0, !bytes[start..<start + marker.count].elementsEqual(marker) { start -= 1 }
        head = start
        tail = bytes.count - start
    }

    /// `text` as the encoder writes a string, without its quotes.
    public func escaped(_ text: String) -> [UInt8] {
        var copy = text
        let plain = copy.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return true }
            return JSONStringBytes.firstSpecial(base, from: 0, to: bytes.count) == bytes.count
        }
        if plain { return Array(text.utf8) }
        var row = template
        row.payee = text
        let bytes = encoded(row)
        // The template's payee is `""`: the text goes between those quotes.
        return Array(bytes[(head - 1)..<(bytes.count - tail - 1)])
    }

    /// What the encoder writes between a row's bank fields and `,"file":` for a transaction with
    /// `t`'s category, source, tags, note, splits and transfer and ignore marks (nothing for none).
    public func addedFields(of t: Transaction) -> [UInt8] {
        var row = template
        row.category = t.category
        row.categorySource = t.categorySource
        row.tags = t.tags
        row.note = t.note
        row.splits = t.splits
        row.isTransfer = t.isTransfer
        row.transferPeer = t.transferPeer
        row.isIgnored = t.isIgnored
        let bytes = encoded(row)
        return Array(bytes[head..<(bytes.count - tail)])
    }

    /// The row for `t`, as `JournalCodec.encode` writes it (without the line feed).
    public func encoded(_ t: Transaction) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafePointer(to: t) { row in JournalRowEncoder.append(row, newline: false, to: &bytes, scratch: scratch) }
        return bytes
    }
}
