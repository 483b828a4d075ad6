import CRename
import Ledger

/// Asking for a row's bytes before they are read (`closebook_prefetch`), for writers that read a
/// few bytes of each of many rows in order: too few for the processor to see a stream, so each
/// read waited for memory (a row's id in the journal, a payee's text on the heap).
extension LedgerRows {
    /// How many rows ahead a writer asks for the bytes it will read.
    static let prefetchDistance = 8

    /// Row `row`'s id and, when `status`, the bytes after its payee (where its status is), when the
    /// row lies in the journal's bytes.
    @inline(__always)
    func prefetchBytes(of row: Int, status: Bool = false) {
        guard let base = file?.buffer.baseAddress else { return }
        let place = layout[row]
        guard place.decoded < 0 else { return }
        closebook_prefetch(base + place.start)
        if status { closebook_prefetch(base + place.start + Int(place.payeeEnd)) }
    }

    /// Text `index`'s place in `texts` (where its storage is named).
    @inline(__always)
    func prefetchText(_ index: Int32) {
        texts.withUnsafeBufferPointer { texts in
            if let base = texts.baseAddress { closebook_prefetch(base + Int(index)) }
        }
    }

    /// Text `index`'s bytes (ask for its place in `texts` first, a few rows before).
    @inline(__always)
    func prefetchTextBytes(_ index: Int32) {
        _ = texts[Int(index)].utf8.withContiguousStorageIfAvailable { bytes in
            if let base = bytes.baseAddress { closebook_prefetch(base) }
        }
    }
}
