import Ledger

/// Writes the ledger of a categorised `LedgerRows` as it goes, a chunk at a time.
///
/// Rows read in place (`CanonicalRow`) are copied from the journal's bytes with the payee replaced
/// and the added fields (category, source, tags...) spliced in before `,"file":`; those bytes come
/// from `JournalRowSplice`, once per distinct payee and per distinct combination of added fields.
/// Other rows are finished as transactions and encoded. Either way the bytes are those
/// `JournalCodec.encode` writes for the finished transactions, in the same canonical order.
struct LedgerWriter {
    /// About the size of each write.
    static let chunk = 1 << 20

    /// What decides the added fields of a row without a transfer peer or splits.
    private struct AddedKey: Hashable {
        var category: Int32
        var source: Int32
        var decision: Int32
        var isTransfer: Bool
        var isIgnored: Bool
    }

    static func write(_ rows: LedgerRows, _ result: Categorization, to output: AtomicFileWriter) {
        let splice = JournalRowSplice()
        var header = rows.header
        header.stage = "ledger"
        header.transactions = []
        var bytes = JournalCodec.encode(header)
        bytes.reserveCapacity(chunk + 64 * 1024)
        var payees = [[UInt8]?](repeating: nil, count: rows.texts.count)
        var added: [AddedKey: [UInt8]] = [:]
        var last: (key: AddedKey, bytes: [UInt8])?
        let base = rows.file?.buffer.baseAddress
        let order = rows.canonicalOrder()
        for position in 0..<rows.count {
            let row = order?[position] ?? position
            let place = rows.layout[row]
            guard place.decoded < 0, let base else {
                bytes += splice.encoded(result.finished(rows, row))
                bytes.append(0x0A)
                if bytes.count >= chunk { flush(&bytes, output) }
                continue
            }
            let start = base + place.start
            let newPayee = Int(rows.newPayee[row])
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: Int(place.payeeStart)))
            if newPayee >= 0 {
                if payees[newPayee] == nil { payees[newPayee] = splice.escaped(rows.texts[newPayee]) }
                bytes += payees[newPayee]!
            } else {
                bytes.append(
                    contentsOf: UnsafeBufferPointer(
                        start: start + Int(place.payeeStart), count: Int(place.payeeEnd - place.payeeStart)))
            }
            bytes.append(
                contentsOf: UnsafeBufferPointer(
                    start: start + Int(place.payeeEnd), count: Int(place.tail - place.payeeEnd)))
            if rows.peer[row] >= 0 || rows.splits[row] != nil {
                bytes += splice.addedFields(of: result.finished(rows, row))
            } else {
                let key = AddedKey(
                    category: rows.category[row], source: rows.source[row], decision: rows.decision[row],
                    isTransfer: rows.isTransfer[row], isIgnored: rows.isIgnored[row])
                if let last, last.key == key {
                    bytes += last.bytes
                } else {
                    let fields = added[key] ?? addedFields(key, rows, result, splice)
                    added[key] = fields
                    last = (key, fields)
                    bytes += fields
                }
            }
            bytes.append(
                contentsOf: UnsafeBufferPointer(start: start + Int(place.tail), count: Int(place.end - place.tail)))
            bytes.append(0x0A)
            if bytes.count >= chunk { flush(&bytes, output) }
        }
        flush(&bytes, output)
    }

    private static func addedFields(
        _ key: AddedKey, _ rows: LedgerRows, _ result: Categorization, _ splice: JournalRowSplice
    ) -> [UInt8] {
        var t = Transaction(
            id: TransactionID(""), account: AccountID(""), date: CivilDate(year: 2000, month: 1, day: 1)!,
            amount: Money(minorUnits: 0, currency: .eur), payee: "", source: SourceLocation(file: "", line: 0))
        t.category = key.category >= 0 ? rows.categories[Int(key.category)] : nil
        t.categorySource = rows.sources[Int(key.source)]
        if key.decision >= 0 {
            let decision = result.decisions[Int(key.decision)]
            t.tags = decision.tags
            t.note = decision.note
        }
        t.isTransfer = key.isTransfer
        t.isIgnored = key.isIgnored
        return splice.addedFields(of: t)
    }

    static func flush(_ bytes: inout [UInt8], _ output: AtomicFileWriter) {
        output.write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
