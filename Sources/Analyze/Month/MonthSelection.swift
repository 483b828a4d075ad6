import Ledger

/// Which months a ledger's analysis covers, and which one `--month latest` means.
///
/// The latest complete month is decided from what the statements cover (the import report's
/// coverage per account: OFX `DTSTART`/`DTEND`, a CSV's stated period, else its first and last
/// dates), not from the date of the last transaction: a statement covering all of December whose
/// last transaction is on the 28th covers December. Accounts whose coverage ends more than
/// `staleDays` before the newest coverage end are left out of that decision (a closed or
/// forgotten account must not hold every report back). With no import report, the month of the
/// last transaction counts when that transaction is on its last day, else the month before.
/// When no month is covered completely, the latest month with transactions is chosen and marked
/// partial; a month before the first transaction is never chosen.
public struct MonthSelection: Sendable, Equatable {
    public static let staleDays = 45

    /// The months that get an analysis file, oldest first.
    public var months: [YearMonth]
    /// The month `make report` prints.
    public var selected: YearMonth
    /// The last month the data covers completely, nil when none is.
    public var completeThrough: YearMonth?

    public init(months: [YearMonth], selected: YearMonth, completeThrough: YearMonth?) {
        self.months = months
        self.selected = selected
        self.completeThrough = completeThrough
    }

    public static func choose(
        _ request: ReportMonth, history: LedgerHistory, facts: ImportFacts?
    ) throws(AnalyzeError) -> MonthSelection {
        guard let first = history.firstMonth, let last = history.lastMonth else {
            throw AnalyzeError("the ledger has no transactions, so there is no month to report on")
        }
        let complete = completeThrough(history: history, facts: facts, first: first)
        let selected: YearMonth
        switch request {
        case .month(let month):
            guard month >= first, month <= last else {
                throw AnalyzeError(
                    "there is no data for \(month): the ledger covers \(first) to \(last); "
                        + "choose one of those months, or 'latest'", isUsage: true)
            }
            selected = month
        case .latestComplete:
            selected = complete ?? last
        }
        let end = max(selected, complete ?? first)
        let months = (0...first.months(to: end)).map { first.adding(months: $0) }
        return MonthSelection(months: months, selected: selected, completeThrough: complete)
    }

    static func completeThrough(history: LedgerHistory, facts: ImportFacts?, first: YearMonth) -> YearMonth? {
        var throughDate: CivilDate?
        if let facts {
            let ends = facts.accounts.compactMap { $0.coverage.flatMap { CivilDate(iso: $0.to) } }
            if let newest = ends.max() {
                throughDate = ends.filter { $0.days(to: newest) <= staleDays }.min()
            }
        }
        if throughDate == nil, let last = history.transactions.last?.date {
            throughDate = last
        }
        guard let date = throughDate else { return nil }
        let month = date == date.yearMonth.lastDay ? date.yearMonth : date.yearMonth.adding(months: -1)
        return month >= first ? month : nil
    }
}
