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

/// What an import's journal rows were written from, and how long each is: what the next import
/// compares its rows with (`EarlierJournalRows`).
public struct JournalRows: Sendable, Equatable {
    /// The bytes of the header line, its line feed counted.
    public var headerLength: Int
    /// Per row, in the journal's order: `ImportRun.rowIdentities`.
    public var identities: [UInt64]
    /// Per row: its bytes, its line feed counted.
    public var lengths: [UInt32]

    public init(headerLength: Int, identities: [UInt64], lengths: [UInt32]) {
        self.headerLength = headerLength
        self.identities = identities
        self.lengths = lengths
    }
}
