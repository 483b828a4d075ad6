import Ledger

/// Puts imported entries into the journal's canonical order (date, then account, then id, as
/// `Journal.sortCanonically` defines it) by comparing numbers instead of text.
///
/// A million rows fall on a few thousand days, so hundreds of ids share each day and account,
/// and a sort comparing `String`s spends most of its time in text comparison. Each entry gets a
/// key: day and account rank in one number, then the first eight bytes of its id after the
/// account prefix (which every id of one account shares). Where those bytes are ASCII and what
/// follows them is ASCII too, comparing them as a big-endian number orders the ids exactly as
/// `String.<` does; only ties and ids with other text fall back to comparing the ids themselves.
/// Entries are first distributed over (day, account) buckets, which leaves a few hundred to sort
/// in each. Ties are ordered by the ids' bytes where every id is ASCII (`EntryIDs.precedes`).
enum CanonicalOrder {
    struct Key {
        var day: Int32
        var accountRank: Int32
        var idPrefix: UInt64
        var idPrefixOrders: Bool
        var entry: Int32
    }

    /// The first eight bytes of `id` after `prefixLength` bytes, as a big-endian number (zero
    /// padded), and whether these numbers order ids as their text does.
    ///
    /// Swift compares strings by their NFC-normalised scalars. ASCII bytes are scalars that no
    /// normalisation changes, unless a combining mark follows; so when the ninth byte is ASCII
    /// too (or the id ends sooner), the first difference within the eight bytes decides both
    /// orders alike. Zero padding makes a shorter id sort first, as the text order does.
    static func idPrefix(_ id: UnsafeBufferPointer<UInt8>, after prefixLength: Int) -> (value: UInt64, orders: Bool) {
        var value: UInt64 = 0
        var orders = true
        for offset in 0..<9 {
            let index = prefixLength + offset
            let byte: UInt8 = index < id.count ? id[index] : 0
            if byte >= 0x80 { orders = false }
            if offset < 8 { value = value << 8 | UInt64(byte) }
        }
        return (value, orders)
    }

    /// The indices of the imported entries in canonical order; `accountRanks[i]` is the position
    /// of account `i` when the accounts are sorted by id; `idsAreASCII` says every id is ASCII
    /// (`ImportRun.idsAreASCII`), so that ties are ordered by comparing bytes. A large import's
    /// buckets are sorted on `cores` cores.
    static func sorted(
        _ entries: [ImportEntry], ids: EntryIDs, accountRanks: [Int], idsAreASCII: Bool, cores: Int = Cores.available
    ) -> [Int] {
        var count = 0
        var firstDay = Int32.max
        var lastDay = Int32.min
        for entry in entries where entry.isImported {
            count += 1
            firstDay = min(firstDay, entry.day)
            lastDay = max(lastDay, entry.day)
        }
        guard count > 0 else { return [] }
        func key(_ index: Int) -> Key {
            let entry = entries[index]
            return Key(
                day: entry.day, accountRank: Int32(accountRanks[Int(entry.account)]), idPrefix: entry.idPrefix,
                idPrefixOrders: entry.idPrefixOrders, entry: Int32(index))
        }
        func inOrder(_ a: Key, _ b: Key) -> Bool {
            if a.day != b.day { return a.day < b.day }
            if a.accountRank != b.accountRank { return a.accountRank < b.accountRank }
            if a.idPrefixOrders && b.idPrefixOrders && a.idPrefix != b.idPrefix { return a.idPrefix < b.idPrefix }
            return ids.precedes(entries[Int(a.entry)], entries[Int(b.entry)], idsAreASCII: idsAreASCII)
        }
        let accountCount = accountRanks.count
        let bucketCount = (Int(lastDay) - Int(firstDay) + 1) * accountCount
        // Buckets pay off when the days are dense (an export covers each day of its period).
        guard bucketCount <= count * 4 + 1024 else {
            var keys = entries.indices.filter { entries[$0].isImported }.map(key)
            keys.sort(by: inOrder)
            return keys.map { Int($0.entry) }
        }
        func bucket(_ entry: ImportEntry) -> Int {
            Int(entry.day - firstDay) * accountCount + accountRanks[Int(entry.account)]
        }
        var starts = Array(repeating: 0, count: bucketCount + 1)
        for entry in entries where entry.isImported { starts[bucket(entry) + 1] += 1 }
        for index in 0..<bucketCount { starts[index + 1] += starts[index] }
        var next = starts
        var sorted = [Key](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            for index in entries.indices where entries[index].isImported {
                let target = bucket(entries[index])
                (base + next[target]).initialize(to: key(index))
                next[target] += 1
            }
            initialized = count
        }
        // The buckets are sorted in pieces of about equal rows, side by side; each piece orders
        // only its own buckets' keys, so the order is the same on any number of cores.
        let pieces = cores > 1 && count >= CanonicalOrder.piecesFrom ? CanonicalOrder.pieces : 1
        var pieceStarts = [0]
        for index in 0..<bucketCount
        where starts[index] * pieces >= count * pieceStarts.count && pieceStarts.count < pieces {
            pieceStarts.append(index)
        }
        pieceStarts.append(bucketCount)
        sorted.withUnsafeMutableBufferPointer { keys in
            Cores.forEach(pieceStarts.count - 1, cores: cores) { piece in
                for index in pieceStarts[piece]..<pieceStarts[piece + 1] where starts[index + 1] - starts[index] > 1 {
                    sortBucket(
                        UnsafeMutableBufferPointer(rebasing: keys[starts[index]..<starts[index + 1]]), inOrder: inOrder,
                        entries: entries, ids: ids, idsAreASCII: idsAreASCII)
                }
            }
        }
        return sorted.map { Int($0.entry) }
    }

