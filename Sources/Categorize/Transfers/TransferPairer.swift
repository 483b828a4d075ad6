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
        // Groups by currency and magnitude (`ProbingTable`: hundreds of thousands of legs are looked up).
        var groupOf = ProbingTable<GroupKey, Int>(capacity: legs.count)
        var outs: [[Int32]] = []
        var ins: [[Int32]] = []
        let days = legs.map(\.day)
        for position in legs.indices {
            let minorUnits = legs[position].minorUnits
            guard minorUnits != 0 else { continue }
            let key = GroupKey(currency: legs[position].currency, magnitude: minorUnits.magnitude)
            let group = groupOf.value(for: key, orAdding: outs.count)
            if group == outs.count {
                outs.append([])
                ins.append([])
            }
            if minorUnits < 0 {
                outs[group].append(Int32(position))
            } else {
                ins[group].append(Int32(position))
            }
        }
        let accounts = legs.map(\.account)
        var candidates: [Candidate] = []
        for group in outs.indices where !outs[group].isEmpty && !ins[group].isEmpty {
            let incoming = ins[group].sorted { days[Int($0)] < days[Int($1)] }
            let incomingDays = incoming.map { days[Int($0)] }
            for out in outs[group] {
                let day = days[Int(out)]
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
                    guard accounts[Int(other)] != accounts[Int(out)] else { continue }
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
