import AnalysisFile
import Ledger

/// What a month page says about its close, in sentences for the month's notices: a restatement
/// (what changed, by how much per category and account, and its causes) and a refused change to a
/// locked month (and how to record it).
enum CloseNotices {
    static func sentences(month: YearMonth, record: CloseRecord?, outcome: MonthClose.Outcome) -> [String] {
        var sentences: [String] = []
        if case .refused(let changes) = outcome, let latest = record?.versions.last {
            sentences.append(
                "\(month.displayName) is closed and locked, but what it says now differs from version "
                    + "\(latest.version) of its close: \(describe(changes, naming: false)). closed/\(month).json is unchanged; to "
                    + "record the change, run make report REOPEN=\(month) REASON=\"…\".")
        }
        if let record, record.versions.count > 1, let latest = record.versions.last,
            let previous = record.versions.dropLast().last
        {
            let how = latest.kind == "reopened" ? "reopened and restated" : "restated"
            var sentence =
                "\(month.displayName) was \(how) on \(day(latest.recordedAt)) (version \(latest.version); version "
                + "\(previous.version) is of \(day(previous.recordedAt)))"
            if let changes = latest.changes { sentence += ": " + describe(changes, naming: false) }
            let figures = differences(previous.figures, latest.figures)
            if !figures.isEmpty { sentence += "; " + figures.joined(separator: ", ") }
            if latest.kind == "reopened", let reason = latest.reason { sentence += ". Reason given: \(reason)" }
            sentences.append(sentence + ". Every version is kept in closed/\(month).json.")
        }
        return sentences
    }

    /// `1 transaction added (2026-10-14 HARBOR CAFE -4.50 GBP); caused by inbox/late.csv is new`.
    /// `naming`: list up to three of the transactions by date, payee and amount (the page's close
    /// banner does; the notices do not, so a redacted copy has no payee to hide in them).
    static func describe(_ changes: CloseChanges, naming: Bool = true) -> String {
        var parts: [String] = []
        if let summary = changes.summary {
            var text = summary
            func by(_ cause: String?) -> String { cause.map { ", by \($0)" } ?? "" }
            let named =
                changes.added.prefix(3).map {
                    "\($0.date) \($0.payee) \($0.amount) \($0.currency)\($0.source.map { " from \($0)" } ?? "")"
                }
                + changes.recategorised.prefix(3).map { "\($0.payee): \($0.before) → \($0.after)\(by($0.cause))" }
                + changes.amountChanged.prefix(3).map { "\($0.payee): \($0.before) → \($0.after)\(by($0.cause))" }
            if naming, !named.isEmpty { text += " (" + named.joined(separator: "; ") + ")" }
            parts.append(text)
        } else {
            parts.append("no transaction changed, but its figures did (an exchange rate or a valuation)")
        }
        parts.append(
            changes.causes.isEmpty
                ? "no input file changed (a change in Closebook itself)"
                : "caused by " + changes.causes.joined(separator: ", "))
        return parts.joined(separator: "; ")
    }

    /// `expenses 3120.00 → 3176.50 GBP`, `Food:Groceries 420.00 → 476.50`, `balance of card …`.
    static func differences(_ old: CloseFigures, _ new: CloseFigures) -> [String] {
        var lines: [String] = []
        for (name, before, after) in [
            ("income", old.income, new.income), ("expenses", old.expenses, new.expenses), ("net", old.net, new.net),
        ] where before != after {
            lines.append("\(name) \(before) → \(after) \(new.currency)")
        }
        for category in Set(old.categories.keys).union(new.categories.keys).sorted() {
            let before = old.categories[category] ?? "0.00"
            let after = new.categories[category] ?? "0.00"
            if before != after { lines.append("\(category) \(before) → \(after)") }
        }
        for account in Set(old.balances.keys).union(new.balances.keys).sorted() {
            let before = old.balances[account] ?? "—"
            let after = new.balances[account] ?? "—"
            if before != after { lines.append("the closing balance of \(account) \(before) → \(after)") }
        }
        return lines
    }

    /// `2026-11-27` of `2026-11-27T10:00:00Z`.
    static func day(_ timestamp: String) -> String { String(timestamp.prefix(10)) }

    /// The month's close for its page, index row and feed entry; nil while never closed.
    static func status(record: CloseRecord?, outcome: MonthClose.Outcome) -> CloseStatus? {
        guard let record, let first = record.versions.first, let latest = record.versions.last else { return nil }
        if case .refused(let changes) = outcome {
            return CloseStatus(
                state: "locked", version: latest.version, closedOn: day(first.recordedAt),
                recordedOn: day(latest.recordedAt), changes: describe(changes))
        }
        return CloseStatus(
            state: latest.kind, version: latest.version, closedOn: day(first.recordedAt),
            recordedOn: day(latest.recordedAt), changes: latest.changes.map { describe($0) })
    }
}
