import Ledger

/// Which dates of a workspace's records are plausible, judged against all of its data and today.
///
/// A typo year (`05/10/2062`, `05/10/2206`), a placeholder (`01/01/1900`, `31/12/9999`) or a
/// statement period ending in 2099 would otherwise choose the month a report is about and make
/// the analysis render every month in between. Two rules, in both directions:
/// - **after today**: a record dated more than `futureDays` after today (the day the import
///   runs, or `CLOSEBOOK_TODAY`) is implausible; banks list pending payments a few days ahead,
///   not years;
/// - **far before the rest**: sort the records of every account by date; where two consecutive
///   dates are more than `isolationDays` apart and the records before that gap are at most one in
///   `isolatedShare` of all of them (or the single earliest), those earlier records are
///   implausible: a placeholder far before the bulk of the data, not its start.
/// Implausible records are skipped with their reason (they stay counted: records = imported +
/// duplicates + skipped). A statement's stated period is checked against its own records and
/// today by `period(_:records:)`.
public struct DatePlausibility: Sendable, Equatable {
    /// Days after today a record may be dated (a pending card payment, a standing order listed ahead).
    public static let futureDays = 7
    /// A gap longer than a year before the rest of the data sets the earliest records apart.
    public static let isolationDays = 366
    /// The records before such a gap are implausible while they are at most one in this many.
    public static let isolatedShare = 50

    /// The day the import runs; nil judges no date against the clock.
    public var today: CivilDate?
    /// Day numbers (`CivilDate.dayNumber`) before this are implausible; nil when none are.
    public var floorDay: Int?

    /// The plausible range of `days` (day numbers of every record of the workspace, any order).
    public init(days: [Int], today: CivilDate?) {
        self.today = today
        let ceiling = today.map { $0.dayNumber + Self.futureDays } ?? .max
        var low = Int.max
        var high = Int.min
        var count = 0
        for day in days where day <= ceiling {
            low = min(low, day)
            high = max(high, day)
            count += 1
        }
        guard count > 1, high - low > Self.isolationDays else { return }
        // The count of records on each day, in day order: an array over the span, or, when the
        // span is centuries (a year 1 against a year 9999), a dictionary of the days there are.
        var daysInOrder: [(day: Int, count: Int)] = []
        if high - low < 400_000 {
            var counts = [Int32](repeating: 0, count: high - low + 1)
            for day in days where day <= ceiling { counts[day - low] += 1 }
            for (offset, count) in counts.enumerated() where count > 0 {
                daysInOrder.append((low + offset, Int(count)))
            }
        } else {
            var counts: [Int: Int] = [:]
            for day in days where day <= ceiling { counts[day, default: 0] += 1 }
            daysInOrder = counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        let limit = max(1, count / Self.isolatedShare)
        var before = 0
        for index in 0..<(daysInOrder.count - 1) {
            before += daysInOrder[index].count
            guard before <= limit else { break }
            if daysInOrder[index + 1].day - daysInOrder[index].day > Self.isolationDays {
                floorDay = daysInOrder[index + 1].day
            }
        }
    }

    /// Why `date` is implausible (a phrase: the caller says what it does), nil when it is plausible.
    public func problem(with date: CivilDate) -> String? {
        let day = date.dayNumber
        if let today, day > today.dayNumber + Self.futureDays {
            return "its date \(date.isoString) is more than \(Self.futureDays) days after today (\(today.isoString)): "
                + "a typo or a placeholder, not a transaction"
        }
        if let floorDay, day < floorDay, let floor = CivilDate(dayNumber: floorDay) {
            return "its date \(date.isoString) is more than a year before the rest of the workspace's data "
                + "(which begins \(floor.isoString)): a typo or a placeholder, not a transaction"
        }
        return nil
    }

    /// A statement's stated period checked against its own records (day numbers) and today: an
    /// end after today (plus `futureDays`) is moved back to today or its last record, whichever
    /// is later; a start or end more than `isolationDays` from its records is moved to its first or
    /// last record; a period with no records left is dropped when it ends after today or begins
    /// before the plausible data. Returns the period to use and, when it changed, why.
    public func period(
        _ stated: ClosedRange<CivilDate>, records: [Int]
    ) -> (period: ClosedRange<CivilDate>?, problem: String?) {
        let shown = "\(stated.lowerBound.isoString) to \(stated.upperBound.isoString)"
        let ceiling = today.map { $0.dayNumber + Self.futureDays }
        guard let first = records.min(), let last = records.max() else {
            if let ceiling, stated.upperBound.dayNumber > ceiling {
                return (
                    nil,
                    "the statement's period (\(shown)) ends after today and it has no transactions; the period is ignored"
                )
            }
            if let floorDay, stated.lowerBound.dayNumber < floorDay - Self.isolationDays {
                return (
                    nil,
                    "the statement's period (\(shown)) begins long before the rest of the data and it has no transactions; the period is ignored"
                )
            }
            return (stated, nil)
        }
        var low = stated.lowerBound.dayNumber
        var high = stated.upperBound.dayNumber
        var reasons: [String] = []
        if let ceiling, let today, high > ceiling {
            high = max(today.dayNumber, last)
            reasons.append("ends after today")
        } else if high - last > Self.isolationDays {
            high = last
            reasons.append("ends more than a year after its last transaction")
        }
        if first - low > Self.isolationDays {
            low = first
            reasons.append("begins more than a year before its first transaction")
        }
        if low > high { low = min(first, high) }
        guard !reasons.isEmpty, let lower = CivilDate(dayNumber: low), let upper = CivilDate(dayNumber: high) else {
            return (stated, nil)
        }
        return (
            lower...upper,
            "the statement's period (\(shown)) \(reasons.joined(separator: " and ")); it is taken to be "
                + "\(lower.isoString) to \(upper.isoString)"
        )
    }
}
