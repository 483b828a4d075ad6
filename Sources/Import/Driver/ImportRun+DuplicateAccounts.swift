import Ledger

extension ImportRun {
    /// Finds statements of two different accounts that agree transaction for transaction (same
    /// dates, amounts and payees) on every day both cover: most likely one account imported
    /// under two names (a copy of an export that no glob matches, an export renamed), which
    /// counts its money twice. Both are kept, since a person must decide; the report lists the
    /// pair and the later file gets a warning.
    ///
    /// Only pairs of statements of different accounts whose days overlap are compared, each on
    /// the overlap, so an inbox of one account costs nothing.
    mutating func findDuplicateAccounts() {
        // Entries are made file by file, statement by statement: each run of one (file, account)
        // is a group.
        var groups: [(file: Int, account: Int, range: Range<Int>)] = []
        var start = 0
        for index in entries.indices
        where index + 1 == entries.count || entries[index + 1].file != entries[index].file
            || entries[index + 1].account != entries[index].account
        {
            groups.append((Int(entries[index].file), Int(entries[index].account), start..<(index + 1)))
            start = index + 1
        }
        guard Set(groups.map(\.account)).count > 1 else { return }
        var keys: [Int: [Key]] = [:]
        func sortedKeys(_ group: Int) -> [Key] {
            if let known = keys[group] { return known }
            var list: [Key] = []
            for index in groups[group].range where entries[index].isImported && entries[index].isPosted {
                list.append(Key(day: entries[index].day, minorUnits: entries[index].minorUnits, entry: index))
            }
            list.sort { ($0.day, $0.minorUnits) < ($1.day, $1.minorUnits) }
            keys[group] = list
            return list
        }
        var reported = Set<[Int]>()
        for a in groups.indices {
            for b in groups.indices where b > a && groups[a].account != groups[b].account {
                let pair = [groups[a].account, groups[b].account].sorted()
                guard !reported.contains(pair) else { continue }
                let accountA = accounts[groups[a].account]
                let accountB = accounts[groups[b].account]
                guard let windowA = windows[groups[a].file][accountA], let windowB = windows[groups[b].file][accountB]
                else { continue }
                let lower = max(windowA.lowerBound, windowB.lowerBound).dayNumber
                let upper = min(windowA.upperBound, windowB.upperBound).dayNumber
                guard lower <= upper else { continue }
                let left = sortedKeys(a).filter { Int($0.day) >= lower && Int($0.day) <= upper }
                let right = sortedKeys(b).filter { Int($0.day) >= lower && Int($0.day) <= upper }
                guard left.count >= ImportRun.duplicateAccountMinimum, left.count == right.count,
                    zip(left, right).allSatisfy({ $0.day == $1.day && $0.minorUnits == $1.minorUnits }),
                    payees(left) == payees(right)
                else { continue }
                reported.insert(pair)
                let (first, second) = (groups[a], groups[b])
                let from = CivilDate(dayNumber: Int(left[0].day))?.isoString ?? ""
                let to = CivilDate(dayNumber: Int(left[left.count - 1].day))?.isoString ?? ""
                let firstPath = files[first.file].file.path
                let secondPath = files[second.file].file.path
                duplicateAccounts.append(
                    ImportReport.DuplicateAccount(
                        accounts: [accountA.rawValue, accountB.rawValue], files: [firstPath, secondPath],
                        from: from, to: to, transactions: left.count,
                        reason:
                            "the same \(left.count) transactions (dates, amounts and payees) from \(from) to \(to)"))
                files[second.file].warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: secondPath, line: 1,
                        message:
                            "account '\(accountB)' has the same \(left.count) transactions (dates, amounts and payees) from \(from) to \(to) as account '\(accountA)' in \(firstPath): probably one account imported twice, which counts its money twice; if so, feed both files to one account in closebook.toml"
                    ))
            }
        }
    }

    /// Fewer equal transactions than this on the days two statements share is not evidence.
    static let duplicateAccountMinimum = 3

    /// The payees of `keys`' records, white space and letter case aside, sorted within each day and amount.
    private func payees(_ keys: [Key]) -> [String] {
        var result: [(Key, String)] = keys.map { key in
            let payee = record(of: entries[key.entry]).payee
            return (key, payee.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased())
        }
        result.sort { ($0.0.day, $0.0.minorUnits, $0.1) < ($1.0.day, $1.0.minorUnits, $1.1) }
        return result.map(\.1)
    }

    private struct Key {
        var day: Int32
        var minorUnits: Int64
        var entry: Int
    }
}
