import Ledger

/// Account settings that contradict the statements, said on the month pages they affect.
///
/// - A `valuations.csv` line for an account whose statements are read (a current account, a
///   saver, a card: kinds whose balance the transactions give) replaces that balance from its
///   date: usually a typo of a valued account's id. An investment or other account may have both.
/// - A `closed` date before the account's statements end drops the account from net worth after
///   that day while its later transactions still count: one of the two is wrong.
enum AccountSettingsNotices {
    static func notices(
        for month: YearMonth, accounts: [Account], settings: AnalysisSettings, facts: ImportFacts?
    ) -> [String] {
        guard let facts else { return [] }
        var coverage: [String: ImportFacts.Span] = [:]
        for account in facts.accounts { coverage[account.id] = account.coverage }
        var notices: [String] = []
        for account in accounts {
            guard let span = coverage[account.id.rawValue] else { continue }
            if account.kind != .investment, account.kind != .other,
                let first = settings.valuations.entries[account.id]?.first(where: { !$0.isPositions }),
                first.date.yearMonth <= month
            {
                notices.append(
                    "\(first.source) values \(account.name), an account whose statements are read: from "
                        + "\(first.date.isoString) that value replaces the balance its transactions give. If the line "
                        + "is meant for another account, correct the account's id there.")
            }
            if let closed = settings.accounts[account.id]?.closed, span.to > closed.isoString,
                closed.yearMonth <= month, month.firstDay.isoString <= span.to
            {
                let line = settings.accounts[account.id].map { " (line \($0.line))" } ?? ""
                notices.append(
                    "\(account.name) is closed on \(closed.isoString) in closebook.toml\(line), but its statements go "
                        + "on to \(span.to): net worth leaves it out after the closing day while its later "
                        + "transactions still count. Correct the closing date.")
            }
        }
        return notices
    }
}
