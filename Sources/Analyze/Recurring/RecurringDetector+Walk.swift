import Ledger

/// The walk behind `RecurringDetector`: the candidate runs, their schedules, the gaps between
/// occurrences and the scope one group's occurrences are read through. Kept apart from the rule
/// (RecurringDetector.swift) so each file reads on its own.
extension RecurringDetector {
    /// One candidate run: where it starts, its schedule, and how well it fits.
    struct Run {
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
    struct Schedule {
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
    struct Gaps {
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
    struct Cursor {
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
    struct Scope {
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
                            : PriceChange(
                                date: occurrences[payment].date, from: amount, to: occurrences[payment].amount)
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
                    changes.append(
                        PriceChange(date: occurrences[indices[levelStart]].date, from: old.amount, to: amount))
                }
                previousLevel = (amount, count)
                levelStart = position
            }
            return changes
        }
    }
}
