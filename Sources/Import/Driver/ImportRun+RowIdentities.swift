import Ledger

extension ImportRun {
    /// One number per journal row of the imported entries at `order`, in that order: a hash of
    /// everything the row's bytes are written from (`writeJournal`), so that two rows with the same
    /// number are the same bytes. 0 (`RowIdentity.unknown`) for a row whose bytes cannot be told
    /// this way; it equals no other.
    ///
    /// What a row is written from: its record (which the file's read-cache key stands for: the
    /// file's name and bytes, the program and the setting it was read with, see `ReadCache`; the
    /// record is found by its statement's place in the file, its index and its line), its path,
    /// its account's id and currency, its id (the entry's id hash, content hash and occurrence) and
    /// its day, amount and status. A file read without a key (no cache, NUL bytes blanked) gives
    /// `unknown`, and so does a record with splits: writing it may warn that they are not valid,
    /// which a copied row would not.
    ///
    /// Why: at a month end the journal's rows are the last journal's with a month more, and
    /// encoding a million rows again was a quarter of the import (`EarlierJournalRows`).
    ///
    /// Worked out on `cores` cores, half the entries each; the same numbers on any number.
    func rowIdentities(_ order: [Int], cores: Int) -> [UInt64] {
        // Per list (a statement of a file, in file order): what its rows share.
        var listKeys: [UInt64] = []
        listKeys.reserveCapacity(records.count)
        for file in files {
            guard let statements = file.parsed?.statements else { continue }
            let fileKey = file.cacheKey.map {
                RowIdentity.combine(RowIdentity.text($0), RowIdentity.text(file.file.path))
            }
            for ordinal in statements.indices {
                let list = listKeys.count
                guard list < ids.escapedPrefixes.count, let fileKey else {
                    listKeys.append(RowIdentity.unknown)
                    continue
                }
                let prefix = ids.escapedPrefixes[list].withUnsafeBufferPointer { ByteKeyedCache<Int>.hash($0) }
                listKeys.append(RowIdentity.combine(fileKey, UInt64(ordinal), prefix))
            }
        }
        guard listKeys.count == records.count else {
            return [UInt64](repeating: RowIdentity.unknown, count: order.count)
        }
        let accountKeys = accounts.map { account in
            let currency = currency(of: account)
            return RowIdentity.combine(
                RowIdentity.text(account.rawValue), RowIdentity.text(currency.code), UInt64(currency.exponent))
        }
        // By entry, in the order the entries (and their records) lie in memory; then gathered.
        let entries = self.entries
        let tables = records
        let parts = min(max(cores, 1), 2)
        var byEntry = [UInt64](repeating: RowIdentity.unknown, count: entries.count)
        byEntry.withUnsafeMutableBufferPointer { byEntry in
            Cores.forEach(parts, cores: cores) { part in
                var start = entries.count * part / parts
                let stop = entries.count * (part + 1) / parts
                while start < stop {
                    let list = Int(entries[start].list)
                    var end = start + 1
                    while end < stop, Int(entries[end].list) == list { end += 1 }
                    let shared = listKeys[list]
                    if shared != RowIdentity.unknown {
                        tables[list].withRows { rows, _ in
                            for index in start..<end {
                                let entry = entries[index]
                                let row = rows[Int(entry.record)]
                                if row.hasSplits { continue }
                                let flags: UInt64 = (row.status == .pending ? 1 : 2) | (entry.hasBankID ? 4 : 0)
                                byEntry[index] = RowIdentity.combine(
                                    shared ^ (accountKeys[Int(entry.account)] &* 0xFF51_AFD7_ED55_8CCD),
                                    UInt64(UInt32(bitPattern: entry.record)) | UInt64(truncatingIfNeeded: row.line)
                                        << 32,
                                    UInt64(UInt32(bitPattern: entry.day)) | UInt64(UInt32(bitPattern: entry.idDetail))
                                        << 32,
                                    UInt64(bitPattern: entry.minorUnits), entry.contentHash, entry.idHash ^ flags)
                            }
                        }
                    }
                    start = end
                }
            }
        }
        var identities = [UInt64](repeating: RowIdentity.unknown, count: order.count)
        identities.withUnsafeMutableBufferPointer { identities in
            Cores.forEach(parts, cores: cores) { part in
                for index in (order.count * part / parts)..<(order.count * (part + 1) / parts) {
                    identities[index] = byEntry[order[index]]
                }
            }
        }
        return identities
    }
}
