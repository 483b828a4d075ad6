import Ledger

extension EntryIDs {
    /// Whether the id of `a` comes before the id of `b` in text order (`String.<`, as
    /// `Journal.sortCanonically` compares ids).
    ///
    /// Why bytes: a bank's FITIDs often begin with the date (`201601010000042`), so the eight
    /// bytes `CanonicalOrder` compares as a number are the same for every id of a day, and the
    /// whole day was ordered by making and comparing two `String`s per comparison (a fifth of an
    /// OFX import's time at a million rows). When `idsAreASCII` (every id of the run is ASCII, see
    /// `ImportRun.idsAreASCII`), the text order of two ids is the order of their bytes, the
    /// shorter first where one begins the other; bank ids are compared where they lie. Derived
    /// ids, whose ties are rare (their first eight bytes are hex digits of a hash), are compared
    /// as text.
    func precedes(_ a: ImportEntry, _ b: ImportEntry, idsAreASCII: Bool) -> Bool {
        guard idsAreASCII, a.hasBankID, b.hasBankID else { return id(of: a) < id(of: b) }
        let (aIndex, bIndex) = (Int(a.idDetail), Int(b.idDetail))
        let aStart = aIndex == 0 ? 0 : bankIDEnds[aIndex - 1]
        let bStart = bIndex == 0 ? 0 : bankIDEnds[bIndex - 1]
        let (aCount, bCount) = (bankIDEnds[aIndex] - aStart, bankIDEnds[bIndex] - bStart)
        return bankIDBytes.withUnsafeBufferPointer { bytes in
            var offset = 0
            let common = min(aCount, bCount)
            while offset < common {
                let (x, y) = (bytes[aStart + offset], bytes[bStart + offset])
                if x != y { return x < y }
                offset += 1
            }
            return aCount < bCount
        }
    }

    /// Eight bytes of the id of `entry` (a bank id) from `offset` bytes after its account prefix,
    /// as a big-endian number (zero padded, as `CanonicalOrder.idPrefix` reads the first eight),
    /// and whether the id has a byte at `offset`.
    func bankIDChunk(_ entry: ImportEntry, at offset: Int) -> (value: UInt64, reaches: Bool) {
        let index = Int(entry.idDetail)
        let start = (index == 0 ? 0 : bankIDEnds[index - 1]) + prefixes[Int(entry.list)].count + offset
        let end = bankIDEnds[index]
        return bankIDBytes.withUnsafeBufferPointer { bytes in
            var value: UInt64 = 0
            for position in start..<(start + 8) { value = value << 8 | UInt64(position < end ? bytes[position] : 0) }
            return (value, start < end)
        }
    }
}
