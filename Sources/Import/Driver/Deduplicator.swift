import Ledger

/// Finds records that are the same bank line, in layers from certain to doubtful.
///
/// 1. Same id in the same account: an overlapping export of the same file kind (ids are scoped by
///    account and, for CSV/QIF, count occurrences within their file, so two identical coffees in
///    one export stay two). The first by file-name order is kept.
/// 2. A pending record is superseded by a posted one in its account with the same amount within
///    `pendingWindowDays` (each posted record supersedes at most one pending record).
/// 3. An OFX record (with its bank's FITID) and a CSV/QIF record of the same account are merged
///    only when they are one-to-one: the only records with that date and amount in their files,
///    on a day both files cover. The OFX record is kept, since its id is the bank's own.
/// 4. What is left unpaired on days both files cover, with the same amount within
///    `probableWindowDays`, is listed as a probable duplicate and kept: a person decides.
struct Deduplicator {
    struct ProbablePair {
        var first: Int
        var second: Int
        var reason: String
    }

    var pendingWindowDays = 5
    var probableWindowDays = 3
    /// Per file (by index), the days it covers for each account it feeds.
    var windows: [[AccountID: ClosedRange<CivilDate>]]
    /// The accounts `ImportEntry.account` indexes.
    var accounts: [AccountID]

    /// Step 1. Most imports hold no id twice, so `RepeatedKeys` first rules out almost every id by
    /// its hash; only the ids it cannot rule out are compared as text, as a dictionary keyed by id
    /// would compare them.
    /// `idsAreASCII` says whether the entries' `idHash` can stand for their ids; if not, ids are
    /// hashed as `String`s, which hashes canonically equal text alike.
    func markSameID(_ entries: inout [ImportEntry], ids: EntryIDs, idsAreASCII: Bool) {
        let keys =
            idsAreASCII
            ? entries.map(\.idHash) : entries.map { UInt64(bitPattern: Int64(ids.id(of: $0).hashValue)) }
        let mayRepeat = RepeatedKeys.flags(keys)
        var seen: [UInt64: [(index: Int, id: TransactionID)]] = [:]
        for index in entries.indices where mayRepeat[index] && entries[index].isImported {
            let id = ids.id(of: entries[index])
            let hash = keys[index]
            if let kept = seen[hash]?.first(where: { $0.id == id })?.index {
                entries[index].fate = .duplicate(of: kept, rule: .sameID)
            } else {
                seen[hash, default: []].append((index, id))
            }
        }
    }

    func supersedePending(_ entries: inout [ImportEntry]) {
        let pending = entries.indices.filter { entries[$0].isImported && entries[$0].isPending }
        guard !pending.isEmpty else { return }
        // Only amounts some pending record has can supersede anything.
        let wanted = Set(pending.map { AmountKey(entries[$0]) })
        var posted: [AmountKey: [Int]] = [:]
        for index in entries.indices where entries[index].isImported && entries[index].isPosted {
            let key = AmountKey(entries[index])
            if wanted.contains(key) { posted[key, default: []].append(index) }
        }
        for key in posted.keys { posted[key]?.sort { Deduplicator.dateOrder(entries, $0, $1) } }
        var used = Set<Int>()
        let ordered = pending.sorted { Deduplicator.dateOrder(entries, $0, $1) }
        for index in ordered {
            guard let candidates = posted[AmountKey(entries[index])] else { continue }
            let day = Int(entries[index].day)
            var best: (score: (Int, Int, Int), index: Int)?
            var position = Deduplicator.firstIndex(in: candidates, entries, onOrAfter: day - pendingWindowDays)
            while position < candidates.count {
                let candidate = candidates[position]
                position += 1
                let difference = Int(entries[candidate].day) - day
                if difference > pendingWindowDays { break }
                if used.contains(candidate) { continue }
                // Prefer a posted record on or after the pending one's day, then the nearest, then file order.
                let score = (difference < 0 ? 1 : 0, abs(difference), candidate)
                if best.map({ score < $0.score }) ?? true { best = (score, candidate) }
            }
            if let best {
                used.insert(best.index)
                entries[index].fate = .duplicate(of: best.index, rule: .pendingSuperseded)
            }
        }
    }

