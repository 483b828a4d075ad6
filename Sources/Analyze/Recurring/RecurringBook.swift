import Ledger

/// The recurring series of every payee group as of every month end.
///
/// Each month sees only the occurrences dated on or before its last day, so a series appears in the
/// month of its third payment (second for yearly), and its status is judged at that month's end.
/// Groups are walked once, month by month, with a pointer into their occurrences. A group whose
/// latest occurrence is more than `horizonDays` before a month end is not asked again (any series it
/// had ended long before), and an ended series is listed for `endedMonthsShown` months after the first
/// payment that did not come, then dropped.
///
/// A book made for some months only (`init(history:detector:analysing:)`) holds the months their
/// analyses read (`monthsRead(analysing:)`) and no others: at a month end one month is analysed of
/// years of them, and asking the detector at every month end of every payee was most of the books'
/// time. Asking it for a month the book does not hold stops the program rather than answer wrongly.
public struct RecurringBook: Sendable {
    public struct Entry: Sendable, Equatable {
        /// The payee group in `LedgerHistory.groups`.
        public var group: Int
        /// The transaction index of the series' latest occurrence.
        public var latest: Int
        public var series: RecurringSeries
    }

    public static let horizonDays = 800
    public static let endedMonthsShown = 6

    /// Per month from the history's first month; empty for a month the book does not hold.
    public let months: [[Entry]]
    /// Per month from the history's first month: whether the book holds it; nil when it holds every month.
    private let held: [Bool]?

    /// The months whose series an analysis of `month` reads: its own; the one the subscription
    /// growth card compares with (`SubscriptionGrowthCard.monthsBack` earlier); and those whose
    /// health scores its score is compared with (`MonthAnalyzer.scoreMonthsBack`).
    public static func monthsRead(analysing month: YearMonth) -> [YearMonth] {
        [
            month, month.adding(months: -SubscriptionGrowthCard.monthsBack),
            month.adding(months: -MonthAnalyzer.scoreMonthsBack.previous),
            month.adding(months: -MonthAnalyzer.scoreMonthsBack.yearAgo),
        ]
    }

    /// The series of every month of `history`; with `analysing`, of the months the analyses of
    /// those months read (`monthsRead(analysing:)`) only, each as a book of every month has it.
    public init(
        history: LedgerHistory, detector: RecurringDetector = RecurringDetector(), analysing: [YearMonth]? = nil
    ) {
        var months = [[Entry]](repeating: [], count: history.monthCount)
        var held: [Bool]?
        if let analysing {
            var wanted = [Bool](repeating: false, count: history.monthCount)
            for month in analysing.flatMap(Self.monthsRead(analysing:)) {
                if let offset = history.offset(of: month) { wanted[offset] = true }
            }
            held = wanted
        }
        self.held = held
        guard let first = history.firstMonth else {
            self.months = months
            return
        }
        let ends = (0..<history.monthCount).map { first.adding(months: $0).lastDay }
        let endDays = ends.map(\.dayNumber)
        for (groupIndex, group) in history.groups.enumerated() where group.transactions.count >= 2 {
            // From the history's group-ordered columns: a group's rows are scattered over the
            // ledger, and reading them by index was a cache miss per occurrence.
            let start = history.groupRowStarts[groupIndex]
            let occurrences = group.transactions.indices.map { position in
                Occurrence(
                    index: group.transactions[position], dayNumber: history.groupDays[start + position],
                    amount: history.groupAmounts[start + position])
            }
            guard let firstDate = occurrences.first?.date else { continue }
            let startMonth = first.months(to: firstDate.yearMonth)
            var seen = 0
            var askedAt = -1
            var hadSeries = false
            for offset in startMonth..<history.monthCount {
                let end = ends[offset]
                let endDay = endDays[offset]
                while seen < occurrences.count, occurrences[seen].dayNumber <= endDay { seen += 1 }
                guard seen >= 2 else { continue }
                if endDay - occurrences[seen - 1].dayNumber > RecurringBook.horizonDays { break }
                if let held, !held[offset] { continue }
                // With no new payment since the last month asked, a group that had no series still
                // has none (only a series' status moves with the date): a month passed over above
                // asks nothing it could have changed.
                if seen == askedAt, !hadSeries { continue }
                askedAt = seen
                let found = detector.detect(occurrences[0..<seen], asOf: end)
                hadSeries = found != nil
                guard let series = found else { continue }
                if series.status == .ended, let missed = series.expectedDate,
                    missed.yearMonth.months(to: end.yearMonth) >= RecurringBook.endedMonthsShown
                {
                    continue
                }
                months[offset].append(Entry(group: groupIndex, latest: group.transactions[seen - 1], series: series))
            }
        }
        self.months = months
    }

    /// The series of `month` (empty outside the data).
    public func entries(for month: YearMonth, in history: LedgerHistory) -> [Entry] {
        guard let offset = history.offset(of: month) else { return [] }
        precondition(held?[offset] ?? true, "the recurring book was not made for \(month)")
        return months[offset]
    }
}
