import Ledger

/// One parsed record on its way into the journal: where it came from, the account and id it was
/// given, and what became of it.
struct ImportEntry {
    /// Why a record is not in the journal although it was read.
    enum Fate: Equatable {
        case imported
        /// Another entry (by index) is the same bank line.
        case duplicate(of: Int, rule: DuplicateRule)
        /// Parsed, but cannot go into its account (the reason says why).
        case skipped(String)
    }

    enum DuplicateRule: String {
        /// The same id in the same account: an overlapping export, or a repeated FITID.
        case sameID = "same-id"
        /// An OFX record and a CSV/QIF record, one-to-one on date and amount where both files overlap.
        case crossFormat = "cross-format"
        /// A pending record whose posted version arrived.
        case pendingSuperseded = "pending-superseded"
    }

    /// The index of the file (in file-name order) and of the statement within it.
    var file: Int
    var statement: Int
    var record: ParsedRecord
    var account: AccountID
    var id: TransactionID
    /// The id comes from the bank (an OFX `FITID`), not from the record's content.
    var hasBankID: Bool
    var fate: Fate = .imported

    var isImported: Bool { fate == .imported }
}
