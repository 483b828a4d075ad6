import Foundation
import Ledger

/// What the new ledger's rows can be told by, and the spare it is written over (`AtomicFileWriter`'s
/// recycling) with what that spare's rows were written from (`JournalRowsFile`): the ledger leaves
/// in place the leading rows the spare already holds as it would write them (`LedgerWriter`).
///
/// Why: the ledger's rows are in canonical order (date first), so at a month end all but the new
/// month's rows are the last ledger's, and the spare (the ledger of the run before) holds them
/// alike. Writing 260 MB over the spare made the stage copy every row's bytes and then wait for
/// the disk (`commit` flushes it); left in place, those bytes are neither copied nor written.
///
/// A row's identity (`LedgerWriter`): a row read in place is its journal row's bytes with the
/// payee replaced and the added fields spliced in, so its identity is the journal row's (from the
/// journal's rows file, which the import writes, `RowIdentity`) mixed with the hashes of the
/// payee and the added fields written; any other row's is a hash of the bytes written. Only rows
/// from the start are left, and only while each one's identity and length equal the spare's row's.
struct EarlierLedger {
    /// The rows file of the ledger the new one replaces, when it describes it: it follows that
    /// file to the spare's name (`JournalRowsFile.commit`).
    let ledger: JournalRowsFile?
    /// The rows file of the spare the writer writes over, when it describes it.
    let spare: JournalRowsFile?
    /// The journal's rows, by row index, and where each one starts in the journal's bytes.
    let journal: JournalRows
    let journalStarts: [Int]
    /// The recycled writer the ledger goes to.
    let writer: AtomicFileWriter

    /// The earlier ledger for rows read from a journal whose rows are `journal` (its rows file,
    /// checked against the journal as it was read), written by `writer` to `ledgerPath`; nil
    /// when the journal's rows are not known, or are not `count`.
    init?(ledger ledgerPath: String, journal: JournalRows?, count: Int, writer: AtomicFileWriter) {
        guard let journal, journal.identities.count == count, journal.lengths.count == count else { return nil }
        self.journal = journal
        var starts = [Int](repeating: 0, count: count)
        var offset = journal.headerLength
        for index in 0..<count {
            starts[index] = offset
            offset += Int(journal.lengths[index])
        }
        journalStarts = starts
        self.writer = writer
        ledger = JournalRowsFile(describing: ledgerPath)
        spare = JournalRowsFile(spareOf: writer)
    }

    /// Leaves the spare's header and its first `rows` rows in place (`JournalRowsFile.keepLeadingRows`);
    /// false, and nothing done, when they cannot be.
    func keep(header: [UInt8], rows: Int) -> Bool {
        spare?.keepLeadingRows(rows, header: header, in: writer) ?? false
    }
}
