import CRename
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
    ///
    /// With `earlier`, each row's identity is worked out (`EarlierLedger`), the leading rows the
    /// spare holds alike are left where they are, and the ledger's rows are returned for its rows
    /// file (`Written`).
    @discardableResult
    static func write(
        _ rows: LedgerRows, _ result: Categorization, to output: AtomicFileWriter, figures: AtomicFileWriter? = nil,
        earlier: EarlierLedger? = nil
    ) -> Written {
        var figureRows = figures.map { LedgerFigures(rows, to: $0) }
        defer { figureRows?.finish() }
        let splice = JournalRowSplice()
        var header = rows.header
        header.stage = "ledger"
        header.transactions = []
        let headerBytes = JournalCodec.encode(header)
        // Written through a pointer: a row is half a dozen pieces, and a journal millions of rows.
        var bytes = ByteBuffer(capacity: chunk + 64 * 1024)
        let hasSplits = !rows.splits.isEmpty
        // Escaped payees and added fields, each made once, kept end to end in one array each.
        var payees = PieceStore()
        // Per text, its piece once made, with the piece's length and hash beside it: one place to
        // read for a row's new payee (the texts are met in no order, and each read waited for memory).
        var payeeSlots = [PayeeSlot](repeating: PayeeSlot(), count: rows.texts.count)
        var added = PieceStore()
        var addedPiece = ProbingTable<AddedKey, Int32>()
        var last: (key: AddedKey, piece: Int32)?
        let base = rows.file?.buffer.baseAddress
        let order = rows.canonicalOrder()
        var released = 0
        // With `earlier`: each row's identity and length, in the ledger's order.
        var identities: [UInt64] = []
        var lengths: [UInt32] = []
        if earlier != nil {
            identities.reserveCapacity(rows.count)
            lengths.reserveCapacity(rows.count)
        }
        var other: [UInt8] = []
        // What `earlier` knows, taken out of it once: read for every row.
        let tracking = earlier != nil
        let journalIdentities = earlier?.journal.identities ?? []
        let journalLengths = earlier?.journal.lengths ?? []
        let journalStarts = earlier?.journalStarts ?? []

        /// Row `row`'s bytes, appended to `bytes` when `emit`; its identity (0 without `earlier`)
        /// and its length, its line feed counted.
        func row(_ row: Int, emit: Bool) -> (identity: UInt64, length: Int) {
            let place = rows.layout[row]
            let mark = bytes.count
            guard place.decoded < 0, let base else {
                bytes.append(splice.encoded(result.finished(rows, row)))
                bytes.append(0x0A)
                return toldByBytes(from: mark, emit: emit)
            }
            let start = base + place.start
            let newPayee = Int(rows.newPayee[row])
            var payee: Int32 = -1
            var payeeLength = Int(place.payeeEnd - place.payeeStart)
            var payeeHash: UInt64 = 0
            if newPayee >= 0 {
                if payeeSlots[newPayee].piece < 0 {
                    let piece = payees.add(splice.escaped(rows.texts[newPayee]))
                    payeeSlots[newPayee] = PayeeSlot(
                        piece: piece, length: Int32(payees.count(of: piece)), hash: payees.hashes[Int(piece)])
                }
                let slot = payeeSlots[newPayee]
                payee = slot.piece
                payeeLength = Int(slot.length)
                payeeHash = slot.hash
            }
            let addedLength: Int
            let addedHash: UInt64
            var piece: Int32 = -1
            if rows.peer[row] >= 0 || hasSplits && rows.splits[row] != nil {
                other = splice.addedFields(of: result.finished(rows, row))
                addedLength = other.count
                addedHash = tracking ? other.withUnsafeBufferPointer { ByteKeyedCache<Int>.hash($0) } : 0
            } else {
                let key = AddedKey(
                    category: rows.category[row], source: rows.source[row], decision: rows.decision[row],
                    isTransfer: rows.isTransfer[row], isIgnored: rows.isIgnored[row])
                if let last, last.key == key {
                    piece = last.piece
                } else if let known = addedPiece.value(for: key) {
                    piece = known
                } else {
                    piece = addedPiece.value(for: key, orAdding: added.add(addedFields(key, rows, result, splice)))
                }
                last = (key, piece)
                addedLength = added.count(of: piece)
                addedHash = added.hashes[Int(piece)]
            }
            let length = Int(place.end) - Int(place.payeeEnd - place.payeeStart) + payeeLength + addedLength + 1
            // The journal's identity of the row, when its rows file says it is this row (the same
            // start and length); a row it does not vouch for is told by its bytes, below.
            var identity: UInt64 = 0
            var vouched = false
            if tracking {
                let journal = journalIdentities[row]
                vouched =
                    place.start == journalStarts[row] && Int(place.end) + 1 == Int(journalLengths[row])
                    && journal != RowIdentity.unknown
                if vouched { identity = RowIdentity.combine(journal, payeeHash, addedHash, UInt64(length), 1, 0) }
            }
            if vouched, !emit { return (identity, length) }
            bytes.append(UnsafeBufferPointer(start: start, count: Int(place.payeeStart)))
            if payee >= 0 {
                payees.append(payee, to: &bytes)
            } else {
                bytes.append(
                    UnsafeBufferPointer(
                        start: start + Int(place.payeeStart), count: Int(place.payeeEnd - place.payeeStart)))
            }
            bytes.append(
                UnsafeBufferPointer(start: start + Int(place.payeeEnd), count: Int(place.tail - place.payeeEnd)))
            if piece >= 0 {
                added.append(piece, to: &bytes)
            } else {
                other.withUnsafeBufferPointer { bytes.append($0) }
            }
            bytes.append(UnsafeBufferPointer(start: start + Int(place.tail), count: Int(place.end - place.tail)))
            bytes.append(0x0A)
            if tracking, !vouched { return toldByBytes(from: mark, emit: emit) }
            return (identity, length)
        }

        /// A row just made whole in `bytes` from `mark` on: told by a hash of its bytes, and taken
        /// back out unless `emit`.
        func toldByBytes(from mark: Int, emit: Bool) -> (identity: UInt64, length: Int) {
            let length = bytes.count - mark
            var identity: UInt64 = 0
            if tracking {
                let hash = ByteKeyedCache<Int>.hash(bytes.bytes(mark..<bytes.count))
                identity = RowIdentity.combine(hash, UInt64(length), 2, 0, 0, 0)
            }
            if !emit { bytes.removeLast(from: mark) }
            return (identity, length)
        }

        /// Asks for the journal's bytes of the row some places on (its id, and its status after the
        /// payee) before they are read (`LedgerRows.prefetchBytes`): where rows are left in place
        /// only a few bytes of each are read.
        @inline(__always) func prefetch(_ position: Int) {
            let next = position + LedgerRows.prefetchDistance
            guard next < rows.count else { return }
            let row = order?[next] ?? next
            rows.prefetchBytes(of: row, status: true)
            // And its new payee's slot.
            let newPayee = Int(rows.newPayee[row])
            if newPayee >= 0 {
                payeeSlots.withUnsafeBufferPointer { slots in
                    if let base = slots.baseAddress { closebook_prefetch(base + newPayee) }
                }
            }
        }

        // The spare's leading rows, as long as each is the row this ledger has there: left in place.
        var kept = 0
        var figured = 0
        if let earlier, let spare = earlier.spare {
            let spareIdentities = spare.rows.identities
            let spareLengths = spare.rows.lengths
            while figured < rows.count, figured < spareIdentities.count {
                let index = order?[figured] ?? figured
                prefetch(figured)
                let (identity, length) = row(index, emit: false)
                guard identity == spareIdentities[figured], length == Int(spareLengths[figured]) else { break }
                figureRows?.append(rows, result, row: index)
                if order == nil { rows.releasePages(before: index, released: &released) }
                identities.append(identity)
                lengths.append(UInt32(length))
                figured += 1
            }
            if earlier.keep(header: headerBytes, rows: figured) { kept = figured }
        }
        if kept == 0 { bytes.append(headerBytes) }
        for position in kept..<rows.count {
            let index = order?[position] ?? position
            prefetch(position)
            if position >= figured {
                figureRows?.append(rows, result, row: index)
                // In file order, the journal's pages behind this row are not read again here.
                if order == nil { rows.releasePages(before: index, released: &released) }
            }
            let (identity, length) = row(index, emit: true)
            if tracking, position >= identities.count {
                identities.append(identity)
                lengths.append(UInt32(length))
            }
            if bytes.count >= chunk { flush(&bytes, output) }
        }
        flush(&bytes, output)
        guard tracking, identities.count == rows.count else { return Written(kept: kept) }
        return Written(
            rows: JournalRows(headerLength: headerBytes.count, identities: identities, lengths: lengths), kept: kept)
    }

    /// A new payee's piece (-1 until made), its length and its hash.
    struct PayeeSlot {
        var piece: Int32 = -1
        var length: Int32 = 0
        var hash: UInt64 = 0
    }

    /// What `write` did: the ledger's rows (nil without `EarlierLedger`), and how many leading rows
    /// it left where the spare holds them.
    struct Written {
        var rows: JournalRows?
        var kept = 0
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
