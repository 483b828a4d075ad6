import Ledger

/// A posting as the writers take it: its account by its place in `ExportBook.accounts`.
///
/// Why not `BookPosting`: at a million rows, an array of postings with their accounts (each with
/// its array of name components) made per row, and each account hashed again to find its spelled
/// name, cost the text files about a tenth of their time in retains and hashing. A place in the
/// sorted accounts is an index into the names a writer spells once.
struct PostingLine {
    /// Where the account is in `ExportBook.accounts`.
    var account: Int
    var amount: Money
    /// As `BookPosting.totalPrice`.
    var totalPrice: Money?
    /// As `BookPosting.row`.
    var row: Int?
}
