import Ledger

/// How often a recurring payment comes back.
///
/// Weekly, fortnightly and four-weekly payments step by a fixed number of days; monthly, quarterly
/// and yearly ones step by calendar months from an anchor day that is clamped to shorter months (a
/// payment on the 31st is expected on 28 or 29 February).
public enum Cadence: String, Sendable, Equatable, CaseIterable {
    case weekly
    case fortnightly
    case fourWeekly
    case monthly
    case quarterly
    /// Twice a year: a tax paid on account in January and July, a twice-yearly service.
    case halfYearly
    case yearly

    /// Days per step for the day-based cadences; nil for the calendar ones.
    public var stepDays: Int? {
        switch self {
        case .weekly: 7
        case .fortnightly: 14
        case .fourWeekly: 28
        case .monthly, .quarterly, .halfYearly, .yearly: nil
        }
    }

    /// Months per step for the calendar cadences; nil for the day-based ones.
    public var stepMonths: Int? {
        switch self {
        case .monthly: 1
        case .quarterly: 3
        case .halfYearly: 6
        case .yearly: 12
        case .weekly, .fortnightly, .fourWeekly: nil
        }
    }

    /// How many days a payment may sit either side of its expected date and still count.
    ///
    /// Wide enough for weekends and bank holidays (a salary paid on the last working day moves up to
    /// three days before the month's end; a direct debit due on a Saturday is taken on Monday), narrow
    /// enough that a four-weekly series does not pass for a monthly one: four-weekly dates drift about
    /// 2.4 days a month against the calendar, so after two steps they are outside three days.
    public var toleranceDays: Int {
        switch self {
        case .weekly: 2
        case .fortnightly: 3
        case .fourWeekly: 3
        case .monthly: 4
        case .quarterly: 7
        case .halfYearly: 10
        case .yearly: 14
        }
    }

    /// Occurrences needed before a run counts as a series: two of a yearly payment already mean a
    /// lot, two of anything more frequent are often a coincidence.
    public var minimumOccurrences: Int {
        switch self {
        case .yearly: 2
        case .monthly, .quarterly, .halfYearly: 3
        // A shop visited a few times a month has, by chance, three visits about a week or two
        // apart now and then; a fourth on the same rhythm is far rarer.
        case .weekly, .fortnightly, .fourWeekly: 4
        }
    }

    /// The monthly equivalent as an exact fraction: weekly 52/12, fortnightly 26/12, four-weekly 13/12,
    /// monthly 1, quarterly 1/3, half-yearly 1/6, yearly 1/12.
    public var monthlyFactor: (numerator: Int64, denominator: Int64) {
        switch self {
        case .weekly: (52, 12)
        case .fortnightly: (26, 12)
        case .fourWeekly: (13, 12)
        case .monthly: (1, 1)
        case .quarterly: (1, 3)
        case .halfYearly: (1, 6)
        case .yearly: (1, 12)
        }
    }

    /// `amount` per month, rounded half to even to the minor unit (10.00 weekly is 43.33 a month).
    public func monthlyEquivalent(of amount: Int64) -> Int64 {
        let factor = monthlyFactor
        return (amount * factor.numerator).dividedRoundingHalfToEven(by: factor.denominator)
    }

    /// The date `steps` cadence periods after `anchor` (before it when negative).
    ///
    /// Calendar cadences put the result on `anchorDay` of the target month, clamped to its length;
    /// the day-based ones ignore `anchorDay`.
    public func step(from anchor: CivilDate, anchorDay: Int, by steps: Int) -> CivilDate? {
        if let days = stepDays { return anchor.adding(days: days * steps) }
        let months = (stepMonths ?? 1) * steps
        return Cadence.date(monthIndex: anchor.year * 12 + anchor.month - 1 + months, day: anchorDay)
    }

    /// The date on `day` (clamped) of the month `monthIndex` (year × 12 + month − 1).
    static func date(monthIndex: Int, day: Int) -> CivilDate? {
        guard monthIndex >= 12 else { return nil }
        let year = monthIndex / 12
        let month = monthIndex % 12 + 1
        guard (1...9999).contains(year) else { return nil }
        return CivilDate(year: year, month: month, day: min(max(day, 1), CivilDate.daysIn(year: year, month: month)))
    }
}
