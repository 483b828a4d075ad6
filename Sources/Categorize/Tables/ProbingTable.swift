/// A key that gives its own 64-bit hash for `ProbingTable`: a few numbers mixed by multiplication,
/// which `ProbingTable` mixes once more before taking a slot.
protocol ProbingKey: Equatable {
    var probeHash: UInt64 { get }
}

/// Values by key for the hot loops of a run: open addressing (linear probing) on the key's own
/// multiplicative hash, the keys and values kept in the order they were added.
///
/// Why not a `Dictionary`: its `Hasher` (SipHash) costs more than the rest of a lookup for keys of
/// a few numbers, looked up once a row or a leg (hundreds of thousands of times at 1M rows).
struct ProbingTable<Key: ProbingKey, Value> {
    private(set) var keys: [Key] = []
    private(set) var values: [Value] = []
    /// Index into `keys` plus one; 0 is empty.
    private var slots: [Int32]
    private var mask: Int

    /// A table that holds `capacity` keys before it first grows.
    init(capacity: Int = 512) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    /// The value of `key`, or nil when it has none yet.
    func value(for key: Key) -> Value? {
        var slot = ProbingTable.slot(key, mask: mask)
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if keys[entry] == key { return values[entry] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The value of `key`, or `new` (then kept for it) the first time it is met.
    mutating func value(for key: Key, orAdding new: Value) -> Value {
        values[place(of: key, orAdding: new)]
    }

    /// The place of `key` among `keys` and `values`, `new` kept for it the first time it is met.
    mutating func place(of key: Key, orAdding new: Value) -> Int {
        var slot = ProbingTable.slot(key, mask: mask)
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if keys[entry] == key { return entry }
            slot = (slot + 1) & mask
        }
        keys.append(key)
        values.append(new)
        slots[slot] = Int32(keys.count)
        if keys.count * 2 > slots.count { grow() }
        return keys.count - 1
    }

    /// The value at `place` (a `place(of:orAdding:)`), to read or change.
    subscript(place place: Int) -> Value {
        get { values[place] }
        set { values[place] = newValue }
    }

    /// Empties the table, keeping its memory: the slots are cleared, the keys' and values' arrays
    /// kept for the next ones.
    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    static func slot(_ key: Key, mask: Int) -> Int {
        var hash = key.probeHash
        hash = (hash ^ hash >> 29) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash ^ hash >> 32) & mask
    }

    private mutating func grow() {
        let size = slots.count * 2
        mask = size - 1
        slots = [Int32](repeating: 0, count: size)
        for (index, key) in keys.enumerated() {
            var slot = ProbingTable.slot(key, mask: mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
