import Foundation
import Ledger

/// The last journal, and the spare the new one is written over (`AtomicFileWriter`'s
/// recycling), with what each one's rows were written from (`JournalRowsFile`): the new journal
/// leaves in place the leading rows the spare already holds as it would write them, copies the
/// journal's next ones, and encodes only the rest.
///
/// Why: the journal's rows are in canonical order (date first), so at a month end all but the
/// new month's rows are the last journal's, and the spare (the journal of the import before) holds
/// all but the last two months'. Encoding a million rows again was a quarter of the import, and
/// writing 230 MB over the spare made the import wait at the end for the disk (`commit` flushes
/// it). Left in place, those bytes are neither made, copied nor written.
///
/// Only rows from the start are taken, and only while each one's identity equals the new row's:
/// the first row that differs, and every row after it, is written anew.
final class EarlierJournal: EarlierJournalRows, @unchecked Sendable {
    // @unchecked: the writer is used by one thread at a time; `writeLeadingRows` runs before the
    // first piece is handed to the thread that writes them (`WriteBehind`).

    /// The most bytes handed on at once (a longer row is handed on alone).
    static let pieceSize = 256 * 1024

    let journalPath: String
    /// The rows file of the journal at `journalPath`, when it describes it.
    let journal: JournalRowsFile?
    /// The rows file of the spare `writer` writes over, when it describes it.
    let spare: JournalRowsFile?
    let writer: AtomicFileWriter
    /// What `writeLeadingRows` did: rows left where the spare holds them, rows copied from the
    /// journal.
    private(set) var kept = 0
    private(set) var copied = 0

    /// The earlier rows for a journal at `journalPath` written by `writer`.
    init(journal journalPath: String, writer: AtomicFileWriter) {
        self.journalPath = journalPath
        self.writer = writer
        journal = JournalRowsFile(describing: journalPath)
        spare = JournalRowsFile(spareOf: writer)
    }

    func writeLeadingRows(
        header: inout [UInt8], matching new: [UInt64], to sink: (inout [UInt8]) -> Void
    )
        -> [UInt32]
    {
        var lengths: [UInt32] = []
        // The spare's rows, left where they are: only before anything is handed on, so that no
        // piece is waiting to be written before them.
        if let spare {
            let kept = JournalRowsFile.commonRows(new, spare.rows.identities)
            if spare.keepLeadingRows(kept, header: header, in: writer) {
                lengths = Array(spare.rows.lengths[..<kept])
                self.kept = kept
            }
        }
        if lengths.isEmpty { sink(&header) }
        // The journal's rows after those.
        if let journal {
            let copyable = JournalRowsFile.commonRows(new, journal.rows.identities)
            if copyable > lengths.count {
                let start = journal.rows.lengths[..<lengths.count].reduce(journal.rows.headerLength) { $0 + Int($1) }
                let handed = copy(journal.rows.lengths[lengths.count..<copyable], from: start, to: sink)
                copied = handed.count
                lengths += handed
            }
        }
        return lengths
    }

    /// Hands `sink` the rows of the journal whose lengths are `lengths`, the first at byte `start`,
    /// read straight into each piece (the kernel's copy the only one); returns the lengths of
    /// those handed. A piece holds whole rows, so that a read that fails hands on whole rows
    /// only, and the run encodes the rest.
    private func copy(
        _ lengths: ArraySlice<UInt32>, from start: Int, to sink: (inout [UInt8]) -> Void
    )
        -> ArraySlice<UInt32>
    {
        guard let journal, journal.describes(journalPath) else { return [] }
        let descriptor = open(journalPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var before: UInt8 = 0
        guard pread(descriptor, &before, 1, off_t(start - 1)) == 1, before == 0x0A else { return [] }
        var row = lengths.startIndex
        var offset = start
        while row < lengths.endIndex {
            var size = 0
            var next = row
            while next < lengths.endIndex, size < EarlierJournal.pieceSize {
                size += Int(lengths[next])
                next += 1
            }
            var complete = false
            var piece = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                var done = 0
                while done < size, let base = buffer.baseAddress {
                    let count = pread(descriptor, base + done, size - done, off_t(offset + done))
                    if count <= 0 { break }
                    done += count
                }
                complete = done == size && buffer[size - 1] == 0x0A
                initialized = done
            }
            guard complete else { break }
            sink(&piece)
            offset += size
            row = next
        }
        return lengths[..<row]
    }
}
