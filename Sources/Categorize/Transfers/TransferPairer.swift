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

    struct GroupKey: Hashable {
        var currency: String
        var magnitude: UInt64
    }

    /// The pairs found, as (outgoing leg index, incoming leg index), in the order they were chosen.
    public func pair(_ legs: [Leg]) -> [(out: Int, in: Int)] {
        var groups: [GroupKey: (outs: [Leg], ins: [Leg])] = [:]
        for leg in legs where leg.amount.minorUnits != 0 {
            let key = GroupKey(currency: leg.amount.currency.code, magnitude: leg.amount.minorUnits.magnitude)
            if leg.amount.minorUnits < 0 {
                groups[key, default: ([], [])].outs.append(leg)
            } else {
                groups[key, default: ([], [])].ins.append(leg)
            }
        }
        struct Candidate {
            var priority: Int
            var gap: Int
            var out: Leg
            var incoming: Leg
        }
        var candidates: [Candidate] = []
        for (_, group) in groups where !group.outs.isEmpty && !group.ins.isEmpty {
            let ins = group.ins.sorted { $0.date.dayNumber < $1.date.dayNumber }
            let days = ins.map(\.date.dayNumber)
            for out in group.outs {
                let day = out.date.dayNumber
                var low = 0
                var high = days.count
                while low < high {
                    let middle = (low + high) / 2
                    if days[middle] < day - windowDays { low = middle + 1 } else { high = middle }
                }
                var position = low
                while position < ins.count, days[position] <= day + windowDays {
                    let incoming = ins[position]
                    position += 1
                    guard incoming.account != out.account else { continue }
                    let priority = 2 - (out.marked ? 1 : 0) - (incoming.marked ? 1 : 0)
                    candidates.append(
                        Candidate(priority: priority, gap: abs(days[position - 1] - day), out: out, incoming: incoming))
                }
            }
        }
        candidates.sort { lhs, rhs in
            if lhs.priority != rhs.priority { return lhs.priority < rhs.priority }
            if lhs.gap != rhs.gap { return lhs.gap < rhs.gap }
            if lhs.out.id != rhs.out.id { return lhs.out.id < rhs.out.id }
            return lhs.incoming.id < rhs.incoming.id
        }
        var used = Set<Int>()
        var pairs: [(out: Int, in: Int)] = []
        for candidate in candidates
        where !used.contains(candidate.out.index) && !used.contains(candidate.incoming.index) {
            used.insert(candidate.out.index)
            used.insert(candidate.incoming.index)
            pairs.append((candidate.out.index, candidate.incoming.index))
        }
        return pairs
    }
}
