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
        var currency: Int32
        var magnitude: UInt64
    }

    /// A possible pair, by positions in `legs`.
    struct Candidate {
        var priority: Int32
        var gap: Int32
        var out: Int32
        var incoming: Int32
    }

    /// The pairs found, as (outgoing leg index, incoming leg index), in the order they were chosen.
    ///
    /// Works on positions in `legs` and on plain numbers taken from them once (day, account and
    /// currency numbers): a journal can have hundreds of thousands of candidate legs, and each `Leg`
    /// carries strings that copying or hashing would cost for every comparison.
    public func pair(_ legs: [Leg]) -> [(out: Int, in: Int)] {
        legs.withUnsafeBufferPointer { pair($0) }
    }

    private func pair(_ legs: UnsafeBufferPointer<Leg>) -> [(out: Int, in: Int)] {
        var days = [Int](repeating: 0, count: legs.count)
        var accounts = [Int32](repeating: 0, count: legs.count)
        var accountNumbers: [AccountID: Int32] = [:]
        var currencyNumbers: [String: Int32] = [:]
        var (lastCode, lastCurrency) = ("", Int32(0))
        var groupOf: [GroupKey: Int] = [:]
        var outs: [[Int32]] = []
        var ins: [[Int32]] = []
        for position in legs.indices {
            days[position] = legs[position].date.dayNumber
            // Legs come in runs of one account: check the last one before hashing.
            if position > 0, legs[position].account == legs[position - 1].account {
                accounts[position] = accounts[position - 1]
            } else if let known = accountNumbers[legs[position].account] {
                accounts[position] = known
            } else {
                accounts[position] = Int32(accountNumbers.count)
                accountNumbers[legs[position].account] = accounts[position]
            }
            let minorUnits = legs[position].amount.minorUnits
            guard minorUnits != 0 else { continue }
            let code = legs[position].amount.currency.code
            let currency: Int32
            if code == lastCode {
                currency = lastCurrency
            } else if let known = currencyNumbers[code] {
                currency = known
            } else {
                currency = Int32(currencyNumbers.count)
                currencyNumbers[code] = currency
            }
            (lastCode, lastCurrency) = (code, currency)
            let key = GroupKey(currency: currency, magnitude: minorUnits.magnitude)
            let group: Int
            if let known = groupOf[key] {
                group = known
            } else {
                group = outs.count
                groupOf[key] = group
                outs.append([])
                ins.append([])
            }
            if minorUnits < 0 {
                outs[group].append(Int32(position))
            } else {
                ins[group].append(Int32(position))
            }
        }
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
            if lhs.out != rhs.out, legs[Int(lhs.out)].id != legs[Int(rhs.out)].id {
                return legs[Int(lhs.out)].id < legs[Int(rhs.out)].id
            }
            return legs[Int(lhs.incoming)].id < legs[Int(rhs.incoming)].id
        }
        var used = Set<Int>()
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
}
