import Ledger

/// A payment that comes back at a regular cadence: a subscription, the rent, a salary.
public struct RecurringSeries: Sendable, Equatable {
    public var cadence: Cadence
    /// The current (latest) amount, signed minor units.
    public var amount: Int64
    /// `amount` scaled to one month by the cadence's factor, rounded half to even to the minor unit.
    public var monthlyAmount: Int64
    /// The first occurrence of the series within the detector's window (see `RecurringDetector.window`).
    public var firstDate: CivilDate
    public var lastDate: CivilDate
    /// The next expected date after `lastDate`.
    public var nextDate: CivilDate
    public var status: RecurringStatus
    /// The first expected date that did not come; nil while the series is active.
    public var expectedDate: CivilDate?
    /// Steps between settled amounts, oldest first.
    public var priceChanges: [PriceChange]
    /// The `Occurrence.index` of each occurrence that makes up the series, oldest first.
    public var occurrences: [Int]
    public var count: Int

    public init(
        cadence: Cadence, amount: Int64, monthlyAmount: Int64, firstDate: CivilDate, lastDate: CivilDate,
        nextDate: CivilDate, status: RecurringStatus, expectedDate: CivilDate?, priceChanges: [PriceChange],
        occurrences: [Int], count: Int
    ) {
        self.cadence = cadence
        self.amount = amount
        self.monthlyAmount = monthlyAmount
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.nextDate = nextDate
        self.status = status
        self.expectedDate = expectedDate
        self.priceChanges = priceChanges
        self.occurrences = occurrences
        self.count = count
    }
}
