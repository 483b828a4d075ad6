extension [Int32] {
    /// Makes room for `index`, the new places -1 (nothing there yet): for tables by number that
    /// grow as numbers are met (`CacheNumbering`, `DistinctTexts`' tables by cache number).
    mutating func padWithUnset(through index: Int) {
        if index >= count { self += repeatElement(-1, count: index + 1 - count) }
    }
}
