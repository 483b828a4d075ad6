import Ledger

/// One parsed record on its way into the journal: where it came from, the account and id it was
/// given, and what became of it.
///
/// A large import holds a million of these at once, so an entry is small and holds no reference
/// (copying one touches nothing else): it points at its record (`ImportRun.records`) instead of
/// copying it, names its account by index, keeps what its id is made of rather than its text
/// (`EntryIDs`), and carries the few record facts de-duplication reads on every comparison (day,
/// amount, status).
struct ImportEntry {
    /// Why a record is not in the journal although it was read.
    enum Fate: Equatable {
        case imported
        /// Another entry (by index) is the same bank line.
        case duplicate(of: Int, rule: DuplicateRule)
    }

    enum DuplicateRule: String {
        /// The same id in the same account: an overlapping export, or a repeated FITID.
        case sameID = "same-id"
        /// An OFX record and a CSV/QIF record, one-to-one on date and amount where both files overlap.
        case crossFormat = "cross-format"
        /// A pending record whose posted version arrived.
        case pendingSuperseded = "pending-superseded"
    }

    /// The index of the file, in file-name order.
    var file: Int32
    /// The record: `ImportRun.records[list][record]`.
    var list: Int32
    var record: Int32
    /// The index of the account in `ImportRun.accounts`.
    var account: Int32
    /// The record's date as a day number, and its amount in the account's currency.
    var day: Int32
    var minorUnits: Int64
    /// What the id is made of: for a derived id the content hash and this occurrence; for a bank
    /// id, this is its index in `EntryIDs.bankIDs`.
    var contentHash: UInt64
    var idDetail: Int32
    /// A hash of the id's bytes, for finding equal ids without comparing text (see
    /// `ImportRun.idsAreASCII` for when equal bytes and equal ids are the same thing).
    var idHash: UInt64
    /// The first eight bytes of the id after its account prefix, for sorting (see `CanonicalOrder`).
    var idPrefix: UInt64
    /// `idPrefix` orders ids as their text does (it holds ASCII that cannot combine with what follows).
    var idPrefixOrders: Bool
    /// The id comes from the bank (an OFX `FITID`), not from the record's content.
    var hasBankID: Bool
    var isPending: Bool
    var fate: Fate = .imported

    var isImported: Bool { fate == .imported }
    var isPosted: Bool { !isPending }
}
