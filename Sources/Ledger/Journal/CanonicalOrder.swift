/// A row that has a place in the canonical order of a journal: by date, then account, then id.
public protocol CanonicallyOrdered {
    var date: CivilDate { get }
    var account: AccountID { get }
    var id: TransactionID { get }
}

extension CanonicallyOrdered {
    /// True when `self` comes before `other` in canonical order.
    @inlinable
    public func precedes(_ other: Self) -> Bool {
        if date != other.date { return date < other.date }
        if account != other.account { return account < other.account }
        return id < other.id
    }
}

extension Transaction: CanonicallyOrdered {}
extension FigureRow: CanonicallyOrdered {}

extension Array where Element: CanonicallyOrdered {
    /// Sorts the rows into canonical order; returns true when they were in it already (nothing moved).
    ///
    /// A stage that reads a journal usually gets it in this order already, so one linear check
    /// comes first: sorting a million rows (moving large values, comparing ids) is not free.
    @inlinable @discardableResult
    public mutating func sortCanonically() -> Bool {
        let inOrder = withUnsafeBufferPointer { rows in
            // Fields are compared in place: copying a row for each comparison would retain its strings.
            rows.indices.dropFirst().allSatisfy { !rows[$0].precedes(rows[$0 - 1]) }
        }
        if !inOrder { sort { $0.precedes($1) } }
        return inOrder
    }
}
