import Ledger

/// The ids of import entries, spelled out only when something needs their text.
///
/// A derived id is `account/<content hash>-<occurrence>` (`TransactionID.derived`); an entry keeps
/// the hash and the occurrence, and the text is made as the journal is written (or for the report,
/// or to compare the rare ids whose hashes agree). Made when entries are, a million id strings were
/// a million heap blocks that every copy of an entry touched again long after, when they were no
/// longer in any cache, and that were freed later still; made as the journal is written, each is
/// freed while it is still in cache. Ids from the bank (`account/FITID`) are kept as bytes, one
/// after another in one array, never as a string each.
struct EntryIDs {
    /// Per record list (`ImportEntry.list`), `account/` as that list's account spells it.
    private(set) var prefixes: [[UInt8]] = []
    /// The same, escaped as in a journal row.
    private(set) var escapedPrefixes: [[UInt8]] = []
    /// The bytes of the ids that come from the bank, one after another; id `n` (an entry's
    /// `ImportEntry.idDetail`) ends at `bankIDEnds[n]` and starts where id `n - 1` ends.
    private(set) var bankIDBytes: [UInt8] = []
    private(set) var bankIDEnds: [Int] = []

    /// Notes the account of the next record list; returns its prefix.
    mutating func addList(account: AccountID) -> [UInt8] {
        prefixes.append(Array(account.rawValue.utf8) + [UInt8(ascii: "/")])
        escapedPrefixes.append(JournalRowEncoder.escapedBytes(account.rawValue) + [UInt8(ascii: "/")])
        return prefixes[prefixes.count - 1]
    }

    /// Keeps an id from the bank, `prefix` then `fitID` then (if not nil) `~` and `occurrence`;
    /// returns its index.
    mutating func addBankID(
        prefix: UnsafeBufferPointer<UInt8>, fitID: UnsafeBufferPointer<UInt8>, occurrence: Int?
    )
        -> Int32
    {
        bankIDBytes.append(contentsOf: prefix)
        bankIDBytes.append(contentsOf: fitID)
        if let occurrence {
            bankIDBytes.append(UInt8(ascii: "~"))
            bankIDBytes.append(contentsOf: String(occurrence).utf8)
        }
        bankIDEnds.append(bankIDBytes.count)
        return Int32(bankIDEnds.count - 1)
    }

    /// Calls `body` with the bytes of bank id `index` (they live in `bankIDBytes`; do not keep them).
    func withBankID<Result>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let index = Int(index)
        let start = index == 0 ? 0 : bankIDEnds[index - 1]
        return bankIDBytes.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[start..<bankIDEnds[index]]))
        }
    }

    /// The id of `entry`.
    func id(of entry: ImportEntry) -> TransactionID {
        if entry.hasBankID { return TransactionID(withBankID(entry.idDetail) { String(decoding: $0, as: UTF8.self) }) }
        let prefix = prefixes[Int(entry.list)]
        // Written straight into the string's storage: one allocation per id.
        return TransactionID(
            String(unsafeUninitializedCapacity: prefix.count + EntryIDs.derivedSuffixLimit) {
                EntryIDs.writeDerived(prefix: prefix, hash: entry.contentHash, occurrence: Int(entry.idDetail), to: $0)
            })
    }

    /// Writes the id of `entry` into `buffer` as a journal row spells it (escaped), in place of
    /// what it held. A derived id is its escaped prefix and hex digits, which need no escape.
    /// `prefix` is the escaped prefix of the entry's list (`escapedPrefixes`): a loop over one
    /// list's entries takes it once, not a copy of it per entry.
    func writeEscaped(
        _ entry: ImportEntry, escapedPrefix prefix: UnsafeBufferPointer<UInt8>, into buffer: inout ByteBuffer
    ) {
        buffer.removeAll()
        if entry.hasBankID {
            withBankID(entry.idDetail) { id in
                let end = JournalRowEncoder.writeEscaped(id, at: buffer.room(for: 6 * id.count))
                buffer.didWrite(upTo: end)
            }
            return
        }
        let capacity = prefix.count + EntryIDs.derivedSuffixLimit
        let start = buffer.room(for: capacity)
        let written = EntryIDs.writeDerived(
            prefix: prefix, hash: entry.contentHash, occurrence: Int(entry.idDetail),
            to: UnsafeMutableBufferPointer(start: start, count: capacity))
        buffer.didWrite(upTo: start + written)
    }

    /// The most bytes a derived id has after its prefix: hex digits, `-` and an occurrence.
    static let derivedSuffixLimit = 16 + 1 + 20

    /// Writes `TransactionID.derived` as bytes into `buffer` (room for the prefix and
    /// `derivedSuffixLimit` more): `prefix`, sixteen lower-case hex digits (as
    /// `StableHasher.hexDigest` writes them), `-` and the occurrence. Returns the count written.
    static func writeDerived(
        prefix: [UInt8], hash: UInt64, occurrence: Int, to buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        prefix.withUnsafeBufferPointer { writeDerived(prefix: $0, hash: hash, occurrence: occurrence, to: buffer) }
    }

    static func writeDerived(
        prefix: UnsafeBufferPointer<UInt8>, hash: UInt64, occurrence: Int, to buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        guard let start = buffer.baseAddress else { return 0 }
        var out = start
        if let source = prefix.baseAddress { out.update(from: source, count: prefix.count) }
        out += prefix.count
        var rest = hash
        for position in (0..<16).reversed() {
            let nibble = UInt8(truncatingIfNeeded: rest) & 0xF
            out[position] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
            rest >>= 4
        }
        out[16] = UInt8(ascii: "-")
        out += 17
        var digits = 1
        var count = occurrence
        while count >= 10 {
            count /= 10
            digits += 1
        }
        rest = UInt64(occurrence)
        for position in (0..<digits).reversed() {
            out[position] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
            rest /= 10
        }
        return out - start + digits
    }
}
