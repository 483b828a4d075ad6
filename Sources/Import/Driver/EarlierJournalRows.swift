import Ledger

/// The rows of a journal an earlier import wrote, which an import copies where its own leading
/// rows are the same (`ImportDriver.earlierJournal`), rather than encoding them again.
///
/// Why a protocol: the driver is pure (files in, values out); the command knows where the last
/// journal is and what it was made of (`JournalRowsFile`).
public protocol EarlierJournalRows: Sendable {
    /// Gives the journal its header line (`header`, handed to `sink` or found already in place)
    /// and then the earlier journal's leading rows, for as long as their identities
    /// (`ImportRun.rowIdentities`) equal the leading ones of `identities`, each ended by its line
    /// feed; returns the lengths of those rows. The pieces follow the rules of
    /// `ImportDriver.run(_:journalPieces:)`'s sink.
    func writeLeadingRows(
        header: inout [UInt8], matching identities: [UInt64], to sink: (inout [UInt8]) -> Void
    )
        -> [UInt32]
}