    /// Steps 3 and 4 for every pair of files feeding the same account; returns the probable pairs.
    func matchAcrossFiles(_ entries: inout [ImportEntry]) -> [ProbablePair] {
        // Entries come file by file, statement by statement: note each (file, account) run once.
        var filesOfAccount: [Int32: Set<Int32>] = [:]
        var last: FileAccount?
        for entry in entries {
            let pair = FileAccount(file: entry.file, account: entry.account)
            if pair != last { filesOfAccount[entry.account, default: []].insert(entry.file) }
            last = pair
        }
        // Most imports feed each account from one file, and a month end's new export covers days
        // the older ones do not: nothing to match, and no entry need be listed for it.
        let shared = Set(
            filesOfAccount.filter { account, files in files.count > 1 && overlaps(files, account: account) }.keys)
        guard !shared.isEmpty else { return [] }
        var byFileAndAccount: [FileAccount: [Int]] = [:]
        for index in entries.indices
        where entries[index].isImported && entries[index].isPosted && shared.contains(entries[index].account) {
            byFileAndAccount[FileAccount(file: entries[index].file, account: entries[index].account), default: []]
                .append(index)
        }
        // Which files hold a copy of each kept entry: an entry already matched by a file is not
        // a candidate for another match with that file.
        var copiedIn: [Int: Set<Int32>] = [:]
        for entry in entries {
            if case .duplicate(let kept, _) = entry.fate { copiedIn[kept, default: []].insert(entry.file) }
        }
        let accounts = Set(byFileAndAccount.keys.map(\.account)).sorted {
            self.accounts[Int($0)] < self.accounts[Int($1)]
        }
        var probable: [ProbablePair] = []
        for account in accounts {
            let id = self.accounts[Int(account)]
            let files = byFileAndAccount.keys.filter { $0.account == account }.map(\.file).sorted()
            for (position, a) in files.enumerated() {
                for b in files[(position + 1)...] {
                    guard let shared = sharedDays(a, b, account: id) else { continue }
                    let first = (byFileAndAccount[FileAccount(file: a, account: account)] ?? []).filter {
                        copiedIn[$0]?.contains(b) != true
                    }
                    let second = byFileAndAccount[FileAccount(file: b, account: account)] ?? []
                    let overlap = shared.lowerBound.dayNumber...shared.upperBound.dayNumber
                    for (kept, dropped) in mergeOneToOne(&entries, first, second, overlap: overlap) {
                        copiedIn[kept, default: []].insert(entries[dropped].file)
                    }
                    probable += pairProbable(entries, first, second, overlap: overlap)
                }
            }
        }
        return probable
    }

    /// Whether two of `files` cover a day in common for `account` (their `windows`): the pairs the
    /// matching looks at are of these files, so with none it finds nothing.
    private func overlaps(_ files: Set<Int32>, account: Int32) -> Bool {
        let id = accounts[Int(account)]
        let files = files.sorted()
        for (position, a) in files.enumerated() {
            for b in files[(position + 1)...] where sharedDays(a, b, account: id) != nil { return true }
        }
        return false
    }

    /// The days files `a` and `b` both cover for `account` (their `windows`), nil for none.
    private func sharedDays(_ a: Int32, _ b: Int32, account: AccountID) -> ClosedRange<CivilDate>? {
        guard let wa = windows[Int(a)][account], let wb = windows[Int(b)][account] else { return nil }
        let lower = max(wa.lowerBound, wb.lowerBound)
        let upper = min(wa.upperBound, wb.upperBound)
        return lower <= upper ? lower...upper : nil
    }

    /// Merges OFX/non-OFX pairs that are the only records with their date and amount in both files;
    /// returns the (kept, dropped) pairs.
    ///
    /// Both sides are sorted by date and amount and walked together: grouping them in a dictionary
    /// of arrays cost an allocation per date and amount, and two overlapping exports of a large
    /// account have hundreds of thousands.
    private func mergeOneToOne(
        _ entries: inout [ImportEntry], _ first: [Int], _ second: [Int], overlap: ClosedRange<Int>
    ) -> [(Int, Int)] {
        func keyed(_ indices: [Int]) -> [(day: Int32, minorUnits: Int64, index: Int)] {
            var result: [(day: Int32, minorUnits: Int64, index: Int)] = []
            for index in indices where entries[index].isImported && overlap.contains(Int(entries[index].day)) {
                result.append((entries[index].day, entries[index].minorUnits, index))
            }
            result.sort { ($0.day, $0.minorUnits) < ($1.day, $1.minorUnits) }
            return result
        }
        let left = keyed(first)
        guard !left.isEmpty else { return [] }
        let right = keyed(second)
        /// The end of the run of equal keys starting at `start`.
        func runEnd(_ list: [(day: Int32, minorUnits: Int64, index: Int)], _ start: Int) -> Int {
            var end = start + 1
            while end < list.count && list[end].day == list[start].day && list[end].minorUnits == list[start].minorUnits
            {
                end += 1
            }
            return end
        }
        var merged: [(Int, Int)] = []
        var (i, j) = (0, 0)
        while i < left.count && j < right.count {
            let (a, b) = ((left[i].day, left[i].minorUnits), (right[j].day, right[j].minorUnits))
            if a < b {
                i = runEnd(left, i)
                continue
            }
            if b < a {
                j = runEnd(right, j)
                continue
            }
            let (leftEnd, rightEnd) = (runEnd(left, i), runEnd(right, j))
            defer { (i, j) = (leftEnd, rightEnd) }
            guard leftEnd - i == 1 && rightEnd - j == 1 else { continue }
            let (x, y) = (left[i].index, right[j].index)
            guard entries[x].hasBankID != entries[y].hasBankID else { continue }
            let (kept, dropped) = entries[x].hasBankID ? (x, y) : (y, x)
            entries[dropped].fate = .duplicate(of: kept, rule: .crossFormat)
            merged.append((kept, dropped))
        }
        return merged
    }

