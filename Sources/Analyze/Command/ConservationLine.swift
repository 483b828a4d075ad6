import Ledger

/// The lines `make report` ends with: every record accounted for, and every account's money.
///
/// `records = imported + duplicates + skipped` comes from the import report's totals; for each
/// account, its opening balance plus every posted transaction the ledger holds from its opening
/// date gives its closing balance at the end of its last month, beside what the statements' balance
/// checks said. A line that does not add up says so.
public enum ConservationLine {
    public static func lines(history: LedgerHistory, facts: ImportFacts?) -> [String] {
        var lines: [String] = []
        if let totals = facts?.totals {
            let sum = totals.imported + totals.duplicates + totals.skipped
            let verdict = sum == totals.records ? "" : "  (does not add up: \(sum))"
            lines.append(
                "records \(totals.records) = imported \(totals.imported) + duplicates \(totals.duplicates) "
                    + "+ skipped \(totals.skipped)\(verdict)")
        }
        // Posted transactions from each account's opening date, as the history summed them.
        var sums: [AccountID: (total: Int128, count: Int, last: CivilDate?)] = [:]
        for (index, account) in history.accounts.enumerated() {
            var entry: (total: Int128, count: Int, last: CivilDate?) = (0, 0, nil)
            for (offset, month) in history.accountMonths[index].enumerated() where month.count > 0 {
                entry.total += month.change
                entry.count += month.count
                entry.last = history.firstMonth?.adding(months: offset).lastDay
            }
            sums[account.id] = entry
        }
        var checks: [String: Set<String>] = [:]
        for file in facts?.files ?? [] {
            for check in file.balanceChecks { checks[check.account, default: []].insert(check.status) }
        }
        for account in history.accounts {
            let entry = sums[account.id] ?? (0, 0, nil)
            guard entry.count > 0 else { continue }
            let currency = account.currency
            let moved = text(entry.total, currency)
            let statements =
                checks[account.id.rawValue].map { " (statement balances: \($0.sorted().joined(separator: ", ")))" }
                ?? ""
            guard let opening = account.openingBalance else {
                lines.append(
                    "\(account.id): \(entry.count) transactions, \(moved) \(currency.code); no opening balance, so no "
                        + "closing balance\(statements)")
                continue
            }
            let closing = Int128(opening.minorUnits) + entry.total
            let on = entry.last.map { " after its transactions up to \($0.yearMonth)" } ?? ""
            lines.append(
                "\(account.id): opening \(opening.decimalString) + \(entry.count) transactions \(moved) = closing "
                    + "\(text(closing, currency)) \(currency.code)\(on)\(statements)")
        }
        return lines
    }

    static func text(_ value: Int128, _ currency: Currency) -> String {
        guard value >= Int128(Int64.min), value <= Int128(Int64.max) else { return "(beyond 64 bits)" }
        return Money(minorUnits: Int64(value), currency: currency).decimalString
    }
}
