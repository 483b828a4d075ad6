import Ledger

/// Pairs the two legs of a transfer between accounts in two currencies: pounds leaving the current
/// account and euros arriving in the euro account are the same money, but never the same number.
///
/// An outgoing leg in one currency and an incoming leg in another pair when they are in different
/// accounts, at most `windowDays` apart, at least one of them marked `transfer` (by a rule or
/// override: two unrelated uncategorised lines are too easily within a few percent of each
/// other), and the outgoing amount converted at `rates.csv`'s rate in force on its date is within
/// `tolerance` of the incoming amount: |converted − incoming| ≤ 3% of converted. A bank or a
/// transfer service converts at its own rate, a little off the reference rate, and may take a fee
/// from the amount sent; 3% holds the usual spread and fee (£256.38 at 0.8546 is €300.00 exactly;
/// €291.00 to €309.00 would pair) while a payment of a different size stays apart. Without a rate
/// in force for both currencies on that date the legs cannot be compared and do not pair.
///
/// Among several candidates: legs both marked first, then the closer converted amount, then the
/// smaller date gap, then the smaller ids. Each leg pairs at most once. Same-currency pairs
/// (`TransferPairer`, exact amounts) are found first; this sees only the legs left over.
public struct CrossCurrencyPairer: Sendable {
    /// The most the incoming amount may differ from the converted outgoing one, as a share of it.
    public static let tolerance = 0.03

    public var windowDays: Int
    public var rates: RateTable

    public init(windowDays: Int, rates: RateTable) {
        self.windowDays = windowDays
        self.rates = rates
    }

    /// A possible pair, by positions in `legs`.
    struct Candidate {
        var priority: Int
        /// |converted − incoming| ÷ converted.
        var deviation: Double
        var gap: Int
        var out: Int
        var incoming: Int
    }

    /// The pairs found among `legs` (`currency` numbers index `currencies`), as (outgoing leg
    /// index, incoming leg index) by the caller's indices; `idPrecedes` compares the ids of two legs
    /// by position in `legs`.
    func pair(
        _ legs: [TransferPairer.LegFacts], currencies: [Currency], idPrecedes: (Int, Int) -> Bool
    ) -> [(out: Int, in: Int)] {
        guard Set(legs.map(\.currency)).count > 1 else { return [] }
        // Incoming legs by currency, by day: all of them for a marked outgoing leg, the marked ones
        // for an unmarked one (a journal may hold many uncategorised lines; few are marked).
        var incomingByCurrency: [Int32: [Int]] = [:]
        var markedByCurrency: [Int32: [Int]] = [:]
        for position in legs.indices where legs[position].minorUnits > 0 {
            incomingByCurrency[legs[position].currency, default: []].append(position)
            if legs[position].marked { markedByCurrency[legs[position].currency, default: []].append(position) }
        }
        for key in incomingByCurrency.keys { incomingByCurrency[key]!.sort { legs[$0].day < legs[$1].day } }
        for key in markedByCurrency.keys { markedByCurrency[key]!.sort { legs[$0].day < legs[$1].day } }
        var candidates: [Candidate] = []
        for out in legs.indices where legs[out].minorUnits < 0 {
            let leg = legs[out]
            let from = currencies[Int(leg.currency)]
            for (currency, incoming) in leg.marked ? incomingByCurrency : markedByCurrency
            where currency != leg.currency {
                let to = currencies[Int(currency)]
                guard let converted = rates.convert(-leg.minorUnits, from: from, to: to, onDay: leg.day),
                    converted > 0
                else { continue }
                var position = Self.firstIndex(incoming, atOrAfter: leg.day - windowDays, legs)
                while position < incoming.count, legs[incoming[position]].day <= leg.day + windowDays {
                    let other = legs[incoming[position]]
                    position += 1
                    guard other.account != leg.account, leg.marked || other.marked else { continue }
                    let deviation = Double((converted - other.minorUnits).magnitude) / Double(converted)
                    guard deviation <= Self.tolerance else { continue }
                    candidates.append(
                        Candidate(
                            priority: (leg.marked ? 0 : 1) + (other.marked ? 0 : 1), deviation: deviation,
                            gap: abs(other.day - leg.day), out: out, incoming: incoming[position - 1]))
                }
            }
        }
        candidates.sort { lhs, rhs in
            if lhs.priority != rhs.priority { return lhs.priority < rhs.priority }
            if lhs.deviation != rhs.deviation { return lhs.deviation < rhs.deviation }
            if lhs.gap != rhs.gap { return lhs.gap < rhs.gap }
            if lhs.out != rhs.out { return idPrecedes(lhs.out, rhs.out) }
            return idPrecedes(lhs.incoming, rhs.incoming)
        }
        var used = Set<Int>()
        var pairs: [(out: Int, in: Int)] = []
        for candidate in candidates where !used.contains(candidate.out) && !used.contains(candidate.incoming) {
            used.insert(candidate.out)
            used.insert(candidate.incoming)
            pairs.append((legs[candidate.out].index, legs[candidate.incoming].index))
        }
        return pairs
    }

    /// The first position in `sorted` (positions in `legs`, by day) whose day is at least `day`.
    static func firstIndex(_ sorted: [Int], atOrAfter day: Int, _ legs: [TransferPairer.LegFacts]) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if legs[sorted[middle]].day < day { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