    /// Pairs what is still unmatched on the days both files cover by amount and nearest date.
    private func pairProbable(
        _ entries: [ImportEntry], _ first: [Int], _ second: [Int], overlap: ClosedRange<Int>
    ) -> [ProbablePair] {
        let lower = overlap.lowerBound - probableWindowDays
        let upper = overlap.upperBound + probableWindowDays
        func inWindow(_ index: Int) -> Bool {
            let day = Int(entries[index].day)
            return entries[index].isImported && day >= lower && day <= upper
        }
        var candidates: [AmountKey: [Int]] = [:]
        for index in first where inWindow(index) { candidates[AmountKey(entries[index]), default: []].append(index) }
        guard !candidates.isEmpty else { return [] }
        for key in candidates.keys { candidates[key]?.sort { Deduplicator.dateOrder(entries, $0, $1) } }
        var used = Set<Int>()
        var pairs: [ProbablePair] = []
        let ordered = second.filter(inWindow).sorted { Deduplicator.dateOrder(entries, $0, $1) }
        for index in ordered {
            guard let list = candidates[AmountKey(entries[index])] else { continue }
            let day = Int(entries[index].day)
            var best: (score: (Int, Int), index: Int)?
            var position = Deduplicator.firstIndex(in: list, entries, onOrAfter: day - probableWindowDays)
            while position < list.count {
                let candidate = list[position]
                position += 1
                let difference = Int(entries[candidate].day) - day
                if difference > probableWindowDays { break }
                if used.contains(candidate) { continue }
                let score = (abs(difference), candidate)
                if best.map({ score < $0.score }) ?? true { best = (score, candidate) }
            }
            guard let best else { continue }
            used.insert(best.index)
            pairs.append(
                ProbablePair(
                    first: best.index, second: index, reason: Deduplicator.reason(entries[best.index], entries[index])))
        }
        return pairs
    }

    static func reason(_ first: ImportEntry, _ second: ImportEntry) -> String {
        let days = abs(Int(first.day) - Int(second.day))
        if days > 0 { return "same amount, dates \(days) day\(days == 1 ? "" : "s") apart" }
        if first.hasBankID != second.hasBankID {
            return "same date and amount in an OFX and a CSV/QIF export, but other records share them"
        }
        if first.hasBankID { return "same date and amount, different FITID" }
        return "same date and amount, different description"
    }

    /// Date, then file order.
    static func dateOrder(_ entries: [ImportEntry], _ a: Int, _ b: Int) -> Bool {
        let (x, y) = (entries[a].day, entries[b].day)
        return x != y ? x < y : a < b
    }

    /// The first position in `sorted` (ordered by date) whose date is on or after `day`.
    static func firstIndex(in sorted: [Int], _ entries: [ImportEntry], onOrAfter day: Int) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if Int(entries[sorted[middle]].day) < day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first index of `entries` for which `isBefore` is false (`entries` is partitioned by it).
    static func partition(_ entries: [ImportEntry], isBefore: (ImportEntry) -> Bool) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(entries[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// An account and an amount (every entry of an account is in the account's currency).
    struct AmountKey: Hashable {
        var account: Int32
        var minorUnits: Int64
        init(_ entry: ImportEntry) {
            account = entry.account
            minorUnits = entry.minorUnits
        }
    }

    struct FileAccount: Hashable {
        var file: Int32
        var account: Int32
    }
}
