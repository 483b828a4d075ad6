import Ledger

/// The order of `uncategorized.csv`: most money first, then oldest, then by id.
struct UncategorizedOrder {
    /// The rows left uncategorised, in row order.
    var uncategorized: [UncategorizedRow]

    /// Most money first, then oldest, then by id.
    ///
    /// Sorts packed numeric keys (contiguous, no closure reaching into the rows; by their digits,
    /// `RadixSort`, when they fit in 64 bits), then orders each run of equal amount and date by
    /// id: the same order as one stable sort by all three.
    /// Returns positions in `uncategorized` (which is in row order) in the order of the file.
    func positions(_ rows: LedgerRows) -> [Int32] {
        // One number per row: how far the magnitude is below the largest (largest first) above the
        // day's offset from the first day above the position. Comparing plain integers sorts
        // several times faster than comparing tuples through a closure, and the position keeps keys
        // distinct. 64 bits hold all three unless amounts or dates are far apart; else 128 do.
        let days = uncategorized.map { $0.date.dayNumber }
        let largest = uncategorized.lazy.map(\.minorUnits.magnitude).max() ?? 0
        let firstDay = days.min() ?? 0
        let lastDay = days.max() ?? 0
        func bits(_ value: UInt64) -> Int { UInt64.bitWidth - value.leadingZeroBitCount }
        let positionBits = bits(UInt64(uncategorized.count))
        let dayBits = bits(UInt64(lastDay - firstDay))
        if bits(largest) + dayBits + positionBits <= 64 {
            var keys = uncategorized.indices.map { position in
                (largest - uncategorized[position].minorUnits.magnitude) << (dayBits + positionBits)
                    | UInt64(days[position] - firstDay) << positionBits | UInt64(position)
            }
            RadixSort.sort(&keys, bits: bits(largest) + dayBits + positionBits)
            return sortUncategorized(keys, positionBits: positionBits, rows)
        }
        var keys = uncategorized.indices.map { position in
            UInt128(largest - uncategorized[position].minorUnits.magnitude) << 64
                | UInt128(UInt64(days[position] - firstDay)) << 32 | UInt128(position)
        }
        keys.sort()
        return sortUncategorized(keys, positionBits: 32, rows)
    }

    /// How many rows are ordered by id between two `LedgerRows.releaseAllPages`: a page or two of
    /// the journal each, so at most a few megabytes of it are held.
    static let idsBetweenReleases = 1024

    /// Orders each run of equal amount and date of `keys` (sorted, each ending in `positionBits`
    /// bits of position in `uncategorized`) by id.
    private func sortUncategorized<Key: FixedWidthInteger & UnsignedInteger>(
        _ keys: [Key], positionBits: Int, _ rows: LedgerRows
    ) -> [Int32] {
        var keys = keys
        let positionMask = (Key(1) << positionBits) &- 1
        func position(_ key: Key) -> Int { Int(truncatingIfNeeded: key & positionMask) }
        var start = 0
        // Rows ordered by id since the journal's pages were last given back.
        var sinceRelease = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end] >> positionBits == keys[start] >> positionBits { end += 1 }
            if end - start > 1 {
                keys[start..<end].sort { lhs, rhs in
                    let left = uncategorized[position(lhs)].index
                    let right = uncategorized[position(rhs)].index
                    if rows.idPrecedes(left, right) { return true }
                    if rows.idPrecedes(right, left) { return false }
                    return lhs < rhs
                }
                // The ids are read from the journal at random places: given back now and then, the
                // pages read do not pile up to the whole journal (226 MB at 1M rows with 10 rules).
                sinceRelease += end - start
                if sinceRelease >= Self.idsBetweenReleases {
                    rows.releaseAllPages()
                    sinceRelease = 0
                }
            }
            start = end
        }
        return keys.map { Int32(position($0)) }
    }
}
