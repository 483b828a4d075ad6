import Ledger

/// The days an account's statements cover, merged across files, and the holes between them.
///
/// A statement covers `DTSTART...DTEND` where the file says so, else its first to last record date.
/// A day between the first and last covered day that no file covers is a gap: transactions on it
/// may be missing, so month-end figures that include it are not complete.
struct CoverageMap {
    private var spans: [ClosedRange<CivilDate>] = []

    mutating func add(_ span: ClosedRange<CivilDate>) { spans.append(span) }

    /// The first to the last covered day, nil when nothing was added.
    var extent: ClosedRange<CivilDate>? {
        guard let lower = spans.map(\.lowerBound).min(), let upper = spans.map(\.upperBound).max() else { return nil }
        return lower...upper
    }

    /// The uncovered runs of days between the first and last covered day, in date order.
    var gaps: [ClosedRange<CivilDate>] {
        let sorted = spans.sorted { $0.lowerBound < $1.lowerBound }
        guard var coveredThrough = sorted.first?.upperBound else { return [] }
        var result: [ClosedRange<CivilDate>] = []
        for span in sorted.dropFirst() {
            if span.lowerBound.dayNumber > coveredThrough.dayNumber + 1,
                let from = coveredThrough.adding(days: 1), let to = span.lowerBound.adding(days: -1)
            {
                result.append(from...to)
            }
            if span.upperBound > coveredThrough { coveredThrough = span.upperBound }
        }
        return result
    }
}
