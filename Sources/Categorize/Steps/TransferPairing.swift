import Ledger

/// The step after rules and overrides: pairs the legs of transfers between the user's accounts
/// (declared pairs first, then legs a rule marked and legs nothing categorised) and lists the
/// marked legs left without a partner.
struct TransferPairing {
    /// The matcher's rules: `RowFacts.transferRule` indexes them.
    var rules: [Rule]
    var settings: CategorizeSettings
    /// As `Categorizer.rates`: with them, legs in two currencies pair too.
    var rates: RateTable?
    /// As `Categorizer.valuedAccounts`.
    var valuedAccounts: Set<AccountID>

    /// Transfers: legs a rule marked, and legs nothing categorised.
    func pair(_ rows: inout LedgerRows, facts: RowFacts, report: inout CategorizeReport) {
        let declared = DeclaredTransferPairs(declared: settings.transferPairs).pair(&rows, report: &report)
        var legs: [TransferPairer.LegFacts] = []
        // At most one per row: reserved rather than grown (pages never reached cost no memory).
        legs.reserveCapacity(rows.count)
        for index in 0..<rows.count where !rows.isIgnored[index] {
            let marked = rows.isTransfer[index]
            let eligible = marked || rows.category[index] < 0
            guard eligible, rows.peer[index] == -1 else { continue }
            legs.append(
                TransferPairer.LegFacts(
                    index: index, day: rows.date[index].dayNumber, account: rows.account[index],
                    currency: Int32(rows.currency[index]), minorUnits: rows.minorUnits[index], marked: marked))
        }
        var pairs = TransferPairer(windowDays: settings.transferWindowDays).pair(legs) { lhs, rhs in
            rows.idPrecedes(legs[lhs].index, legs[rhs].index)
        }
        if let rates {
            var paired = Set<Int>()
            for (out, incoming) in pairs {
                paired.insert(out)
                paired.insert(incoming)
            }
            let left = legs.filter { !paired.contains($0.index) }
            pairs += CrossCurrencyPairer(windowDays: settings.transferWindowDays, rates: rates).pair(
                left, currencies: rows.currencies
            ) { lhs, rhs in rows.idPrecedes(left[lhs].index, left[rhs].index) }
        }
        let transfer = rows.sourceNumber(.transfer)
        pairs += declared
        for (out, incoming) in pairs {
            rows.isTransfer[out] = true
            rows.peer[out] = Int32(incoming)
            rows.source[out] = transfer
            rows.isTransfer[incoming] = true
            rows.peer[incoming] = Int32(out)
            rows.source[incoming] = transfer
        }
        report.transferPairs = pairs.count
        // A leg marked `transfer pension` is whole when the pension has no rows (the leg is the
        // only one), or when it is the pension's own row (a contribution its provider lists,
        // whose other side is the employer's payroll, not one of the user's accounts).
        let valuedWithoutRows = valuedAccountsWithoutRows(rows)
        for index in 0..<rows.count where rows.isTransfer[index] && rows.peer[index] == -1 {
            let rule = facts.transferRule[index]
            if rule >= 0, !valuedAccounts.isEmpty,
                rules[Int(rule)].actions.contains(where: {
                    guard case .transferWith(let account) = $0, valuedAccounts.contains(account) else { return false }
                    return valuedWithoutRows.contains(account) || rows.accountID(index) == account
                })
            {
                continue
            }
            let amount = rows.amount(index)
            report.unpairedTransfers.append(
                CategorizeReport.UnpairedLeg(
                    id: rows.id(index).rawValue, date: rows.date[index].isoString,
                    account: rows.accountID(index).rawValue, amount: amount.decimalString,
                    currency: amount.currency.code,
                    rule: rule >= 0
                        ? rules[Int(rule)].id.description : (facts.ruleMarked[index] ? "rule" : nil))
            )
        }
    }

    /// `valuedAccounts` that have no rows in the journal: their transfers have one leg only.
    private func valuedAccountsWithoutRows(_ rows: LedgerRows) -> Set<AccountID> {
        guard !valuedAccounts.isEmpty else { return [] }
        var hasRows = [Bool](repeating: false, count: rows.accounts.count)
        for account in rows.account { hasRows[Int(account)] = true }
        var result = valuedAccounts
        for (number, account) in rows.accounts.enumerated() where hasRows[number] { result.remove(account) }
        return result
    }
}
