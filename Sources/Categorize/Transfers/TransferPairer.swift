import Ledger

/// Pairs the two legs of movements between the user's own accounts.
///
/// Two transactions pair when they are in different accounts, in the same currency, of opposite
/// amounts with the same magnitude, at most `windowDays` apart. Among several candidates the
/// choice is deterministic: first pairs whose legs a rule already marked `transfer` (both, then
/// one), then the smallest date gap, then the smaller ids. Each leg pairs at most once. A fee on
/// its own line (0.50 beside a 100.00 transfer) is a different amount, so it never disturbs a pair.
public struct TransferPairer: Sendable {
    /// One transaction that may be a leg.
    public struct Leg: Sendable {
        /// The caller's index for the transaction.
        public var index: Int
        public var id: TransactionID
        public var account: AccountID
        public var date: CivilDate
        public var amount: Money
        /// Already marked `transfer` by a rule or override.
        public var marked: Bool

        public init(index: Int, id: TransactionID, account: AccountID, date: CivilDate, amount: Money, marked: Bool) {
            self.index = index
            self.id = id
            self.account = account
            self.date = date
            self.amount = amount
            self.marked = marked
        }
    }

    public var windowDays: Int

    public init(windowDays: Int) { self.windowDays = windowDays }

    struct GroupKey: ProbingKey {
        var currency: Int32
        var magnitude: UInt64

        var probeHash: UInt64 { magnitude &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(UInt32(bitPattern: currency)) }
    }

    /// A possible pair, by positions in `legs`.
    struct Candidate {
        var priority: Int32
        var gap: Int32
        var out: Int32
        var incoming: Int32
    }

    /// What pairing reads of a leg, as plain numbers.
    struct LegFacts {
        /// The caller's index for the transaction.
        var index: Int
        var day: Int
        /// Equal numbers for equal accounts, and for equal currencies.
        var account: Int32
        var currency: Int32
        var minorUnits: Int64
        var marked: Bool
    }

    /// The pairs found, as (outgoing leg index, incoming leg index), in the order they were chosen.
    public func pair(_ legs: [Leg]) -> [(out: Int, in: Int)] {
        var accountNumbers: [AccountID: Int32] = [:]
        var currencyNumbers: [String: Int32] = [:]
        let facts = legs.map { leg in
            let account = accountNumbers[leg.account] ?? Int32(accountNumbers.count)
            accountNumbers[leg.account] = account
            let currency = currencyNumbers[leg.amount.currency.code] ?? Int32(currencyNumbers.count)
            currencyNumbers[leg.amount.currency.code] = currency
            return LegFacts(
                index: leg.index, day: leg.date.dayNumber, account: account, currency: currency,
                minorUnits: leg.amount.minorUnits, marked: leg.marked)
        }
        return pair(facts) { legs[$0].id < legs[$1].id }
    }

    /// `pair` on plain numbers; `idPrecedes` compares the ids of two legs (by position in `legs`).
    ///
    /// A journal can have hundreds of thousands of candidate legs: each is a few numbers here, and
    /// ids are looked at only to break ties.
    func pair(_ legs: [LegFacts], idPrecedes: (Int, Int) -> Bool) -> [(out: Int, in: Int)] {
        let groups = LegGroups(legs)
        var candidates: [Candidate] = []
        for group in 0..<groups.count where groups.hasBothSides(group) {
            let incoming = groups.ins(group).sorted { legs[Int($0)].day < legs[Int($1)].day }
            let incomingDays = incoming.map { legs[Int($0)].day }
            for out in groups.outs(group) {
                let day = legs[Int(out)].day
                var low = 0
                var high = incomingDays.count
                while low < high {
                    let middle = (low + high) / 2
                    if incomingDays[middle] < day - windowDays { low = middle + 1 } else { high = middle }
                }
                var position = low
                while position < incoming.count, incomingDays[position] <= day + windowDays {
                    let other = incoming[position]
                    position += 1
                    guard legs[Int(other)].account != legs[Int(out)].account else { continue }
                    let priority = 2 - (legs[Int(out)].marked ? 1 : 0) - (legs[Int(other)].marked ? 1 : 0)
                    candidates.append(
                        Candidate(
                            priority: Int32(priority), gap: Int32(abs(incomingDays[position - 1] - day)), out: out,
                            incoming: other))
                }
            }
        }
        candidates.sort { lhs, rhs in
            if lhs.priority != rhs.priority { return lhs.priority < rhs.priority }
            if lhs.gap != rhs.gap { return lhs.gap < rhs.gap }
            if lhs.out != rhs.out {
                if idPrecedes(Int(lhs.out), Int(rhs.out)) { return true }
                if idPrecedes(Int(rhs.out), Int(lhs.out)) { return false }
            }
            return idPrecedes(Int(lhs.incoming), Int(rhs.incoming))
        }
        // Legs taken, by the caller's index (rows: a flag per row, not a set of a million numbers).
        var used = UsedLegs(legs)
        var pairs: [(out: Int, in: Int)] = []
        for candidate in candidates {
            let out = legs[Int(candidate.out)].index
            let incoming = legs[Int(candidate.incoming)].index
            guard !used.contains(out), !used.contains(incoming) else { continue }
            used.insert(out)
            used.insert(incoming)
            pairs.append((out, incoming))
        }
        return pairs
    }

