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

    // The fields are in this order so that an entry takes 64 bytes, a cache line: a million of
    // them are written once and read by every later step.

    /// The index of the file, in file-name order.
    var file: Int32
    /// The record: `ImportRun.records[list][record]`.
    var list: Int32
    var record: Int32
    /// The index of the account in `ImportRun.accounts`.
    var account: Int32
    /// The record's date as a day number, and its amount in the account's currency.
    var day: Int32
    /// What the id is made of: for a derived id the content hash and this occurrence; for a bank
    /// id, this is its index in `EntryIDs.bankIDs`.
    var idDetail: Int32
    var minorUnits: Int64
    var contentHash: UInt64
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
    /// `fate`, packed: the rule and the entry kept instead of this one (-1 while imported).
    private var keptRule = DuplicateRule.sameID
    private var keptEntry: Int32 = -1

    init(
        file: Int32, list: Int32, record: Int32, account: Int32, day: Int32, minorUnits: Int64, contentHash: UInt64,
        idDetail: Int32, idHash: UInt64, idPrefix: UInt64, idPrefixOrders: Bool, hasBankID: Bool, isPending: Bool
    ) {
        self.file = file
        self.list = list
        self.record = record
        self.account = account
        self.day = day
        self.idDetail = idDetail
        self.minorUnits = minorUnits
        self.contentHash = contentHash
        self.idHash = idHash
        self.idPrefix = idPrefix
        self.idPrefixOrders = idPrefixOrders
        self.hasBankID = hasBankID
        self.isPending = isPending
    }

    var fate: Fate {
        get { keptEntry < 0 ? .imported : .duplicate(of: Int(keptEntry), rule: keptRule) }
        set {
            switch newValue {
            case .imported: keptEntry = -1
            case .duplicate(let kept, let rule):
                keptEntry = Int32(kept)
                keptRule = rule
            }
        }
    }

    var isImported: Bool { keptEntry < 0 }
    var isPosted: Bool { !isPending }
}
