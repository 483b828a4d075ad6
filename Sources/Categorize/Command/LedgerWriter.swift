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
    ///
    /// Looked up in a `ProbingTable` rather than a `Dictionary`: at a month end there is a key for
    /// nearly every rule decision, tens of thousands, and a row whose key differs from the row
    /// before's was hashed with SipHash over its five fields (about 30 ms of the ledger's writing
    /// at 1M rows).
    struct AddedKey: ProbingKey {
        var category: Int32
        var source: Int32
        var decision: Int32
        var isTransfer: Bool
        var isIgnored: Bool

        var probeHash: UInt64 {
            let high = UInt64(UInt32(bitPattern: category)) << 32 | UInt64(UInt32(bitPattern: source))
            let low = UInt64(UInt32(bitPattern: decision)) << 2 | (isTransfer ? 2 : 0) | (isIgnored ? 1 : 0)
            return high &* 0x9E37_79B9_7F4A_7C15 ^ low
        }
    }

    /// Writes the ledger to `output` and, with `figures`, its figure rows to that file in the same
    /// pass (`LedgerFigures`), before the journal's pages behind each row are let go.
    static func write(
        _ rows: LedgerRows, _ result: Categorization, to output: AtomicFileWriter, figures: AtomicFileWriter? = nil
    ) {
        var figureRows = figures.map { LedgerFigures(rows, to: $0) }
        defer { figureRows?.finish() }
        let splice = JournalRowSplice()
        var header = rows.header
        header.stage = "ledger"
        header.transactions = []
        // Written through a pointer: a row is half a dozen pieces, and a journal millions of rows.
        var bytes = ByteBuffer(capacity: chunk + 64 * 1024)
        bytes.append(JournalCodec.encode(header))
        let hasSplits = !rows.splits.isEmpty
        // Escaped payees and added fields, each made once, kept end to end in one array each.
        var payees = PieceStore()
        var payeePiece = [Int32](repeating: -1, count: rows.texts.count)
        var added = PieceStore()
        var addedPiece = ProbingTable<AddedKey, Int32>()
        var last: (key: AddedKey, piece: Int32)?
        let base = rows.file?.buffer.baseAddress
        let order = rows.canonicalOrder()
        var released = 0
        for position in 0..<rows.count {
            let row = order?[position] ?? position
            figureRows?.append(rows, result, row: row)
            // In file order, the journal's pages behind this row are not read again here.
            if order == nil { rows.releasePages(before: row, released: &released) }
            let place = rows.layout[row]
            guard place.decoded < 0, let base else {
                bytes.append(splice.encoded(result.finished(rows, row)))
                bytes.append(0x0A)
                if bytes.count >= chunk { flush(&bytes, output) }
                continue
            }
            let start = base + place.start
            let newPayee = Int(rows.newPayee[row])
            bytes.append(UnsafeBufferPointer(start: start, count: Int(place.payeeStart)))
            if newPayee >= 0 {
                if payeePiece[newPayee] < 0 { payeePiece[newPayee] = payees.add(splice.escaped(rows.texts[newPayee])) }
                payees.append(payeePiece[newPayee], to: &bytes)
            } else {
                bytes.append(
                    UnsafeBufferPointer(
                        start: start + Int(place.payeeStart), count: Int(place.payeeEnd - place.payeeStart)))
            }
            bytes.append(
                UnsafeBufferPointer(start: start + Int(place.payeeEnd), count: Int(place.tail - place.payeeEnd)))
            if rows.peer[row] >= 0 || hasSplits && rows.splits[row] != nil {
                bytes.append(splice.addedFields(of: result.finished(rows, row)))
            } else {
                let key = AddedKey(
                    category: rows.category[row], source: rows.source[row], decision: rows.decision[row],
                    isTransfer: rows.isTransfer[row], isIgnored: rows.isIgnored[row])
                if let last, last.key == key {
                    added.append(last.piece, to: &bytes)
                } else {
                    let piece: Int32
                    if let known = addedPiece.value(for: key) {
                        piece = known
                    } else {
                        piece = addedPiece.value(for: key, orAdding: added.add(addedFields(key, rows, result, splice)))
                    }
                    last = (key, piece)
                    added.append(piece, to: &bytes)
                }
            }
            bytes.append(UnsafeBufferPointer(start: start + Int(place.tail), count: Int(place.end - place.tail)))
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

    static func flush(_ bytes: inout ByteBuffer, _ output: AtomicFileWriter) {
        output.write(bytes.bytes)
        bytes.removeAll()
    }
}
