/// Decides whether a cache keyed by row texts is paying for itself.
///
/// Real journals repeat merchants and a cache saves most of the work; a journal whose every payee
/// carries a unique reference only pays for hashing and storing keys that never come back. After
/// enough lookups, a cache that missed more than half the time is no longer consulted.
struct CacheUse {
    private var lookups = 0
    private var misses = 0
    private(set) var isWorthwhile = true

    mutating func record(hit: Bool) {
        lookups += 1
        if !hit { misses += 1 }
        if lookups & 0x3FFF == 0, misses * 2 > lookups { isWorthwhile = false }
    }
}