    /// Pieces of buckets sorted side by side: more than the cores, so that a piece of busier
    /// days does not leave a core waiting long.
    static let pieces = 8
    /// Fewer imported entries than this are sorted on one core (a thread costs more than it saves).
    static let piecesFrom = 1 << 16

    /// Orders the keys of one (day, account) bucket (see `sorted`).
    private static func sortBucket(
        _ keys: UnsafeMutableBufferPointer<Key>, inOrder: (Key, Key) -> Bool, entries: [ImportEntry], ids: EntryIDs,
        idsAreASCII: Bool
    ) {
        guard keys.allSatisfy(\.idPrefixOrders) else {
            var keys = keys
            keys.sort(by: inOrder)
            return
        }
        // Numbers only, then the rare runs of equal prefixes by their ids' text.
        sortByPrefixThenTies(keys, offset: 8, entries: entries, ids: ids, idsAreASCII: idsAreASCII)
    }

    /// Sorts `keys` by `idPrefix`, then each run of equal prefixes by its ids from byte `offset`
    /// after the account prefix on (`sortTies`).
    private static func sortByPrefixThenTies(
        _ keys: UnsafeMutableBufferPointer<Key>, offset: Int, entries: [ImportEntry], ids: EntryIDs, idsAreASCII: Bool
    ) {
        sortByPrefix(keys)
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count && keys[end].idPrefix == keys[start].idPrefix { end += 1 }
            if end - start > 1 {
                sortTies(
                    UnsafeMutableBufferPointer(rebasing: keys[start..<end]), offset: offset, entries: entries, ids: ids,
                    idsAreASCII: idsAreASCII)
            }
            start = end
        }
    }

    /// Sorts `keys` by `idPrefix`, equal prefixes in no particular order (`sorted` orders those
    /// by their ids afterwards).
    ///
    /// A quicksort on the numbers in place: the standard library's sort is stable, which costs a
    /// scratch buffer and merges, and calls its comparison through a closure; a million keys in
    /// a few thousand buckets spent a good part of the import's sorting time there.
    static func sortByPrefix(_ keys: UnsafeMutableBufferPointer<Key>) {
        guard let base = keys.baseAddress else { return }
        var low = 0
        var high = keys.count
        // Recurse into the smaller part and loop on the larger: the stack stays logarithmic.
        while high - low > 16 {
            let middle = low + (high - low) / 2
            // Median of three as the pivot.
            let (a, b, c) = (base[low].idPrefix, base[middle].idPrefix, base[high - 1].idPrefix)
            let pivot = max(min(a, b), min(max(a, b), c))
            var i = low
            var j = high - 1
            while i <= j {
                while base[i].idPrefix < pivot { i += 1 }
                while base[j].idPrefix > pivot { j -= 1 }
                if i <= j {
                    swap(&base[i], &base[j])
                    i += 1
                    j -= 1
                }
            }
            // Now [low, j] <= pivot <= [i, high).
            if j + 1 - low < high - i {
                sortByPrefix(UnsafeMutableBufferPointer(start: base + low, count: j + 1 - low))
                low = i
            } else {
                sortByPrefix(UnsafeMutableBufferPointer(start: base + i, count: high - i))
                high = j + 1
            }
        }
        // Insertion sort for the short rest.
        var index = low + 1
        while index < high {
            let key = base[index]
            var hole = index
            while hole > low && base[hole - 1].idPrefix > key.idPrefix {
                base[hole] = base[hole - 1]
                hole -= 1
            }
            base[hole] = key
            index += 1
        }
    }

    /// Orders `keys`, whose ids agree in their first `offset` bytes after the account prefix
    /// (as zero-padded numbers, `idPrefix`), by the text of their ids.
    ///
    /// A bank's FITIDs often begin with the date (`201601010000042`): the first eight bytes
    /// agree for every id of a day, and comparing the whole ids of a day of a million-row export
    /// one pair at a time was a tenth of the import's instructions. When every id is ASCII and
    /// from the bank, the next eight bytes are taken as the number to sort by (`sortByPrefix`),
    /// and so on for the ids that still agree; ids that agree to their ends (they can differ in
    /// NUL bytes at the end, which the padding hides) and derived ids are compared whole
    /// (`EntryIDs.precedes`). Rewrites the keys' `idPrefix`.
    static func sortTies(
        _ keys: UnsafeMutableBufferPointer<Key>, offset: Int, entries: [ImportEntry], ids: EntryIDs, idsAreASCII: Bool
    ) {
        var keys = keys
        func whole() {
            keys.sort { ids.precedes(entries[Int($0.entry)], entries[Int($1.entry)], idsAreASCII: idsAreASCII) }
        }
        guard idsAreASCII, keys.allSatisfy({ entries[Int($0.entry)].hasBankID }) else { return whole() }
        var reaches = false
        for index in keys.indices {
            let chunk = ids.bankIDChunk(entries[Int(keys[index].entry)], at: offset)
            keys[index].idPrefix = chunk.value
            if chunk.reaches { reaches = true }
        }
        guard reaches else { return whole() }
        sortByPrefixThenTies(keys, offset: offset + 8, entries: entries, ids: ids, idsAreASCII: idsAreASCII)
    }

    /// The rank of each account when sorted by id (`AccountID.<`).
    static func ranks(of accounts: [AccountID]) -> [Int] {
        var ranks = Array(repeating: 0, count: accounts.count)
        for (rank, index) in accounts.indices.sorted(by: { accounts[$0] < accounts[$1] }).enumerated() {
            ranks[index] = rank
        }
        return ranks
    }
}