    /// The legs by currency and magnitude, each group's outgoing and incoming legs (positions in
    /// `legs`, in order) kept end to end in one array each, and only for the groups with legs of
    /// both signs: the only ones that can pair. Groups are numbered in the order their first leg
    /// comes, as `pair` meets them.
    ///
    /// Why not an array per group: nearly every amount of a card's spending is a group of its own
    /// with outgoing legs only, and at a month end of 1M rows the 400,000 uncategorised legs made
    /// hundreds of thousands of small arrays, each allocated and grown, to pair none of them.
    struct LegGroups {
        /// Groups with an incoming leg, numbered in the order first met.
        let count: Int
        /// By group: where its outgoing (incoming) legs start in `outLegs` (`inLegs`); the next
        /// group's start is where they end. Groups without both signs hold none.
        private var outStart: [Int32]
        private var inStart: [Int32]
        private var outLegs: [Int32]
        private var inLegs: [Int32]

        init(_ legs: [LegFacts]) {
            // The magnitudes of the incoming legs first (few: most legs are spending), so that
            // every leg is then looked up in a table that stays in the core's cache.
            var incomingKeys = ProbingTable<GroupKey, Int32>(capacity: 64)
            var keyCount: Int32 = 0
            for position in legs.indices where legs[position].minorUnits > 0 {
                let key = GroupKey(currency: legs[position].currency, magnitude: legs[position].minorUnits.magnitude)
                if incomingKeys.value(for: key, orAdding: keyCount) == keyCount { keyCount += 1 }
            }
            // Groups numbered in the order their first leg comes, of either sign.
            var groupOfKey = [Int32](repeating: -1, count: Int(keyCount))
            var group = [Int32](repeating: -1, count: legs.count)
            var outCount: [Int32] = []
            var inCount: [Int32] = []
            for position in legs.indices {
                let minorUnits = legs[position].minorUnits
                guard minorUnits != 0,
                    let key = incomingKeys.value(
                        for: GroupKey(currency: legs[position].currency, magnitude: minorUnits.magnitude))
                else { continue }
                if groupOfKey[Int(key)] < 0 {
                    groupOfKey[Int(key)] = Int32(outCount.count)
                    outCount.append(0)
                    inCount.append(0)
                }
                let number = Int(groupOfKey[Int(key)])
                if minorUnits < 0 { outCount[number] += 1 } else { inCount[number] += 1 }
                group[position] = Int32(number)
            }
            count = outCount.count
            outStart = [Int32](repeating: 0, count: count + 1)
            inStart = [Int32](repeating: 0, count: count + 1)
            for number in 0..<count {
                let both = outCount[number] > 0 && inCount[number] > 0
                outStart[number + 1] = outStart[number] + (both ? outCount[number] : 0)
                inStart[number + 1] = inStart[number] + (both ? inCount[number] : 0)
            }
            outLegs = [Int32](repeating: 0, count: Int(outStart[count]))
            inLegs = [Int32](repeating: 0, count: Int(inStart[count]))
            // Filled in position order, so each group's legs stay in the order of `legs`.
            var outNext = outStart
            var inNext = inStart
            for position in legs.indices {
                let number = Int(group[position])
                guard number >= 0, outStart[number] < outStart[number + 1] else { continue }
                if legs[position].minorUnits < 0 {
                    outLegs[Int(outNext[number])] = Int32(position)
                    outNext[number] += 1
                } else {
                    inLegs[Int(inNext[number])] = Int32(position)
                    inNext[number] += 1
                }
            }
        }

        func hasBothSides(_ group: Int) -> Bool { outStart[group] < outStart[group + 1] }

        func outs(_ group: Int) -> ArraySlice<Int32> { outLegs[Int(outStart[group])..<Int(outStart[group + 1])] }

        func ins(_ group: Int) -> ArraySlice<Int32> { inLegs[Int(inStart[group])..<Int(inStart[group + 1])] }
    }

    /// The caller's indices of the legs already paired: flags when the indices are row numbers
    /// (none negative), a set otherwise.
    struct UsedLegs {
        var flags: [Bool]
        var others = Set<Int>()
        let isFlags: Bool

        init(_ legs: [LegFacts]) {
            let low = legs.lazy.map(\.index).min() ?? 0
            let high = legs.lazy.map(\.index).max() ?? -1
            isFlags = low >= 0 && high < Int(Int32.max)
            flags = [Bool](repeating: false, count: isFlags ? high + 1 : 0)
        }

        func contains(_ index: Int) -> Bool { isFlags ? flags[index] : others.contains(index) }

        mutating func insert(_ index: Int) {
            if isFlags { flags[index] = true } else { others.insert(index) }
        }
    }
}
