import Ledger

/// One transaction of one group (one account, one cleaned payee), as the recurring detector sees it.
///
/// The amount stays signed minor units (money out negative) so the detector can tell a refund from a
/// charge; the caller passes a group's occurrences sorted by date.
public struct Occurrence: Sendable, Equatable {
    /// The transaction's index in the ledger (or any number that tells the caller which one it
    /// is), echoed in `RecurringSeries.occurrences`. A number, not the id: the detector copies
    /// occurrences many times per group, and a string would be retained and released each time.
    public var index: Int
    public var date: CivilDate {
        didSet { dayNumber = date.dayNumber }
    }
    /// Signed minor units of the base currency.
    public var amount: Int64
    /// `date.dayNumber`, worked out once here rather than in each of the detector's ~120 calls per
    /// group (the date arithmetic was a large share of a call).
    public private(set) var dayNumber: Int

    /// The occurrence on the day `dayNumber` (days from 1970-01-01; see `CivilDate.dayNumber`).
    init(index: Int, dayNumber: Int, amount: Int64) {
        self.index = index
        // Day numbers come from real dates, which are always in range.
        self.date = CivilDate(dayNumber: dayNumber) ?? CivilDate(year: 1970, month: 1, day: 1)!
        self.amount = amount
        self.dayNumber = dayNumber
    }

    public init(index: Int, date: CivilDate, amount: Int64) {
        self.index = index
        self.date = date
        self.amount = amount
        self.dayNumber = date.dayNumber
    }
}
