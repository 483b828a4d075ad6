extension LedgerWriter {
    /// The piece of each row's added fields (`AddedKey`), by key: open addressing on a
    /// multiplicative hash of the key's packed bits.
    ///
    /// Why not a `Dictionary`: at a month end there is a key for nearly every rule decision,
    /// tens of thousands, and a row whose key differs from the row before looked its key up with
    /// `Hasher` (SipHash over five fields), about 30 ms of the ledger's writing at 1M rows.
    struct AddedTable {
        private var keys: [AddedKey] = []
        private var pieces: [Int32] = []
        /// Index into `keys` plus one; 0 is empty.
        private var slots = [Int32](repeating: 0, count: 1024)
        private var mask = 1023

        /// The piece of `key`, or nil when it has none yet.
        func piece(_ key: AddedKey) -> Int32? {
            var slot = AddedTable.slot(key, mask: mask)
            while slots[slot] != 0 {
                let entry = Int(slots[slot]) - 1
                if keys[entry] == key { return pieces[entry] }
                slot = (slot + 1) & mask
            }
            return nil
        }

        /// Gives `key` its piece; `key` has none yet.
        mutating func add(_ key: AddedKey, piece: Int32) {
            var slot = AddedTable.slot(key, mask: mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            keys.append(key)
            pieces.append(piece)
            slots[slot] = Int32(keys.count)
            if keys.count * 2 > slots.count { grow() }
        }

        static func slot(_ key: AddedKey, mask: Int) -> Int {
            let high = UInt64(UInt32(bitPattern: key.category)) << 32 | UInt64(UInt32(bitPattern: key.source))
            let low =
                UInt64(UInt32(bitPattern: key.decision)) << 2 | (key.isTransfer ? 2 : 0) | (key.isIgnored ? 1 : 0)
            var hash = high &* 0x9E37_79B9_7F4A_7C15 ^ low
            hash = (hash ^ hash >> 29) &* 0xBF58_476D_1CE4_E5B9
            return Int(truncatingIfNeeded: hash ^ hash >> 32) & mask
        }

        private mutating func grow() {
            let size = slots.count * 2
            mask = size - 1
            slots = [Int32](repeating: 0, count: size)
            for (index, key) in keys.enumerated() {
                var slot = AddedTable.slot(key, mask: mask)
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(index + 1)
            }
        }
    }
}
