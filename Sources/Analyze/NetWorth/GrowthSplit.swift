import Ledger

/// A valued account's change in value over a period, split into what was paid in and what the
/// market did, with the money-weighted annual return of both (`MoneyWeightedReturn`).
///
/// The period runs from a start value to the latest valuation at or before the month end. The
/// start is the account's opening balance (closebook.toml's `opening_balance`, the balance at the
/// start of `opening_date`) when one is stated on or before the first valuation, else the first
/// valuation (a value at the end of its day). A contribution is a transfer on the account (a rule's
/// `transfer`, or the paired leg of one): into it is paid in, out of it is withdrawn. It counts
/// when dated after the start (from the opening date on, for an opening balance) up to the end
/// valuation's day, inclusive: a valuation includes what arrived that day.
/// net contributions = paid in − withdrawn; market growth = end value − start value − net
/// contributions (fees and reinvested income are the market's part). Money is integer minor units.
public struct GrowthSplit: Sendable, Equatable {
    /// A dated amount in minor units of the account's currency.
    public struct Dated: Sendable, Equatable {
        public var date: CivilDate
        public var amount: Int64

        public init(date: CivilDate, amount: Int64) {
            self.date = date
            self.amount = amount
        }
    }

    public var start: Dated
    public var end: Dated
    /// True when `start` is an opening balance (contributions on its day come after it).
    public var startsAtOpening: Bool
    public var paidIn: Int64
    public var withdrawn: Int64
    public var contributionCount: Int
    /// The holder's flows: the start value and contributions paid in (negative), withdrawals
    /// and the end value (positive).
    public var flows: [MoneyWeightedReturn.Flow]

    /// The split from `start` to `end`, counting the `contributions` (signed: into the account
    /// positive) that fall inside it.
    public init(start: Dated, startsAtOpening: Bool, end: Dated, contributions: [Dated]) {
        self.start = start
        self.end = end
        self.startsAtOpening = startsAtOpening
        var paidIn: Int64 = 0
        var withdrawn: Int64 = 0
        var count = 0
        var flows: [MoneyWeightedReturn.Flow] = []
        if start.amount != 0 { flows.append(.init(day: start.date.dayNumber, amount: -start.amount)) }
        for contribution in contributions where contribution.date <= end.date {
            guard startsAtOpening ? contribution.date >= start.date : contribution.date > start.date else { continue }
            if contribution.amount >= 0 {
                paidIn &+= contribution.amount
            } else {
                withdrawn &-= contribution.amount
            }
            count += 1
            if contribution.amount != 0 {
                flows.append(.init(day: contribution.date.dayNumber, amount: -contribution.amount))
            }
        }
        flows.append(.init(day: end.date.dayNumber, amount: end.amount))
        self.paidIn = paidIn
        self.withdrawn = withdrawn
        self.contributionCount = count
        self.flows = flows
    }

    public var netContributions: Int64 { paidIn &- withdrawn }
    public var marketGrowth: Int64 { end.amount &- start.amount &- netContributions }
    public var annualReturn: MoneyWeightedReturn.Outcome { MoneyWeightedReturn(flows: flows).outcome }
}
