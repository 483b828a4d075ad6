import Ledger

extension ImportRun {
    /// Gives every parsed record its account and id, in file order.
    ///
    /// CSV and QIF records (and OFX records without a FITID) get an id derived from their content
    /// and occurrence within their file; OFX records get their FITID, suffixed by its occurrence
    /// when the file repeats it.
    ///
    /// This runs once per record of every file, so it is written for that: a first pass hashes
    /// each record's content (`ContentHasher`, without the strings `TransactionID.derived` would
    /// build) and flags the hashes that may repeat (`RepeatedKeys`); the second writes each id as
    /// bytes, counting occurrences only for those hashes. Records are read in place, never copied.
    /// The content hashes of a large statement are worked out on `cores` cores (`ContentHashes`).
    mutating func makeEntries(cores: Int = Cores.available) {
        entries.reserveCapacity(files.reduce(0) { $0 + $1.recordCount })
        for fileIndex in files.indices {
            guard let parsed = files[fileIndex].parsed else { continue }
            let keys = recordKeys(of: parsed, file: fileIndex, cores: cores)
            let mayRepeat = RepeatedKeys.flags(keys.contentHashes)
            // Equal bank ids are equal bytes only when both are ASCII (see `idsAreASCII`);
            // otherwise every one is looked up by its text, as a string compares.
            let bankIDMayRepeat =
                keys.bankIDsAreASCII
                ? RepeatedKeys.flags(keys.bankIDHashes) : [Bool](repeating: true, count: keys.bankIDHashes.count)
            if !keys.bankIDsAreASCII { idsAreASCII = false }
            var occurrences: [UInt64: Int] = [:]
            var nextHash = 0
            var bankIDs: [TransactionID: Int] = [:]
            var nextBankID = 0
            for (statementIndex, statement) in parsed.statements.enumerated() {
                let account = files[fileIndex].accounts[statementIndex]
                let accountSlot = index(of: account)
                let currency = currency(of: account)
                let prefix = ids.prefixes[keys.firstList + statementIndex]
                let prefixIsASCII = prefix.allSatisfy { $0 < 0x80 }
                // Ids of one account share this prefix, which sorting skips; an account spelled
                // with other bytes than the one it is filed under (canonically equal) does not.
                let prefixIsShared = account.rawValue.utf8.elementsEqual(accounts[accountSlot].rawValue.utf8)
                let list = Int32(records.count)
                // The run takes the records over (nothing else reads them from here on).
                records.append(statement.records)
                files[fileIndex].stated.append(BalanceReconciler.statedBalances(of: statement, file: fileIndex))
                files[fileIndex].parsed?.statements[statementIndex].records = RecordTable()
                let table = statement.records
                let wanted = table.currencies.firstIndex(of: currency).map { UInt16($0) }
                table.withRows { rows, textBytes in
                    for index in rows.indices {
                        guard rows[index].currency == wanted else {
                            let found = table.currencies[Int(rows[index].currency)].code
                            files[fileIndex].skipped.append(
                                SkippedRecord(
                                    line: rows[index].line,
                                    reason:
                                        "amount is in \(found) but account '\(account)' is in \(currency.code); set the account's currency in closebook.toml"
                                ))
                            continue
                        }
                        var contentHash: UInt64 = 0
                        var idDetail: Int32
                        var idHash: UInt64
                        var sortKey: (value: UInt64, orders: Bool)
                        let hasBankID = ImportRun.withBankID(RecordTable.texts(of: rows[index], in: textBytes).fitID) {
                            $0 != nil
                        }
                        if !hasBankID {
                            let hash = keys.contentHashes[nextHash]
                            var occurrence = 0
                            if mayRepeat[nextHash] {
                                occurrence = occurrences[hash, default: 0]
                                occurrences[hash] = occurrence + 1
                            }
                            nextHash += 1
                            contentHash = hash
                            idDetail = Int32(occurrence)
                            let capacity = prefix.count + EntryIDs.derivedSuffixLimit
                            (idHash, sortKey) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) {
                                let count = EntryIDs.writeDerived(
                                    prefix: prefix, hash: hash, occurrence: occurrence, to: $0)
                                let id = UnsafeBufferPointer(rebasing: $0[..<count])
                                return (ImportRun.hash(id), CanonicalOrder.idPrefix(id, after: prefix.count))
                            }
                            if !prefixIsASCII { idsAreASCII = false }
                        } else {
                            // A FITID repeated within one file is kept as another transaction (some
                            // banks derive FITIDs from date and amount, so two identical coffees
                            // share one): the second gets `~2`, the third `~3`, which an
                            // overlapping export repeats alike. `recordKeys` stored every
                            // `account/FITID` and its hash; only those that may repeat are counted.
                            idDetail = keys.firstBankID + Int32(nextBankID)
                            idHash = keys.bankIDHashes[nextBankID]
                            if bankIDMayRepeat[nextBankID] {
                                let base = TransactionID(
                                    ids.withBankID(idDetail) { String(decoding: $0, as: UTF8.self) })
                                let occurrence = bankIDs[base, default: 0] + 1
                                bankIDs[base] = occurrence
                                if occurrence > 1 {
                                    let baseBytes = ids.withBankID(idDetail) { Array($0) }
                                    idDetail = baseBytes.withUnsafeBufferPointer {
                                        ids.addBankID(
                                            prefix: $0, fitID: UnsafeBufferPointer(start: nil, count: 0),
                                            occurrence: occurrence)
                                    }
                                    idHash = ids.withBankID(idDetail) { ImportRun.hash($0) }
                                }
                            }
                            nextBankID += 1
                            sortKey = ids.withBankID(idDetail) { CanonicalOrder.idPrefix($0, after: prefix.count) }
                        }
                        entries.append(
                            ImportEntry(
                                file: Int32(fileIndex), list: list, record: Int32(index), account: Int32(accountSlot),
                                day: Int32(rows[index].date.dayNumber), minorUnits: rows[index].minorUnits,
                                contentHash: contentHash, idDetail: idDetail, idHash: idHash,
                                idPrefix: sortKey.value,
                                idPrefixOrders: sortKey.orders && prefixIsShared, hasBankID: hasBankID,
                                isPending: rows[index].status == .pending))
                    }
                }
            }
        }
    }

    /// What `makeEntries` looks up to number repeated ids of one file.
    private struct RecordKeys {
        /// The content hash of every record that gets a derived id, in file order.
        var contentHashes: [UInt64] = []
        /// The hash of `account/FITID` of every record with a FITID, in file order; those ids
        /// are in `ids` from `firstBankID` on, in the same order.
        var bankIDHashes: [UInt64] = []
        var firstBankID: Int32 = 0
        var bankIDsAreASCII = true
        /// The index in `ids.prefixes` of the file's first statement.
        var firstList = 0
    }

    /// The first pass over the records of `parsed` (see `makeEntries`): notes each statement's
    /// id prefix, hashes each record's content or stores its bank id.
    private mutating func recordKeys(of parsed: ParsedFile, file: Int, cores: Int) -> RecordKeys {
        var keys = RecordKeys()
        keys.contentHashes.reserveCapacity(files[file].recordCount)
        keys.firstBankID = Int32(ids.bankIDEnds.count)
        keys.firstList = ids.prefixes.count
        for (statementIndex, statement) in parsed.statements.enumerated() {
            let account = files[file].accounts[statementIndex]
            let currency = currency(of: account)
            let prefix = ids.addList(account: account)
            let prefixIsASCII = prefix.allSatisfy { $0 < 0x80 }
            let table = statement.records
            guard let wanted = table.currencies.firstIndex(of: currency).map({ UInt16($0) }) else { continue }
            let hashes = contentHashes(
                of: table, file: file, statement: statementIndex, account: account, currency: currency, wanted: wanted,
                cores: cores)
            table.withRows { rows, textBytes in
                for index in rows.indices where rows[index].currency == wanted {
                    let texts = RecordTable.texts(of: rows[index], in: textBytes)
                    let id: Int32? = ImportRun.withBankID(texts.fitID) { fitID in
                        guard let fitID else { return nil }
                        if !prefixIsASCII || !fitID.allSatisfy({ $0 < 0x80 }) { keys.bankIDsAreASCII = false }
                        return prefix.withUnsafeBufferPointer {
                            ids.addBankID(prefix: $0, fitID: fitID, occurrence: nil)
                        }
                    }
                    if let id {
                        keys.bankIDHashes.append(ids.withBankID(id) { ImportRun.hash($0) })
                        continue
                    }
                    keys.contentHashes.append(hashes[index])
                }
            }
        }
        return keys
    }

    /// `ContentHashes.of(table, ...)`, read back from the read cache when the file has an entry
    /// there for this statement, account and currency, and kept there when it has not.
    private mutating func contentHashes(
        of table: RecordTable, file: Int, statement: Int, account: AccountID, currency: Currency, wanted: UInt16,
        cores: Int
    ) -> [UInt64] {
        guard let cache = readCache, let fileKey = files[file].cacheKey else {
            return ContentHashes.of(table, account: account, currency: currency, wanted: wanted, cores: cores)
        }
        let key = cache.hashesKey(file: fileKey, statement: statement, account: account, currency: currency)
        readCacheUsed.insert(key)
        if let kept = cache.loadHashes(key, count: table.count) { return kept }
        let hashes = ContentHashes.of(table, account: account, currency: currency, wanted: wanted, cores: cores)
        cache.storeHashes(hashes, key: key)
        return hashes
    }

    /// Calls `body` with the bytes of a record's FITID without white space (`withoutWhitespace`),
    /// or with nil when it has none or it is blank: then its id is not the bank's.
    static func withBankID<Result>(
        _ fitID: UnsafeBufferPointer<UInt8>?, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
    ) -> Result {
        guard let fitID else { return body(nil) }
        if fitID.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return body(fitID.isEmpty ? nil : fitID) }
        var text = withoutWhitespace(String(decoding: fitID, as: UTF8.self))
        if text.isEmpty { return body(nil) }
        return text.withUTF8 { body($0) }
    }

    /// A hash of some bytes (the process's own: only compared within one run).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard bytes.count >= 8 else {
            var word: UInt64 = 0
            for byte in bytes { word = word << 8 | UInt64(byte) }
            return (word ^ UInt64(bytes.count) << 56) &* 0x9E37_79B9_7F4A_7C15
        }
        return ByteKeyedCache<String>.hash(bytes)
    }

    /// A FITID without white space (`String(fitID.filter { !$0.isWhitespace })`), without the
    /// filter for the usual FITID of printable ASCII.
    static func withoutWhitespace(_ fitID: String) -> String {
        if fitID.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return fitID }
        return String(fitID.filter { !$0.isWhitespace })
    }
}
