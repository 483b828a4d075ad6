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
///
/// Every month from the first transaction to the last (or to the selected month, if later) gets an
/// analysis: a month that is not complete is still reported, marked partial, never dropped from
/// the site. (The months used to end at the latest complete one, so one new account whose
/// statements ended on 12 October took October and every later month off the site.) `reason`
/// says, when `latest` picks an earlier month than the newest with data, which account's
/// statements held it back.
public struct MonthSelection: Sendable, Equatable {
    public static let staleDays = 45

    /// The months that get an analysis file, oldest first.
    public var months: [YearMonth]
    /// The month `make report` prints.
    public var selected: YearMonth
    /// The last month the data covers completely, nil when none is.
    public var completeThrough: YearMonth?
    /// Why `latest` is not the newest month with data, in a sentence for the terminal.
    public var reason: String?

    public init(months: [YearMonth], selected: YearMonth, completeThrough: YearMonth?, reason: String? = nil) {
        self.months = months
        self.selected = selected
        self.completeThrough = completeThrough
        self.reason = reason
    }

    public static func choose(
        _ request: ReportMonth, history: LedgerHistory, facts: ImportFacts?
    ) throws(AnalyzeError) -> MonthSelection {
        guard let first = history.firstMonth, let last = history.lastMonth else {
            throw AnalyzeError("the ledger has no transactions, so there is no month to report on")
        }
        let (complete, limit) = completeThrough(history: history, facts: facts, first: first)
        let selected: YearMonth
        var reason: String?
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
            if selected < last {
                let next = selected.adding(months: 1)
                let because =
                    limit.map { "\($0.name)'s statements end on \(MonthSelection.dayText($0.end))" }
                    ?? "its last transaction is on \(MonthSelection.dayText(history.transactions.last!.date))"
                reason =
                    "\(next.displayName) is not complete: \(because); reporting \(selected.displayName). "
                    + "MONTH=\(next) reports it anyway."
            }
        }
        let end = max(selected, complete ?? first, last)
        let months = (0...first.months(to: end)).map { first.adding(months: $0) }
        return MonthSelection(months: months, selected: selected, completeThrough: complete, reason: reason)
    }

    /// The latest complete month, and the account whose statements end first among those that
    /// decide it (nil without an import report).
    static func completeThrough(
        history: LedgerHistory, facts: ImportFacts?, first: YearMonth
    ) -> (YearMonth?, (name: String, end: CivilDate)?) {
        var throughDate: CivilDate?
        var limit: (name: String, end: CivilDate)?
        if let facts {
            let ends = facts.accounts.compactMap { account in
                account.coverage.flatMap { CivilDate(iso: $0.to) }.map { (name: account.name, end: $0) }
            }
            if let newest = ends.map(\.end).max() {
                limit = ends.filter { $0.end.days(to: newest) <= staleDays }.min { $0.end < $1.end }
                throughDate = limit?.end
            }
        }
        if throughDate == nil, let last = history.transactions.last?.date {
            throughDate = last
        }
        guard let date = throughDate else { return (nil, nil) }
        let month = ReportMonth.latestComplete(lastDate: date)
        return (month >= first ? month : nil, limit)
    }

    /// `12 October 2026`.
    static func dayText(_ date: CivilDate) -> String {
        "\(date.day) \(YearMonth.monthNames[date.month - 1]) \(date.year)"
    }
}
