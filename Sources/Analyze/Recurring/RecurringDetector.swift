import Ledger

/// Finds the recurring series in one group's occurrences: a subscription, the rent, a salary.
///
/// The rule, walked backwards from the latest occurrence of the dominant sign (so a refund inside a
/// subscription neither breaks it nor starts a series of its own):
/// - every cadence is tried; each earlier occurrence must sit within the cadence's tolerance of the
///   next expected slot, counted from the latest occurrence (not from its neighbour, so dates cannot
///   drift: a four-weekly series does not pass for a monthly one);
/// - occurrences between slots, or in a slot but with an unlike amount, are extras (a one-off
///   purchase at the same shop) and are skipped, up to `max(2, run / 2)` of them;
/// - a slot with nothing in it ends the run: the series is what came since the last gap;
/// - amounts are alike when they differ by at most `amountTolerance` of the larger one; a bigger step
///   is a price change when the old amount was settled (at least twice in a row) and the new one
///   persists (at least twice, or it is the latest);
/// - the longest run wins, then the one closest to its schedule, then the more frequent cadence; it
///   needs `Cadence.minimumOccurrences`, and a run of just that many must have no extras between its
///   occurrences (two purchases a year apart at a shop visited every month are not a yearly series),
///   and at most `maximumExtrasShare` of a longer run's count may be extras: at a café visited three
///   times a week, some visit always falls near every fortnightly slot, and only the visits between
///   the slots show that the rhythm is chance.
///
/// A slot the run does not hold because its payment's amount was unlike the series' (a weekly shop
/// that cost more one week) was still paid: when a payment of the series' sign, of any amount, sits
/// within the cadence's tolerance of the next expected date, that slot counts as paid and the status
/// is judged from the slot after it. A missed payment is one that did not come at all, never a
/// different amount (that is a price change, or a one-off).
///
/// The detector is called once per group and month over the whole ledger, so it looks only at the
/// last `window` occurrences and allocates only for the series it returns.
public struct RecurringDetector: Sendable, Equatable {
    /// How many of a group's latest occurrences are examined: three years of a monthly payment, nine
    /// months of a weekly one. Enough to see a series and its price changes; it bounds the work per
    /// call whatever the size of the group.
    public static let defaultWindow = 36
    /// The default for `amountTolerance`: 20% leaves room for utility bills and small salary changes.
    public static let defaultAmountTolerance = 0.20
    /// A payment this close to its month's end counts as "end of the month" for the calendar
    /// cadences: a salary on the last working day lands between the 26th of February and the 31st.
    public static let monthEndDays = 2
    /// Amounts in the same level must be exactly equal, and a level is settled after this many.
    public static let settledCount = 2
    /// Extras skipped inside a run, as a share of its occurrences, above which it is chance.
    public static let maximumExtrasShare = 0.25

    public var window: Int
    public var amountTolerance: Double

    /// Every cadence, most frequent first (the order breaks ties), kept as a constant because the
    /// synthesized `allCases` builds a new array on each use.
    static let cadences = Cadence.allCases

    public init(
        window: Int = RecurringDetector.defaultWindow,
        amountTolerance: Double = RecurringDetector.defaultAmountTolerance
    ) {
        self.window = window
        self.amountTolerance = amountTolerance
    }

    /// The series among `occurrences` (sorted by date) as seen on `asOf`, or nil when there is none.
    public func detect(_ occurrences: ArraySlice<Occurrence>, asOf: CivilDate) -> RecurringSeries? {
        var end = occurrences.endIndex
        while end > occurrences.startIndex, occurrences[end - 1].date > asOf { end -= 1 }
        let lower = max(occurrences.startIndex, end - max(window, 2))
        guard end - lower >= 2 else { return nil }
        var positives = 0
        var negatives = 0
        var latestSign: Int64 = 0
        for index in lower..<end {
            let amount = occurrences[index].amount
            if amount > 0 {
                positives += 1
                latestSign = 1
            } else if amount < 0 {
                negatives += 1
                latestSign = -1
            }
        }
        guard max(positives, negatives) >= 2 else { return nil }
        let sign: Int64 = positives > negatives ? 1 : negatives > positives ? -1 : latestSign
        let size = end - lower
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * size) { storage in
            storage.initialize(repeating: 0)
            var scope = Scope(
                occurrences: occurrences, lower: lower, sign: sign, amountTolerance: amountTolerance,
                upper: end, walked: UnsafeMutableBufferPointer(rebasing: storage[0..<size]),
                kept: UnsafeMutableBufferPointer(rebasing: storage[size...]))
            // The latest occurrence may be a one-off after the series, so the one before it may be tried too.
            var start = scope.previous(before: end)
            for _ in 0..<2 {
                guard let latest = start else { break }
                var best: Run?
                var longest = 1
                let calendar = scope.calendarSchedule(through: latest)
                let gaps = scope.gaps(before: latest)
                for cadence in RecurringDetector.cadences {
                    guard gaps.allow(cadence) else { continue }
                    // A cadence that cannot fit as many occurrences into the window as the best run
                    // has is not walked: a long monthly series makes quarterly and yearly pointless.
                    if let current = best, scope.capacity(from: latest, cadence: cadence) < current.count { continue }
                    guard let run = scope.walk(from: latest, cadence: cadence, calendar: calendar) else { continue }
                    longest = max(longest, run.count)
                    guard
                        run.count > cadence.minimumOccurrences
                            || (run.count == cadence.minimumOccurrences && run.extras == 0)
                    else { continue }
                    guard Double(run.extras) <= RecurringDetector.maximumExtrasShare * Double(run.count) else {
                        continue
                    }
                    if let current = best,
                        run.count < current.count || (run.count == current.count && run.deviation >= current.deviation)
                    {
                        continue
                    }
                    best = run
                    scope.keepWalked()
                }
                if let best { return scope.series(best, asOf: asOf) }
                // Worth a second try only when the latest fits nothing and the two before it look like
                // members of one series (alike amounts); in a shop's varied purchases they rarely do.
                guard longest == 1, let previous = scope.previous(before: latest),
                    let beforePrevious = scope.previous(before: previous),
                    scope.alike(occurrences[previous].amount, occurrences[beforePrevious].amount)
                else { break }
                start = previous
            }
            return nil
        }
    }
}
