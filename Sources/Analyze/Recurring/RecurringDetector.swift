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

/// One candidate run: where it starts, its schedule, and how well it fits.
private struct Run {
    var cadence: Cadence
    var latest: Int
    var anchorDay: Int
    /// The expected date of the latest occurrence.
    var slot: CivilDate
    var count: Int
    /// Sum of |actual − expected| days over the run.
    var deviation: Int
    /// Extras skipped between the run's occurrences.
    var extras = 0
}

/// Where a walk's expected dates hang: the anchor day of the month (calendar cadences) and the
/// expected date of the latest occurrence, with its day number.
private struct Schedule {
    var anchorDay: Int
    var slot: CivilDate
    var slotDay: Int
}

/// A cheap test that spares most walks that would stop at once.
///
/// A walk skips at most two extras before the previous slot, so that slot must hold the first, second
/// or third earlier occurrence: the first must not be past the slot's far edge, and the third must
/// reach its near edge. The edges are the shortest and longest step, widened by twice the tolerance
/// (the latest occurrence may itself sit off its slot).
private struct Gaps {
    /// Days back to the first earlier occurrence; nil when there is none.
    var first: Int?
    /// Days back to the third earlier occurrence, or to the last one when there are fewer.
    var third: Int

    func allow(_ cadence: Cadence) -> Bool {
        guard let first else { return false }
        let margin = 2 * cadence.toleranceDays
        let shortest = cadence.stepDays ?? 28 * (cadence.stepMonths ?? 1)
        let longest = cadence.stepDays ?? 31 * (cadence.stepMonths ?? 1) + 1
        return first <= longest + margin && third >= shortest - margin
    }
}

/// Expected day numbers stepping back from a slot, by day arithmetic only: building a `CivilDate`
/// per step was most of the detector's time.
private struct Cursor {
    let stepDays: Int
    let stepMonths: Int
    let anchorDay: Int
    /// The current expected day number.
    var expected: Int
    /// year × 12 + month − 1 of the current slot (calendar cadences).
    var monthIndex: Int
    /// The day number of the first of that month.
    var monthStart: Int

    init(cadence: Cadence, anchorDay: Int, slot: CivilDate, slotDay: Int) {
        stepDays = cadence.stepDays ?? 0
        stepMonths = cadence.stepMonths ?? 0
        self.anchorDay = anchorDay
        expected = slotDay
        monthIndex = slot.year * 12 + slot.month - 1
        monthStart = slotDay - (slot.day - 1)
    }

    static func daysIn(monthIndex: Int) -> Int {
        CivilDate.daysIn(year: monthIndex / 12, month: monthIndex % 12 + 1)
    }

    /// Moves to the previous slot; false before year 1.
    mutating func stepBack() -> Bool {
        if stepDays > 0 {
            expected -= stepDays
            return true
        }
        var length = 0
        for _ in 0..<stepMonths {
            monthIndex -= 1
            guard monthIndex >= 12 else { return false }
            length = Cursor.daysIn(monthIndex: monthIndex)
            monthStart -= length
        }
        expected = monthStart + min(anchorDay, length) - 1
        return true
    }
}

/// The window of one call and the walk over it.
private struct Scope {
    let occurrences: ArraySlice<Occurrence>
    let lower: Int
    /// The end of the occurrences dated on or before the analysis date.
    let upper: Int
    let sign: Int64
    let amountTolerance: Double
    /// The last walk's indices, newest first.
    var walked: UnsafeMutableBufferPointer<Int>
    /// The best run's indices, newest first.
    var kept: UnsafeMutableBufferPointer<Int>
    init(
        occurrences: ArraySlice<Occurrence>, lower: Int, sign: Int64, amountTolerance: Double, upper: Int,
        walked: UnsafeMutableBufferPointer<Int>, kept: UnsafeMutableBufferPointer<Int>
    ) {
        self.upper = upper
        self.walked = walked
        self.kept = kept
        self.occurrences = occurrences
        self.lower = lower
        self.sign = sign
        self.amountTolerance = amountTolerance
    }

    func dayNumber(at index: Int) -> Int { occurrences[index].dayNumber }

    func hasSign(_ amount: Int64) -> Bool { sign > 0 ? amount > 0 : amount < 0 }

    /// The nearest index below `index` with the dominant sign.
    func previous(before index: Int) -> Int? {
        var candidate = index
        while candidate > lower {
            candidate -= 1
            if hasSign(occurrences[candidate].amount) { return candidate }
        }
        return nil
    }

