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
    mutating func makeEntries() {
        entries.reserveCapacity(files.reduce(0) { $0 + $1.recordCount })
        var idBytes: [UInt8] = []
        idBytes.reserveCapacity(128)
        for fileIndex in files.indices {
            guard let parsed = files[fileIndex].parsed else { continue }
            let hashes = contentHashes(of: parsed, file: fileIndex)
            let mayRepeat = RepeatedKeys.flags(hashes)
            var occurrences: [UInt64: Int] = [:]
            var nextHash = 0
            var bankIDs: [TransactionID: Int] = [:]
            for (statementIndex, statement) in parsed.statements.enumerated() {
                let account = files[fileIndex].accounts[statementIndex]
                let accountSlot = index(of: account)
                let currency = currency(of: account)
                let prefix = ids.addList(account: account)
                let prefixIsASCII = prefix.allSatisfy { $0 < 0x80 }
                // Ids of one account share this prefix, which sorting skips; an account spelled
                // with other bytes than the one it is filed under (canonically equal) does not.
                let prefixIsShared = account.rawValue.utf8.elementsEqual(accounts[accountSlot].rawValue.utf8)
                let list = Int32(records.count)
                // The run takes the records over (nothing else reads them from here on), so the
                // journal can later move their text instead of sharing it.
                records.append(statement.records)
                files[fileIndex].stated.append(BalanceReconciler.statedBalances(of: statement, file: fileIndex))
                files[fileIndex].parsed?.statements[statementIndex].records = []
                statement.records.withUnsafeBufferPointer { rows in
                    for index in rows.indices {
                        guard rows[index].amount.currency == currency else {
                            let found = rows[index].amount.currency.code
                            files[fileIndex].skipped.append(
                                SkippedRecord(
                                    line: rows[index].line,
                                    reason:
                                        "amount is in \(found) but account '\(account)' is in \(currency.code); set the account's currency in closebook.toml"
                                ))
                            continue
                        }
                        var contentHash: UInt64 = 0
                        let idDetail: Int32
                        let idHash: UInt64
                        var sortKey: (value: UInt64, orders: Bool)
                        let fitID = rows[index].fitID.map(ImportRun.withoutWhitespace) ?? ""
                        if fitID.isEmpty {
                            let hash = hashes[nextHash]
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
                            // overlapping export repeats alike.
                            let base = TransactionID.ofx(account: account, fitID: fitID)
                            let occurrence = bankIDs[base, default: 0] + 1
                            bankIDs[base] = occurrence
                            let id = occurrence == 1 ? base : TransactionID("\(base.rawValue)~\(occurrence)")
                            idDetail = ids.addBankID(id)
                            idBytes.removeAll(keepingCapacity: true)
                            idBytes.append(contentsOf: id.rawValue.utf8)
                            (idHash, sortKey) = idBytes.withUnsafeBufferPointer {
                                (ImportRun.hash($0), CanonicalOrder.idPrefix($0, after: prefix.count))
                            }
                            if !idBytes.starts(with: prefix) { sortKey.orders = false }
                            if !idBytes.allSatisfy({ $0 < 0x80 }) { idsAreASCII = false }
                        }
                        entries.append(
                            ImportEntry(
                                file: Int32(fileIndex), list: list, record: Int32(index), account: Int32(accountSlot),
                                day: Int32(rows[index].date.dayNumber), minorUnits: rows[index].amount.minorUnits,
                                contentHash: contentHash, idDetail: idDetail, idHash: idHash,
                                idPrefix: sortKey.value,
                                idPrefixOrders: sortKey.orders && prefixIsShared, hasBankID: !fitID.isEmpty,
                                isPending: rows[index].status == .pending))
                    }
                }
            }
        }
    }

    /// The content hash of every record of `parsed` that gets a derived id, in file order.
    private func contentHashes(of parsed: ParsedFile, file: Int) -> [UInt64] {
        var hashes: [UInt64] = []
        hashes.reserveCapacity(files[file].recordCount)
        for (statementIndex, statement) in parsed.statements.enumerated() {
            let account = files[file].accounts[statementIndex]
            let currency = currency(of: account)
            var hasher = ContentHasher(account: account)
            statement.records.withUnsafeBufferPointer { rows in
                for index in rows.indices where rows[index].amount.currency == currency {
                    if let fitID = rows[index].fitID, !ImportRun.withoutWhitespace(fitID).isEmpty { continue }
                    hashes.append(
                        hasher.hash(
                            date: rows[index].date, amount: rows[index].amount, payee: rows[index].payee,
                            memo: rows[index].memo))
                }
            }
        }
        return hashes
    }

    /// A hash of some bytes (the process's own: only compared within one run).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress, bytes.count >= 8 else {
            var word: UInt64 = 0
            for byte in bytes { word = word << 8 | UInt64(byte) }
            return (word ^ UInt64(bytes.count) << 56) &* 0x9E37_79B9_7F4A_7C15
        }
        return TextInterner.hash(UnsafeRawPointer(base), count: bytes.count)
    }

    /// A FITID without white space (`String(fitID.filter { !$0.isWhitespace })`), without the
    /// filter for the usual FITID of printable ASCII.
    static func withoutWhitespace(_ fitID: String) -> String {
        if fitID.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return fitID }
        return String(fitID.filter { !$0.isWhitespace })
    }
}