    func alike(_ a: Int64, _ b: Int64) -> Bool {
        if a == b { return true }
        let difference = Double((a - b).magnitude)
        return difference <= amountTolerance * Double(max(a.magnitude, b.magnitude))
    }

    /// The anchor day of a calendar schedule through `date`: its day of the month, or 31 (the month's
    /// end, clamped) when it is within `RecurringDetector.monthEndDays` of the end.
    static func anchorDay(of date: CivilDate) -> Int {
        date.day >= date.daysInMonth - RecurringDetector.monthEndDays ? 31 : date.day
    }

    /// The calendar schedule through the occurrence at `latest`: its anchor day and the expected date
    /// nearest to it (a payment due on the 31st may arrive on the 2nd of the next month). Shared by the
    /// monthly, quarterly and yearly walks.
    func calendarSchedule(through latest: Int) -> Schedule {
        let date = occurrences[latest].date
        let day = dayNumber(at: latest)
        let anchorDay = Scope.anchorDay(of: date)
        if anchorDay == date.day || (anchorDay == 31 && date.day == date.daysInMonth) {
            return Schedule(anchorDay: anchorDay, slot: date, slotDay: day)
        }
        let monthIndex = date.year * 12 + date.month - 1
        var best = Schedule(anchorDay: anchorDay, slot: date, slotDay: day)
        var bestDistance = Int.max
        for offset in -1...1 {
            guard let candidate = Cadence.date(monthIndex: monthIndex + offset, day: anchorDay) else { continue }
            let candidateDay = candidate.dayNumber
            if abs(candidateDay - day) < bestDistance {
                best = Schedule(anchorDay: anchorDay, slot: candidate, slotDay: candidateDay)
                bestDistance = abs(candidateDay - day)
            }
        }
        return best
    }

    /// Walks back from `latest` on `cadence`'s schedule; nil when the latest occurrence is off it.
    /// `calendar` is `calendarSchedule(through: latest)`, passed in so that it is worked out once.
    mutating func walk(from latest: Int, cadence: Cadence, calendar: Schedule) -> Run? {
        let tolerance = cadence.toleranceDays
        let schedule =
            cadence.stepDays == nil
            ? calendar
            : Schedule(anchorDay: 0, slot: occurrences[latest].date, slotDay: dayNumber(at: latest))
        let anchorDay = schedule.anchorDay
        let slot = schedule.slot
        let slotDay = schedule.slotDay
        var run = Run(
            cadence: cadence, latest: latest, anchorDay: anchorDay, slot: slot, count: 1,
            deviation: abs(slotDay - dayNumber(at: latest)))
        guard run.deviation <= tolerance else { return nil }
        walked[0] = latest

        var cursor = Cursor(cadence: cadence, anchorDay: anchorDay, slot: slot, slotDay: slotDay)
        guard cursor.stepBack() else { return run }
        var expected = cursor.expected
        var newer = occurrences[latest].amount
        var streak = 1
        var skipped = 0
        // A step to a new amount waits for the old amount to show it was settled; until then the
        // run as it was before the step is kept here.
        var beforeStep: Run?
        var index = latest
        while index > lower {
            index -= 1
            let amount = occurrences[index].amount
            guard hasSign(amount) else { continue }
            let deviation = dayNumber(at: index) - expected
            if deviation < -tolerance { break }
            var isExtra = deviation > tolerance
            var isStep = false
            if !isExtra {
                if beforeStep != nil {
                    if amount != newer { break }
                } else if !alike(amount, newer) {
                    if streak >= RecurringDetector.settledCount || run.count == 1 {
                        isStep = true
                    } else {
                        isExtra = true
                    }
                }
            }
            if isExtra {
                skipped += 1
                if skipped > max(2, run.count / 2) { break }
                continue
            }
            if beforeStep != nil, amount == newer {
                beforeStep = nil
            } else if isStep {
                beforeStep = run
            }
            run.count += 1
            run.deviation += abs(deviation)
            run.extras = skipped
            streak = amount == newer ? streak + 1 : 1
            newer = amount
            walked[run.count - 1] = index
            guard cursor.stepBack() else { break }
            expected = cursor.expected
        }
        if let settled = beforeStep { run = settled }
        return run
    }

    /// Days from `latest` back to the first and to the third (or last, if fewer) earlier occurrences.
    func gaps(before latest: Int) -> Gaps {
        let day = dayNumber(at: latest)
        guard var index = previous(before: latest) else { return Gaps(first: nil, third: 0) }
        let first = day - dayNumber(at: index)
        for _ in 0..<2 {
            guard let earlier = previous(before: index) else { break }
            index = earlier
        }
        return Gaps(first: first, third: day - dayNumber(at: index))
    }

    /// Copies the last walk's indices to `kept`, when that walk is the best run so far.
    mutating func keepWalked() { swap(&walked, &kept) }

    /// The most occurrences `cadence` could fit between the window's start and `latest`, counting
    /// the shortest possible step and the tolerance at both ends.
    func capacity(from latest: Int, cadence: Cadence) -> Int {
        let span = dayNumber(at: latest) - dayNumber(at: lower) + 2 * cadence.toleranceDays
        let shortest = cadence.stepDays ?? 28 * (cadence.stepMonths ?? 1)
        return span / shortest + 1
    }

    /// The series for `run`, whose indices are in `kept`.
    func series(_ run: Run, asOf: CivilDate) -> RecurringSeries? {
        let indices = (0..<run.count).reversed().map { kept[$0] }
        let tolerance = run.cadence.toleranceDays
        // Slots after the run that a payment of another amount filled are paid, not missed, and the
        // other amount is a price change (from the series' amount to the one paid).
        var step = 1
        var filled: [Int] = []
        while step < upper - run.latest,
            let slot = run.cadence.step(from: run.slot, anchorDay: run.anchorDay, by: step),
            slot.days(to: asOf) > tolerance,
            let payment = paid(near: slot.dayNumber, after: run.latest, tolerance: tolerance)
        {
            filled.append(payment)
            step += 1
        }
        guard let firstIndex = indices.first,
            let next = run.cadence.step(from: run.slot, anchorDay: run.anchorDay, by: step),
            let afterNext = run.cadence.step(from: run.slot, anchorDay: run.anchorDay, by: step + 1)
        else { return nil }
        let lateness = next.days(to: asOf)
        let status: RecurringStatus =
            afterNext.days(to: asOf) > tolerance ? .ended : lateness > tolerance ? .missed : .active
        let amount = occurrences[run.latest].amount
        return RecurringSeries(
            cadence: run.cadence, amount: amount, monthlyAmount: run.cadence.monthlyEquivalent(of: amount),
            firstDate: occurrences[firstIndex].date, lastDate: occurrences[run.latest].date, nextDate: next,
            status: status, expectedDate: status == .active ? nil : next,
            priceChanges: priceChanges(indices)
                + filled.compactMap { payment in
                    occurrences[payment].amount == amount
                        ? nil
                        : PriceChange(date: occurrences[payment].date, from: amount, to: occurrences[payment].amount)
                }, occurrences: indices.map { occurrences[$0].index },
            count: indices.count)
    }

    /// The first occurrence after `latest` (up to the analysis date) of the series' sign, of any
    /// amount, dated within `tolerance` days of the day `expected`; nil when none is.
    func paid(near expected: Int, after latest: Int, tolerance: Int) -> Int? {
        var index = latest + 1
        while index < upper {
            let day = dayNumber(at: index)
            if day > expected + tolerance { return nil }
            if day >= expected - tolerance, hasSign(occurrences[index].amount) { return index }
            index += 1
        }
        return nil
    }

    /// Steps between settled levels: runs of equal amounts where the old run has at least
    /// `settledCount` occurrences and the new one too, or is the latest. A level of one occurrence in
    /// between (a varying bill) breaks the chain, so varying amounts never make price changes.
    func priceChanges(_ indices: [Int]) -> [PriceChange] {
        var changes: [PriceChange] = []
        var levelStart = 0
        var previousLevel: (amount: Int64, count: Int)?
        for position in 1...indices.count {
            let atEnd = position == indices.count
            if !atEnd, occurrences[indices[position]].amount == occurrences[indices[levelStart]].amount { continue }
            let amount = occurrences[indices[levelStart]].amount
            let count = position - levelStart
            if let old = previousLevel, old.count >= RecurringDetector.settledCount,
                count >= RecurringDetector.settledCount || atEnd
            {
                changes.append(PriceChange(date: occurrences[indices[levelStart]].date, from: old.amount, to: amount))
            }
            previousLevel = (amount, count)
            levelStart = position
        }
        return changes
    }
}
